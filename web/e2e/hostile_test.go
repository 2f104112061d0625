package e2e

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/internal/browsertest"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// tripwire is the global every payload of the injection corpus sets when its
// markup or script runs.
const tripwire = "window.__pwned"

// payloads is the injection corpus: markup that runs script if the page ever
// parses user text as HTML, a closing tag that escapes the editors, an
// attribute breakout, and a javascript: URL. Each sets the tripwire.
var payloads = []string{
	`<img src=x onerror="` + tripwire + `=1">`,
	`</textarea><script>` + tripwire + `=1</script>`,
	`"><svg onload="` + tripwire + `=1">`,
	`' onmouseover='` + tripwire + `=1' x='`,
	`javascript:` + tripwire + `=1`,
}

// longPayload is a 100 KB line that starts with markup.
var longPayload = payloads[0] + strings.Repeat("A", 100<<10)

// yamlString quotes s as a YAML double-quoted scalar, escaping only the
// double quotes and backslashes (so the editor holds the markup itself).
func yamlString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// literal is s as it is: the form user text takes in block scalars, names and cards.
func literal(s string) string { return s }

// hostileNode is a node named name whose labels, annotations, taint key and
// taint value all carry payload; its second taint's effect is the payload, so
// the engine's error message echoes it. Its "long" annotation is long.
func hostileNode(name, payload, long string) string {
	q := yamlString(payload)
	return fmt.Sprintf(`apiVersion: v1
kind: Node
metadata:
  name: %s
  labels:
    %s: %s
  annotations:
    note: |-
      %s
    long: |-
      %s
spec:
  taints:
  - key: %s
    value: %s
    effect: NoSchedule
  - key: gpu
    effect: %s
`, yamlString(name), q, q, payload, long, q, q, q)
}

// hostilePod is a pod named name, bound to node, tolerating a taint whose key
// and value are payload.
func hostilePod(name, node, payload string) string {
	q := yamlString(payload)
	return fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata:
  name: %s
  annotations:
    note: |-
      %s
spec:
  nodeName: %s
  tolerations:
  - key: %s
    operator: Equal
    value: %s
    effect: NoExecute
  containers:
  - name: app
    image: %s
`, yamlString(name), payload, yamlString(node), q, q, q)
}

// hostileNodes are a node per payload, the first with the 100 KB line: the
// text stays under the size the editors highlight.
func hostileNodes() string {
	return hostileDocuments(func(i int, payload string) string {
		if i == 0 {
			return hostileNode(payload, payload, longPayload)
		}
		return hostileNode(payload, payload, "short")
	})
}

// hostileDocuments joins one document per payload.
func hostileDocuments(document func(i int, payload string) string) string {
	docs := make([]string, len(payloads))
	for i, payload := range payloads {
		docs[i] = document(i, payload)
	}
	return strings.Join(docs, "---\n")
}

// waitHighlighted waits until the editor's layer holds the highlighter's
// coloured lines, the markup that enters the page through innerHTML.
func (p *playground) waitHighlighted(editor string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`document.querySelector('[data-editor=%s] .js-editor-layer [data-line] span')`, editor))
}

// checkShownAsText fails unless nothing ran (checkNothingRan) and every
// payload, written in form, is somewhere in the text of the elements the
// selector finds.
func (p *playground) checkShownAsText(selector string, form func(string) string) {
	p.t.Helper()
	p.checkNothingRan()
	text := browsertest.Run(p.Page, chromedp.Evaluate[string](fmt.Sprintf(
		`[...document.querySelectorAll(%q)].map((el) => el.textContent).join('\n')`, selector)))
	for _, payload := range payloads {
		if !strings.Contains(text, form(payload)) {
			p.t.Errorf("%s does not show %s as text", selector, form(payload))
		}
	}
}

// checkNothingRan fails if the tripwire is set or an element the corpus could
// have made exists. The timeline's chart is SVG the page draws itself, with
// x attributes of its own: inside it, any element but the few it draws
// (a tspan marks a hidden character in a name, see timeline-svg.js) counts.
func (p *playground) checkNothingRan() {
	p.t.Helper()
	if pwned := browsertest.Run(p.Page, chromedp.Evaluate[bool](`typeof `+tripwire+` !== 'undefined'`)); pwned {
		p.t.Fatal("a payload ran: the tripwire is set")
	}
	injected := browsertest.Run(p.Page, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('[onerror], [onload], [onmouseover], [x]:not(.js-timeline-svg, .js-timeline-svg *), [href^="javascript:"], img[src="x"], .js-results svg, .js-editor script, .js-timeline-chart :not(svg, g, line, path, rect, text, title, tspan.invisible-char)')].map((el) => el.outerHTML.slice(0, 80))`))
	if len(injected) > 0 {
		p.t.Errorf("elements made from payloads: %q", injected)
	}
}

// pointAtEverything hovers and focuses every taint row, opens every
// disclosure and hovers every card and countdown entry, so that each
// rendering path of the results runs on the payloads.
func (p *playground) pointAtEverything() {
	p.t.Helper()
	p.waitFor(`document.querySelectorAll('.card-detail[aria-busy]').length === 0`)
	rows := browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelectorAll('.js-taint-row').length`))
	for i := range rows {
		row := fmt.Sprintf(`document.querySelectorAll('.js-taint-row')[%d]`, i)
		p.hover(row)
		p.Do(chromedp.Focus(chromedp.JSPath(row)))
	}
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`for (const d of document.querySelectorAll('details')) d.open = true`))
	for _, selector := range []string{".card-title", ".countdown-node-title", "#nodes-diagnostics li", "#pods-diagnostics li"} {
		if browsertest.Run(p.Page, chromedp.Evaluate[bool](fmt.Sprintf(`!!document.querySelector(%q)`, selector))) {
			p.hover(fmt.Sprintf(`document.querySelector(%q)`, selector))
		}
	}
}

// hover scrolls the element the expression gives into view and moves the
// mouse onto its centre, as a person pointing at it.
func (p *playground) hover(element string) {
	p.t.Helper()
	centre := browsertest.Run(p.Page, chromedp.Evaluate[[]float64](`(() => { const el = `+element+
		`; el.scrollIntoView({block: 'center'}); const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`))
	p.Do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, centre[0], centre[1]))
}

// TestInjectionCorpus pastes HTML and script payloads into node and pod
// names, labels, annotations, taint keys and values, an effect the engine
// rejects (so its message echoes the payload) and a kubectl taint line: the
// cards, diagnostics, countdown and the editors' highlight layers show them
// as text, nothing runs, and the CSP reports nothing.
func TestInjectionCorpus(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", hostileNodes())
	p.paste("pods", hostilePod(payloads[0], payloads[0], payloads[1]))
	p.waitText(".js-results-summary", "1 pod × 5 nodes")
	p.waitFor(fmt.Sprintf(`[...document.querySelectorAll('.card-pod')].filter((el) => el.textContent === %s).length === 5`, strconv.Quote(payloads[0])))
	p.pointAtEverything()
	p.checkShownAsText(".card-title", literal)
	p.checkShownAsText("#nodes-diagnostics", strconv.Quote) // the engine quotes a bad key with %q
	p.waitHighlighted("nodes")
	p.checkShownAsText("[data-editor=nodes] .js-editor-layer", literal)
	if title := p.text(".card-title"); !strings.Contains(title, payloads[0]) {
		t.Errorf("the first card's title is %q; want the literal %q", title, payloads[0])
	}

	// Five pods on five nodes make a matrix; opening a cell draws its card.
	p.paste("pods", hostileDocuments(func(i int, payload string) string { return hostilePod(payload, payloads[i], payload) }))
	p.waitText(".js-results-summary", "5 pods × 5 nodes")
	cells := browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelectorAll('.matrix-cell').length`))
	for i := 1; i <= cells; i += 6 { // the diagonal: each pod on its own node
		p.Do(chromedp.Click(chromedp.JSPath(fmt.Sprintf(`document.querySelectorAll('.matrix-cell')[%d]`, i-1))))
		p.waitFor(`document.querySelector('.card') && !document.querySelector('.card-detail[aria-busy]')`)
		p.pointAtEverything()
	}
	p.checkShownAsText(".js-results", literal)
	p.checkShownAsText(".js-countdown", literal)
	p.waitHighlighted("pods")
	p.checkShownAsText("[data-editor=pods] .js-editor-layer", literal)

	// A kubectl taint line echoes its bad taint, shell-quoted here, in the error.
	p.Do(chromedp.SendKeys(chromedp.CSS(".js-taint-line"), "kubectl taint nodes nowhere '"+payloads[0]+"':NoSchedule"+kb.Enter))
	if got := p.waitText(".js-taint-error", "error: "); !strings.Contains(got, payloads[0]) {
		t.Errorf("the taint line's error %q does not echo %q", got, payloads[0])
	}
	p.checkShownAsText("body", literal) // the corpus is still all shown, and nothing ran
	p.finish("injection-corpus")
}

// TestInjectionShareLink opens a crafted share link with payloads in every
// field it carries: the editors' text, the Kubernetes version and the clock
// events' nodes and taints. All of it is shown as text.
func TestInjectionShareLink(t *testing.T) {
	var events []map[string]any
	for _, payload := range payloads {
		events = append(events, map[string]any{
			"at": 0, "kind": "addTaint", "node": payload,
			"taint": map[string]any{"key": payload, "value": payload, "effect": "NoExecute"},
		})
	}
	state, err := json.Marshal(map[string]any{
		"v":          1,
		"nodes":      hostileNodes(),
		"pods":       hostilePod(payloads[2], payloads[2], payloads[3]),
		"kubernetes": strings.Join(payloads, " "),
		"clock":      map[string]any{"at": 0, "speed": 1, "events": events},
	})
	if err != nil {
		t.Fatal(err)
	}
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(site.URL + "/#s=" + deflated(string(state)))
	p.waitFirstVerdict()
	p.waitText(".js-notice", "This link was made when the page reproduced Kubernetes")
	p.waitFor(`document.querySelectorAll('.js-clock-events li').length === 5`)
	p.pointAtEverything()
	p.checkShownAsText(".js-notice", literal)
	p.checkShownAsText(".js-clock-events", literal)
	p.checkShownAsText(".card-title", literal)
	p.waitHighlighted("nodes")
	p.checkShownAsText("[data-editor=nodes] .js-editor-layer", literal)
	p.finish("injection-share-link")
}

// TestEngineSurvivesFailedCalls makes calls that fail inside the worker's
// WASM through the page's own engine: an argument JSON.stringify throws on
// (a cycle, a BigInt), which the bridge meets inside Go, an index out of
// range, and a function the bridge lacks. Each comes back as an error, and
// the page's next evaluation still works.
func TestEngineSurvivesFailedCalls(t *testing.T) {
	tests := []struct {
		name string
		call string // an expression on engine, the page's Engine
		want string // in "EngineError: message [field]"
	}{
		{name: "cyclic argument", call: `(() => { const arg = {}; arg.self = arg; return engine.call('evaluate', arg); })()`, want: "evaluate: the argument cannot be read as JSON"},
		{name: "BigInt argument", call: `engine.call('highlight', { text: 1n })`, want: "highlight: the argument cannot be read as JSON"},
		{name: "pod out of range", call: `engine.call('explain', { pod: 99, node: 0 })`, want: "[pod]"}, // the field the Go session names
		{name: "unknown function", call: `engine.call('exit', {})`, want: "unknown function exit"},
	}
	p := open(t, "/")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := browsertest.Run(p.Page, chromedp.Evaluate[string](`Promise.resolve(taintPlaygroundBridge).then(({ engine }) => `+tc.call+
				`.then((value) => 'answered ' + JSON.stringify(value), (error) => error.name + ': ' + error.message + ' [' + error.field + ']'))`, chromedp.EvalAwaitPromise))
			if !strings.HasPrefix(got, "EngineError: ") || !strings.Contains(got, tc.want) {
				t.Errorf("the call ended with %q; want an EngineError saying %q", got, tc.want)
			}
		})
	}
	p.paste("pods", strings.Replace(docsPods, "spec:\n", "spec:\n  nodeName: node1\n", 1))
	p.waitText(".js-verdict", "Running here")
	p.finish("")
}

// TestInternalFailureThroughPage runs the page on a WASM built with the
// faultinjection tag, whose evaluate panics on api.ForcedFailure as a bug in
// the engine would. The person types that text: the page says the engine
// failed, keeps the text in the editor, and the next evaluation works.
func TestInternalFailureThroughPage(t *testing.T) {
	p := openSite(t, browsertest.ServeTagged(t, "faultinjection"), "/")
	p.paste("nodes", api.ForcedFailure)
	p.waitText(".js-results-summary", "The engine could not evaluate this input: evaluate: internal error: runtime error: index out of range")
	if got := p.value("nodes"); got != api.ForcedFailure {
		t.Errorf("after the failure the Nodes editor holds %q; want the text typed", got)
	}
	p.paste("nodes", docsNodes)
	p.paste("pods", strings.Replace(docsPods, "spec:\n", "spec:\n  nodeName: node1\n", 1))
	p.waitText(".js-verdict", "Running here")
	p.finish("")
}
