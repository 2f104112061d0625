package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// oneLineObjects is count nodes or pods, one flow-style YAML document each.
func oneLineObjects(kind string, count int) string {
	var b strings.Builder
	for i := range count {
		if kind == "Node" {
			fmt.Fprintf(&b, "---\n{kind: Node, metadata: {name: node-%d}, spec: {taints: [{key: k%d, effect: NoSchedule}]}}\n", i, i%3)
		} else {
			fmt.Fprintf(&b, "---\n{kind: Pod, metadata: {name: pod-%d}, spec: {containers: [{name: c, image: i}], tolerations: [{key: k%d, operator: Exists, effect: NoSchedule}]}}\n", i, i%2)
		}
	}
	return b.String()
}

// docsExample is the gallery's docs-three-taints scenario: node1 with the
// docs' three taints, running-app bound to it, and new-app.
func docsExample(t *testing.T) (nodes, pods string) {
	t.Helper()
	docs, err := examples.Find("docs-three-taints")
	if err != nil {
		t.Fatal(err)
	}
	return docs.Nodes, docs.Pods
}

// engineState is what the page's engine says of itself: the bytes of the
// WASM's memory after its last answer, and how many times its worker was
// replaced.
type engineState struct {
	Memory   int64
	Restarts int
}

func (p *playground) engineState() engineState {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[engineState](
		`Promise.resolve(taintPlaygroundBridge).then(({ engine }) => ({ memory: engine.memory, restarts: engine.restarts }))`,
		chromedp.EvalAwaitPromise))
}

// TestWorkspaceOverTheLimit pastes 2,000 nodes and 2,000 pods, a 15 KB
// share link's worth that once grew the WASM to 4 GB and wedged the page:
// the page names the limit and what to do, the WASM stays small, and the
// docs example pasted next gets its verdicts.
func TestWorkspaceOverTheLimit(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", oneLineObjects("Node", 2000))
	p.waitText(".js-results-summary", "2000 nodes")
	p.paste("pods", oneLineObjects("Pod", 2000))
	p.waitText(".js-results-summary", "2000 pods × 2000 nodes make 4,000,000 pairs: too many to evaluate.")
	limit := p.waitText(".js-general-diagnostics", "more than the 1,000,000 one evaluation covers")
	for _, want := range []string{"Remove or filter pods or nodes", "what-if panel"} {
		if !strings.Contains(limit, want) {
			t.Errorf("the limit's message %q does not say %q", limit, want)
		}
	}
	if got := p.count(".matrix-cell, .card"); got != 0 {
		t.Errorf("%d verdicts are shown over the limit", got)
	}
	// Evaluating the two editors' objects costs their decoding, not 4,000,000
	// cells: the 4 GB this took before is far beyond 256 MiB.
	if state := p.engineState(); state.Memory > 256<<20 {
		t.Errorf("the WASM holds %d bytes after the workspace over the limit", state.Memory)
	}
	p.Screenshot("over-the-limit")

	nodes, pods := docsExample(t)
	p.paste("nodes", nodes)
	p.paste("pods", pods)
	p.waitText(".js-results-summary", "2 pods × 1 node")
	p.waitText(".js-verdict", "Running here")
	if state := p.engineState(); state.Restarts != 0 {
		t.Errorf("the worker was restarted %d times", state.Restarts)
	}
	p.finish("")
}

// symbol is the matrix's symbol for a cell, as verdict.js chooses it.
func symbol(report *engine.Report, cell engine.Cell) string {
	switch {
	case len(report.Pods[cell.Pod].Rejected) > 0 || len(report.Nodes[cell.Node].Rejected) > 0:
		return "⊘"
	case cell.Running && cell.Eviction != nil:
		switch cell.Eviction.Kind {
		case tainteviction.EvictNow:
			return "✕"
		case tainteviction.EvictAfter:
			return "◔"
		default:
			return "●"
		}
	case !cell.Fits:
		return "✕"
	case cell.Taints == engine.TaintsPreferAvoid:
		return "↓"
	default:
		return "✓"
	}
}

// matrixPage is the pod and node names and the symbols of the matrix's page on screen.
type matrixPage struct {
	Pods    []string
	Nodes   []string
	Symbols [][]string
}

func (p *playground) matrixPage() matrixPage {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[matrixPage](`(() => {
  const table = document.querySelector('.matrix');
  return {
    pods: [...table.querySelectorAll('tbody th')].map((th) => th.textContent),
    nodes: [...table.querySelectorAll('thead th')].map((th) => th.textContent),
    symbols: [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('.matrix-cell')].map((td) => td.textContent)),
  };
})()`))
}

// checkMatrixPage compares the page on screen with the engine's own
// verdicts for the window that starts at pod and node.
func (p *playground) checkMatrixPage(w *engine.Workspace, pod, node int) {
	p.t.Helper()
	report := w.Evaluate()
	window, cells := w.Cells(engine.Window{Pod: pod, Node: node, Pods: 50, Nodes: 40})
	got := p.matrixPage()
	if len(got.Pods) == 0 || got.Pods[0] != w.Pods[pod].Name || got.Nodes[0] != w.Nodes[node].Name {
		p.t.Fatalf("the matrix starts at pod %v and node %v; want %s and %s", got.Pods[:1], got.Nodes[:1], w.Pods[pod].Name, w.Nodes[node].Name)
	}
	rows, columns := min(50, len(w.Pods)-pod), min(40, len(w.Nodes)-node)
	if len(got.Pods) != rows || len(got.Nodes) != columns {
		p.t.Fatalf("the matrix shows %d pods × %d nodes; want %d × %d", len(got.Pods), len(got.Nodes), rows, columns)
	}
	differ := 0
	for r := range rows {
		for c := range columns {
			cell := cells[(pod+r-window.Pod)*window.Nodes+node+c-window.Node]
			if want := symbol(report, cell); got.Symbols[r][c] != want {
				if differ++; differ <= 5 {
					p.t.Errorf("pod %s on node %s shows %s; the engine says %s", w.Pods[cell.Pod].Name, w.Nodes[cell.Node].Name, got.Symbols[r][c], want)
				}
			}
		}
	}
}

// TestWindowedWorkspace pastes 300 nodes and 1,000 pods, 300,000 pairs:
// more than the report carries cell by cell, within the limit. The summary's
// counts are the engine's own, run natively on the same text, the answer
// stays small, and each page of the matrix the person moves to shows the
// engine's verdicts for its pairs.
func TestWindowedWorkspace(t *testing.T) {
	nodesText, podsText := bench.Workspace(300, 1000, 7)
	w := engine.Load(nodesText, podsText, core.DefaultOptions())
	counts := w.Evaluate().Counts
	if counts.Running == 0 || counts.Fits == 0 || counts.Fits == counts.Pairs {
		t.Fatalf("the workspace should mix verdicts: %+v", counts)
	}
	p := open(t, "/")
	p.paste("nodes", nodesText)
	p.paste("pods", podsText)
	want := fmt.Sprintf("1000 pods × 300 nodes: %d of 300000 pairs can schedule, %d running.", counts.Fits, counts.Running)
	p.waitText(".js-results-summary", want)
	p.waitText(".pager-range", "Pods 1–50 of 1000")
	p.checkMatrixPage(w, 0, 0)

	p.clickButton("Next pods ▸")
	p.waitText("[data-pager=pods] .pager-range", "Pods 51–100 of 1000")
	p.clickButton("Next nodes ▸")
	p.waitText("[data-pager=nodes] .pager-range", "Nodes 41–80 of 300")
	p.checkMatrixPage(w, 50, 40)

	// A card opened on this page is the engine's cell.
	p.click(".matrix-cell")
	p.waitText(".cards .card-title", w.Pods[50].Name+" on "+w.Nodes[40].Name)
	p.waitText(".cards .card-detail", w.Pods[50].Name)

	// Editing the text evaluates again on the page in view.
	p.typeAtEnd("pods", "\n")
	p.waitText("[data-pager=pods] .pager-range", "Pods 51–100 of 1000")
	p.checkMatrixPage(w, 50, 40)
	if state := p.engineState(); state.Memory > 256<<20 {
		t.Errorf("the WASM holds %d bytes for 300,000 pairs", state.Memory)
	}
	p.Screenshot("windowed-matrix")

	// The presenter steps through every pair: the last is on no page the
	// report holds, and comes from the engine.
	p.click(".js-present")
	p.waitPresenterVerdict()
	p.press(kb.End)
	p.waitText(".js-presenter", "Pair 300000 of 300000")
	p.waitText(".presenter-title", "Pod "+w.Pods[999].Name+" on node "+w.Nodes[299].Name)
	_, last := w.Cells(engine.Window{Pod: 999, Node: 299, Pods: 1, Nodes: 1})
	tones := map[string]string{"✓": "ok", "↓": "avoid", "✕": "blocked", "●": "ok", "◔": "evict", "⊘": "rejected"}
	wantTone := tones[symbol(w.Evaluate(), last[0])]
	p.waitFor(fmt.Sprintf(`document.querySelector('.js-presenter-verdict').dataset.tone === %q`, wantTone))
	p.finish("")
}

// rejectedPods are two pods: the first tolerates key2:NoSchedule with the
// operator written op.
func rejectedPods(op string) string {
	return `apiVersion: v1
kind: Pod
metadata:
  name: typo
spec:
  tolerations:
  - key: key2
    operator: ` + op + `
    effect: NoSchedule
  containers:
  - name: c
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: plain
spec:
  containers:
  - name: c
    image: nginx
`
}

// contrastOnJS is the WCAG 2 contrast ratio of the element's text colour on
// the background of the closest element that has one.
const contrastOnJS = `((el) => {
  const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let bg = el;
  while (bg && getComputedStyle(bg).backgroundColor.replace(/\s/g, '').match(/rgba\(.*,0\)$|transparent/)) bg = bg.parentElement;
  const a = lum(getComputedStyle(el).color);
  const b = lum(getComputedStyle(bg || document.body).backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
})`

// TestRejectedPodThroughPage makes the typo "Exits" in a toleration's
// operator by deleting one letter, as a person slips: the summary, the
// pod's every matrix cell and its card say the API server would reject it,
// in the apiserver's words, readable in light and dark, with nothing of it
// green; typing the letter back gives the verdicts back.
func TestRejectedPodThroughPage(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", "kubectl taint nodes node1 key1=value1:NoSchedule\nkubectl taint nodes node2 key2=value2:NoSchedule\n"+
		"kubectl taint nodes node3 key3=v:PreferNoSchedule\nkubectl taint nodes node4 key4=v:PreferNoSchedule\n")
	p.paste("pods", rejectedPods("Exists"))
	p.waitText(".js-results-summary", "2 pods × 4 nodes: 5 of 8 pairs can schedule.")

	// The caret after "Exis", then Backspace: "Exists" becomes "Exits".
	caret := strings.Index(rejectedPods("Exists"), "Exis") + len("Exis")
	setCaret := func(at int) {
		browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`(() => { const input = document.querySelector('#pods-input'); input.focus(); input.setSelectionRange(%d, %d); })()`, at, at)))
	}
	setCaret(caret)
	p.Do(chromedp.KeyEvent(kb.Backspace))
	p.waitText(".js-results-summary", "2 pods × 4 nodes: 2 of 8 pairs can schedule; 4 pairs with a pod or node the API server would reject.")
	if got := p.value("pods"); got != rejectedPods("Exits") {
		t.Fatalf("the Pods editor holds %q", got)
	}
	if symbols := p.matrixPage().Symbols; strings.Join(symbols[0], "") != "⊘⊘⊘⊘" || strings.Contains(strings.Join(symbols[1], ""), "⊘") {
		t.Errorf("the matrix shows %v; want ⊘ on every node of the typo's row only", symbols)
	}
	p.click(".matrix-cell[data-cell='1']")
	want := `The API server would reject this pod: spec.tolerations[0].operator: Unsupported value: "Exits": supported values: "Equal", "Exists"`
	p.waitText(".cards .js-rejected", want)
	if green := p.count(".cards .verdict[data-tone=ok]"); green != 0 {
		t.Errorf("the rejected pod's card has %d green verdicts", green)
	}
	for _, scheme := range []string{"light", "dark"} {
		if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		}); err != nil {
			t.Fatal(err)
		}
		for _, selector := range []string{".cards .js-rejected", ".matrix-cell.tone--rejected", ".cards .verdict--secondary"} {
			ratio := browsertest.Run(p.Page, chromedp.Evaluate[float64](contrastOnJS+fmt.Sprintf(`(document.querySelector(%q))`, selector)))
			if ratio < 4.5 {
				t.Errorf("%s: %s has a contrast of %.2f:1; want at least 4.5:1", scheme, selector, ratio)
			}
		}
		p.Screenshot("rejected-pod-" + scheme)
	}

	setCaret(caret - 1) // after "Exi" of "Exits"
	p.Do(chromedp.KeyEvent("s"))
	p.waitText(".js-results-summary", "2 pods × 4 nodes: 5 of 8 pairs can schedule.")
	if got := p.count(".js-rejected, .tone--rejected.matrix-cell"); got != 0 {
		t.Errorf("%d rejected marks stay after the fix", got)
	}
	p.finish("")
}

// TestStaleVerdictsDuringYAMLError types a YAML syntax error into the docs
// example's pods: the verdicts stay on screen, marked as from before the
// error on its line, and a card still explains; deleting the error updates
// them and the mark goes.
func TestStaleVerdictsDuringYAMLError(t *testing.T) {
	p := open(t, "/")
	nodes, pods := docsExample(t)
	p.paste("nodes", nodes)
	p.paste("pods", pods)
	p.waitText(".js-results-summary", "2 pods × 1 node: 0 of 2 pairs can schedule, 1 running.")
	verdicts := p.texts(".js-verdict")

	p.typeAtEnd("pods", "\nmetadata: {name: [")
	line := strings.Count(p.value("pods"), "\n") + 1
	p.waitText(".js-results-stale", fmt.Sprintf("These verdicts are from before the YAML error on line %d of Pods; fix it to update.", line))
	if got := p.texts(".js-verdict"); strings.Join(got, "|") != strings.Join(verdicts, "|") {
		t.Errorf("during the error the verdicts are %q; want those from before it, %q", got, verdicts)
	}
	if got := p.summary(); got != "2 pods × 1 node: 0 of 2 pairs can schedule, 1 running." {
		t.Errorf("during the error the summary says %q", got)
	}
	// The cards on screen still explain: the engine has their workspace.
	p.waitText(".card-detail", "Each taint of node1 against the tolerations of running-app")
	p.Screenshot("stale-verdicts")

	p.keys("pods", kb.End, chromedp.ModifierCtrl)
	for range len("\nmetadata: {name: [") {
		p.keys("pods", kb.Backspace)
	}
	p.waitFor(`document.querySelector('.js-results-stale').hidden`)
	p.typeAtEnd("pods", "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: third}\nspec: {containers: [{name: c, image: i}]}\n")
	p.waitText(".js-results-summary", "3 pods × 1 node")
	p.finish("")
}

// TestWorkerRestart runs the page on a WASM built with the faultinjection
// tag, whose evaluate ends the Go program, as running out of memory would,
// on api.ForcedExit. The person types that text: the page says the engine
// stopped and was restarted, tries the text once more, and stops trying
// while the text is the same; the next text is evaluated by the new worker.
func TestWorkerRestart(t *testing.T) {
	p := openSite(t, browsertest.ServeTagged(t, "faultinjection"), "/")
	p.paste("nodes", api.ForcedExit)
	p.waitText(".js-notice-text", "The engine stopped again (the Go program exited) and was restarted. Edit the text to evaluate it again.")
	if state := p.engineState(); state.Restarts != 2 {
		t.Errorf("the worker was restarted %d times; want 2: once for the text, once for trying it again", state.Restarts)
	}
	if got := p.value("nodes"); got != api.ForcedExit {
		t.Errorf("after the restart the Nodes editor holds %q; want the text typed", got)
	}
	nodes, pods := docsExample(t)
	p.paste("nodes", nodes)
	p.paste("pods", pods)
	p.waitText(".js-results-summary", "2 pods × 1 node")
	p.waitText(".js-verdict", "Running here")
	p.finish("")
}

// TestUnreadableAnswers gives the bridge's parser the answers a failing
// worker may post: each is an error for its call, never a throw.
func TestUnreadableAnswers(t *testing.T) {
	p := open(t, "/")
	got := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`Promise.resolve(taintPlaygroundBridge).then(({ parseAnswer, MAX_ANSWER_LENGTH }) =>
  [undefined, '', '{"ok": tr', 'null', ' '.repeat(MAX_ANSWER_LENGTH + 1), '{"ok":true,"value":1}'].map((json) => {
    const envelope = parseAnswer(json);
    return envelope.ok ? 'ok ' + envelope.value : envelope.error.message.replace(/\d{6,}/g, 'N');
  }))`, chromedp.EvalAwaitPromise))
	want := []string{
		"the engine gave an empty answer",
		"the engine gave an empty answer",
		"the engine's answer cannot be read: ",
		"the engine gave an answer that is not an envelope",
		"the engine's answer is N characters, more than the N the page reads",
		"ok 1",
	}
	for i := range want {
		if i >= len(got) || !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("answer %d: %q; want %q", i, got, want[i])
		}
	}
	p.finish("")
}
