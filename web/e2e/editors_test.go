package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestPasteDocsExample empties both editors, pastes the docs' example and
// reads the verdicts: the pod tolerates both key1 taints and not key2, so it
// cannot schedule; the same pod already running on node1 stays, because key2
// is only NoSchedule (the docs' "continue running" case).
func TestPasteDocsExample(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", "")
	p.paste("pods", "")
	p.waitText(".js-results-summary", "Add a node and a pod")

	p.paste("nodes", docsNodes)
	p.paste("pods", docsPods)
	p.waitText(".js-verdict", "Cannot schedule: taint key2=value2:NoSchedule is not tolerated")
	p.waitFor(`document.querySelectorAll('.js-taint-row').length === 3`)
	want := [][]string{
		{"key1=value1", "NoSchedule", "Tolerated by toleration 1 (line 7)"},
		{"key1=value1", "NoExecute", "Tolerated by toleration 2 (line 11)"},
		{"key2=value2", "NoSchedule", "Not tolerated"},
	}
	if diff := cmp.Diff(want, p.taintRows()); diff != "" {
		t.Errorf("per-taint table (-want +got):\n%s", diff)
	}
	if reason := p.text(".js-card-why"); !strings.Contains(reason, `"key2"`) {
		t.Errorf("the card's why line %q does not name the key", reason)
	}

	// Pointing at a row highlights the taint's lines and the tolerations' lines.
	p.Do(chromedp.Focus(chromedp.CSS(".js-taint-row:nth-child(2)")))
	if diff := cmp.Diff([]string{"10", "11", "12"}, p.lines("nodes", "line--linked")); diff != "" {
		t.Errorf("lines linked in Nodes for key1=value1:NoExecute (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"11", "12", "13", "14"}, p.lines("pods", "line--linked")); diff != "" {
		t.Errorf("lines linked in Pods for key1=value1:NoExecute (-want +got):\n%s", diff)
	}

	// The same pod, already running on node1 when the taints appear, stays.
	p.paste("pods", strings.Replace(docsPods, "spec:\n", "spec:\n  nodeName: node1\n", 1))
	running := p.waitText(".js-verdict", "Running here")
	if !strings.Contains(running, "Stays forever") {
		t.Errorf("running verdict = %q; want it to stay forever", running)
	}
	if got := p.text(".verdict--secondary"); !strings.Contains(got, "Cannot schedule") {
		t.Errorf("a new pod like this one: %q; want it blocked", got)
	}
	p.finish("docs-example")
}

// taintRows reads, for each row of the per-taint table, the taint, its
// effect and whether it is tolerated (the reasons below are left out).
func (p *playground) taintRows() [][]string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[[][]string](`[...document.querySelectorAll('.js-taint-row')].map((row) =>
		[row.cells[0], row.cells[1], row.querySelector('.js-taint-verdict')].map((el) => el.innerText.trim().split(/\s+/).join(' ')))`))
}

// TestTypoMarksItsLine deletes one letter of an effect: the error marker sits
// on that line, the card says the API server would reject the node (the
// other taints are still evaluated, as read), and fixing the typo clears it.
func TestTypoMarksItsLine(t *testing.T) {
	p := open(t, "/")
	p.keys("nodes", kb.End, chromedp.ModifierCtrl) // after the last line break, on line 16
	p.keys("nodes", kb.ArrowUp+kb.End+kb.Backspace)
	if got := p.value("nodes"); !strings.HasSuffix(got, "effect: NoSchedul\n") {
		t.Fatalf("the Nodes editor ends with %q", got[len(got)-30:])
	}
	p.waitFor(`document.querySelector('[data-editor=nodes] [data-line="15"].line--error')`)
	if diff := cmp.Diff([]string{"15"}, p.lines("nodes", "line--error")); diff != "" {
		t.Errorf("error markers (-want +got):\n%s", diff)
	}
	if got := p.text("#nodes-diagnostics"); !strings.Contains(got, "Line 15") || !strings.Contains(got, `"NoSchedul"`) {
		t.Errorf("the Nodes diagnostics say %q; want line 15 and the bad effect", got)
	}
	// The API server would reject the node; as read, its two key1 taints
	// are still evaluated and tolerated.
	p.waitText(".js-verdict", `The API server would reject this node: metadata.taints[2].effect: Unsupported value: "NoSchedul"`)
	p.waitText(".verdict--secondary", "Schedules")
	p.Screenshot("typo-marker")

	p.Do(chromedp.SendKeys(chromedp.CSS(editorSelector("nodes")), "e"))
	p.waitText(".js-verdict", "Cannot schedule: taint key2=value2:NoSchedule")
	p.waitFor(`!document.querySelector('[data-editor=nodes] .line--error')`)
	if got := p.text("#nodes-diagnostics"); got != "" {
		t.Errorf("diagnostics left after fixing the typo: %q", got)
	}
	p.finish("")
}

// TestReloadKeepsText types, reloads at once and finds the text still there.
func TestReloadKeepsText(t *testing.T) {
	p := open(t, "/")
	p.typeAtEnd("pods", "# kept across a reload\n")
	typed := p.value("pods")
	p.Do(chromedp.Reload())
	p.waitFirstVerdict()
	if got := p.value("pods"); got != typed {
		t.Errorf("after reload the Pods editor holds %q; want %q", got, typed)
	}
	p.finish("")
}

// TestLongTextTurnsLarge pastes over 5,000 lines: the editor turns to its
// large-document mode (a window of the lines in the textarea, no colours)
// and says so, the verdicts still come, a problem's "Line N" button selects
// its line and marks it, and pasting a short text turns the mode off again.
func TestLongTextTurnsLarge(t *testing.T) {
	p := open(t, "/")
	names := make([]string, 1100) // 5 lines each
	for i := range names {
		names[i] = fmt.Sprintf("node-%04d", i)
	}
	nodes := nodesNamed(names...) + "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: broken\nspec:\n  taints:\n  - key: gpu\n    effect: NoSchedul\n"
	p.paste("nodes", nodes)
	p.waitFor(`document.querySelector('[data-editor=nodes]').classList.contains('editor--large')`)
	p.waitText(".js-results-summary", "1101 nodes")
	badLine := strings.Count(nodes, "\n")
	p.click("#nodes-diagnostics .js-diagnostic")
	selected := browsertest.Run(p.Page, chromedp.Evaluate[string](`(() => { const t = document.querySelector('#nodes-input'); return t.value.slice(t.selectionStart, t.selectionEnd); })()`))
	if selected != "    effect: NoSchedul" {
		t.Errorf("the diagnostic's button selected %q; want line %d", selected, badLine)
	}
	if got := p.text("#nodes-diagnostics"); !strings.Contains(got, fmt.Sprintf("Line %d", badLine)) {
		t.Errorf("diagnostics %q do not name line %d", got, badLine)
	}
	if got := p.lines("nodes", "line--error"); !slices.Contains(got, fmt.Sprint(badLine)) {
		t.Errorf("lines marked as errors %v; want line %d", got, badLine)
	}
	if got := p.text("[data-editor=nodes] .editor-large-note"); !strings.Contains(got, "Large document") {
		t.Errorf("the note under the editor says %q; want it to say the editor is in large-document mode", got)
	}

	p.paste("nodes", docsNodes)
	p.waitFor(`!document.querySelector('[data-editor=nodes]').classList.contains('editor--large') && document.querySelectorAll('[data-editor=nodes] .js-editor-layer [data-line]').length === 16`)
	p.finish("")
}

// TestDiagnosticSaysItsLineOnce: an unknown field on line 7 is listed under
// the Pods editor as "Line 7 Error: unknown field …", the line said once by
// its button, not again by the message ("Line 7 Error: line 7: …"). In the
// full page, the docs embed and on a phone, light and dark.
func TestDiagnosticSaysItsLineOnce(t *testing.T) {
	eachView(t, func(t *testing.T, p *playground, view pageView) {
		p.paste("pods", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers: []\n  tolerationz: []\n")
		item := p.waitText("#pods-diagnostics li", `unknown field "spec.tolerationz"`)
		if !strings.HasPrefix(item, "Line 7 Error: unknown field") {
			t.Errorf("the diagnostic reads %q; want it to start %q", item, "Line 7 Error: unknown field")
		}
		if n := strings.Count(strings.ToLower(item), "line 7"); n != 1 {
			t.Errorf("the diagnostic %q says its line %d times; want once", item, n)
		}
		p.finish("")
	})
}
