package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
	"github.com/taint-playground/taint-playground/wasm/yamlfmt"
)

// messyPods is the docs' pod indented every which way, with a comment.
const messyPods = `apiVersion: v1
kind: Pod
metadata:
      name: nginx   # the docs' pod
spec:
   tolerations:
   -   key: "key1"
       operator: "Equal"
       value: "value1"
       effect: "NoSchedule"
   - key: "key1"
     operator: "Equal"
     value: "value1"
     effect: "NoExecute"
   containers:
   - name: nginx
     image: nginx
`

// formattedPods is messyPods as Format lays it out: two spaces a level, the comment and quotes kept.
const formattedPods = `apiVersion: v1
kind: Pod
metadata:
  name: nginx # the docs' pod
spec:
  tolerations:
    - key: "key1"
      operator: "Equal"
      value: "value1"
      effect: "NoSchedule"
    - key: "key1"
      operator: "Equal"
      value: "value1"
      effect: "NoExecute"
  containers:
    - name: nginx
      image: nginx
`

// TestFormatPods formats a messy pod with the editor's Format button: the
// text is re-indented, the verdicts stay the same, and Ctrl+Z brings the
// messy text back; Shift+Alt+F formats it again.
func TestFormatPods(t *testing.T) {
	p := open(t, "/")
	p.waitFirstVerdict()
	p.paste("pods", messyPods)
	p.waitText(".js-verdict", "Cannot schedule: taint key2=value2:NoSchedule is not tolerated")
	p.waitFor(`!document.querySelector('.js-results [aria-busy]')`)
	verdicts := p.texts(".js-verdict")
	rows := p.taintRows()
	// Format changes the text, so the page evaluates it again and draws a new
	// card with the same lines: the old card is marked, so that the rows are
	// read from the new one once it is explained.
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`document.querySelector('.js-results .card').dataset.beforeFormat = 'yes'`))

	p.click("[data-editor=pods] .js-format")
	p.waitPods(formattedPods)
	p.waitText("[data-editor=pods] .js-format-status", "Formatted.")
	p.waitFor(`(() => { const card = document.querySelector('.js-results .card');
		return card && !card.dataset.beforeFormat && !document.querySelector('.js-results [aria-busy]') &&
			document.querySelectorAll('.js-taint-row').length === 3; })()`)
	p.waitText(".js-taint-row:nth-child(1)", "(line 7)")
	if diff := cmp.Diff(verdicts, p.texts(".js-verdict")); diff != "" {
		t.Errorf("verdicts after Format (-before +after):\n%s", diff)
	}
	// The rows name the tolerations' lines, which have not moved in this layout.
	if diff := cmp.Diff(rows, p.taintRows()); diff != "" {
		t.Errorf("per-taint rows after Format (-before +after):\n%s", diff)
	}

	p.keys("pods", "z", chromedp.ModifierCtrl)
	p.waitPods(messyPods)
	p.keys("pods", "f", chromedp.ModifierShift, chromedp.ModifierAlt)
	p.waitPods(formattedPods)
	p.waitText("[data-editor=pods] .js-format-status", "Formatted.")
	p.click("[data-editor=pods] .js-format")
	p.waitText("[data-editor=pods] .js-format-status", "Already formatted")
	p.finish("format-pods")
}

// TestFormatBrokenYAML asks to format YAML that does not parse: the message
// names the line, its button goes there, and the text stays as it was.
func TestFormatBrokenYAML(t *testing.T) {
	p := open(t, "/")
	p.waitFirstVerdict()
	broken := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n    labels: x\n"
	p.paste("pods", broken)
	p.click("[data-editor=pods] .js-format")
	status := p.waitText("[data-editor=pods] .js-format-status", "Not formatted, the text is unchanged: line 5: mapping values are not allowed in this context.")
	if !strings.Contains(status, "Go to line 5") {
		t.Errorf("the message %q has no button to line 5", status)
	}
	if got := p.value("pods"); got != broken {
		t.Errorf("the Pods editor holds %q after a failed Format; want the text unchanged", got)
	}
	p.clickButton("Go to line 5")
	p.waitFor(`(() => { const ta = document.querySelector('#pods-input'); return document.activeElement === ta && ta.value.slice(ta.selectionStart, ta.selectionEnd) === '    labels: x'; })()`)
	p.finish("")
}

// findState is what the find bar and the Nodes editor show: the count, the
// textarea's selection, whether the find bar keeps the focus, and whether the
// match's line is in view and marked (the textarea hides its selection
// while the find bar has the focus).
type findState struct {
	Count     string `json:"count"`
	Selected  string `json:"selected"`
	Focused   bool   `json:"focused"`
	LineShown bool   `json:"lineShown"`
	Marked    bool   `json:"marked"`
}

// findStateJS reads findState; %d is the line the match should be on (from 1).
const findStateJS = `(() => {
  const editor = document.querySelector('[data-editor=nodes]');
  const ta = editor.querySelector('.js-editor-input');
  const scroller = editor.querySelector('.js-editor-scroll').getBoundingClientRect();
  const span = editor.querySelector('.js-editor-layer [data-line="%d"]');
  const line = span && span.getBoundingClientRect();
  return {
    count: editor.querySelector('.js-find-count').textContent,
    selected: ta.value.slice(ta.selectionStart, ta.selectionEnd),
    focused: document.activeElement === editor.querySelector('.js-find-input'),
    lineShown: !!line && line.top >= scroller.top && line.bottom <= scroller.bottom,
    marked: !!span && span.classList.contains('line--found'),
  };
})()`

// occurrenceLine is the line (from 1) of the nth (from 1) occurrence of word in text.
func occurrenceLine(t *testing.T, text, word string, nth int) int {
	t.Helper()
	at := 0
	for range nth {
		i := strings.Index(text[at:], word)
		if i < 0 {
			t.Fatalf("%q occurs fewer than %d times", word, nth)
		}
		at += i + len(word)
	}
	return strings.Count(text[:at], "\n") + 1
}

// TestFindInLargeDocument finds in a document of many thousand lines, whose
// textarea holds only a window of them: a name far outside the window is
// found and selected, every match of a word is counted, Enter and
// Shift+Enter move between them, and Escape returns to the editor with the
// match selected.
func TestFindInLargeDocument(t *testing.T) {
	nodes, count := bigNodes(400_000)
	if lines := strings.Count(nodes, "\n") + 1; lines <= 5000 {
		t.Fatalf("the document has %d lines; the test needs more than 5,000", lines)
	}
	far := count - 3
	p := open(t, "/")
	p.waitFirstVerdict()
	p.paste("nodes", nodes)
	p.waitLarge("nodes")
	p.keys("nodes", kb.Home, chromedp.ModifierCtrl)

	p.keys("nodes", "f", chromedp.ModifierCtrl)
	p.waitFor(`document.activeElement === document.querySelector('[data-editor=nodes] .js-find-input')`)
	name := fmt.Sprintf("node-%05d", far)
	p.Do(chromedp.SendKeys(chromedp.CSS("[data-editor=nodes] .js-find-input"), name))
	p.waitFindState(findState{Count: "1 of 1", Selected: name, Focused: true, LineShown: true, Marked: true}, occurrenceLine(t, nodes, name, 1))

	p.Do(chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.SendKeys(chromedp.CSS("[data-editor=nodes] .js-find-input"), "DEDICATED"))
	// The first match at or after the last one: node far's taint.
	p.waitFindState(findState{Count: fmt.Sprintf("%d of %d", far+1, count), Selected: "dedicated", Focused: true, LineShown: true, Marked: true}, occurrenceLine(t, nodes, "dedicated", far+1))
	p.press(kb.Enter)
	p.waitFindState(findState{Count: fmt.Sprintf("%d of %d", far+2, count), Selected: "dedicated", Focused: true, LineShown: true, Marked: true}, occurrenceLine(t, nodes, "dedicated", far+2))
	p.Do(chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierShift)))
	p.waitFindState(findState{Count: fmt.Sprintf("%d of %d", far+1, count), Selected: "dedicated", Focused: true, LineShown: true, Marked: true}, occurrenceLine(t, nodes, "dedicated", far+1))

	p.press(kb.Escape)
	p.waitFor(`document.querySelector('[data-editor=nodes] .js-find-bar').hidden && document.activeElement === document.querySelector('#nodes-input')`)
	if got := browsertest.Run(p.Page, chromedp.Evaluate[string](`(() => { const ta = document.querySelector('#nodes-input'); return ta.value.slice(ta.selectionStart, ta.selectionEnd); })()`)); got != "dedicated" {
		t.Errorf("after Escape the editor's selection is %q; want the match", got)
	}
	p.finish("")
}

// waitFindState waits until the find bar and the editor show want, the match on line.
func (p *playground) waitFindState(want findState, line int) {
	p.t.Helper()
	state := fmt.Sprintf(findStateJS, line)
	wanted, err := json.Marshal(want)
	if err != nil {
		p.t.Fatal(err)
	}
	if _, err := chromedp.Run(p.Ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`JSON.stringify(%s) === %q`, state, wanted))); err != nil {
		got := browsertest.Run(p.Page, chromedp.Evaluate[findState](state))
		p.t.Fatalf("find shows %+v; want %+v (line %d): %v", got, want, line, err)
	}
}

// TestFindInSmallDocument finds in a few lines, which the textarea holds
// whole, with the mouse: the Find button opens the bar, typing counts every
// match (case ignored), the bar's Next and Previous buttons move between the
// matches and wrap around at the ends, and Close hides the bar with the
// match selected in the editor.
func TestFindInSmallDocument(t *testing.T) {
	const word = "ready"
	p := open(t, "/")
	p.paste("nodes", whatIfNodes)
	p.waitText(".js-results-summary", "3 nodes")
	lower := strings.ToLower(whatIfNodes)
	total := strings.Count(lower, word)
	if total < 3 {
		t.Fatalf("%q occurs %d times; the test needs 3 or more", word, total)
	}
	selected := whatIfNodes[strings.Index(lower, word):][:len(word)]
	findButton := func(label string) string {
		return fmt.Sprintf(`[...document.querySelectorAll('[data-editor=nodes] .js-find-bar button')].find((b) => b.textContent === %q)`, label)
	}
	state := func(nth int, focused bool) findState {
		return findState{Count: fmt.Sprintf("%d of %d", nth, total), Selected: selected, Focused: focused, LineShown: true, Marked: true}
	}

	p.keys("nodes", kb.Home, chromedp.ModifierCtrl)
	p.click("[data-editor=nodes] .js-find-open")
	p.waitFor(`document.activeElement === document.querySelector('[data-editor=nodes] .js-find-input')`)
	p.Do(chromedp.SendKeys(chromedp.CSS("[data-editor=nodes] .js-find-input"), word))
	p.waitFindState(state(1, true), occurrenceLine(t, lower, word, 1))

	p.clickElement(findButton("Next"))
	p.waitFindState(state(2, false), occurrenceLine(t, lower, word, 2))
	p.clickElement(findButton("Previous"))
	p.waitFindState(state(1, false), occurrenceLine(t, lower, word, 1))
	p.clickElement(findButton("Previous"))
	p.waitFindState(state(total, false), occurrenceLine(t, lower, word, total))
	p.clickElement(findButton("Next"))
	p.waitFindState(state(1, false), occurrenceLine(t, lower, word, 1))
	p.Screenshot("find-small")

	p.clickElement(findButton("Close"))
	p.waitFor(`document.querySelector('[data-editor=nodes] .js-find-bar').hidden && document.activeElement === document.querySelector('#nodes-input')`)
	if got := browsertest.Run(p.Page, chromedp.Evaluate[string](`(() => { const ta = document.querySelector('#nodes-input'); return ta.value.slice(ta.selectionStart, ta.selectionEnd); })()`)); got != selected {
		t.Errorf("after Close the editor's selection is %q; want the match %q", got, selected)
	}
	p.finish("")
}

// TestFormatLargeDocument formats a pod list of thousands of lines, which
// the editor holds in its large-document mode, with the Format button: the
// whole text becomes the engine's formatting of it (yamlfmt, run here), and
// the Undo button, which a large document needs since its textarea holds
// only the lines in view, brings the whole text back.
func TestFormatLargeDocument(t *testing.T) {
	var docs []string
	for i := range 320 {
		docs = append(docs, strings.Replace(messyPods, "name: nginx", fmt.Sprintf("name: nginx-%d", i), 1))
	}
	messy := strings.Join(docs, "---\n")
	want, err := yamlfmt.Format(messy)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(messy, "\n"); lines <= 5000 || want == messy {
		t.Fatalf("the document has %d lines and formats to itself: %v; the test needs more than 5,000 lines to change", lines, want == messy)
	}
	p := open(t, "/")
	p.paste("pods", messy)
	p.waitLarge("pods")
	p.waitText(".js-results-summary", "320 pods")

	p.click("[data-editor=pods] .js-format")
	p.waitText("[data-editor=pods] .js-format-status", "Formatted.")
	p.checkCopied("pods", want)
	p.waitText(".js-results-summary", "320 pods")

	p.click("[data-editor=pods] .js-format-undo")
	p.waitText("[data-editor=pods] .js-format-status", "The text is back as it was before Format.")
	p.checkCopied("pods", messy)
	p.finish("")
}

// TestFormatJSON formats a pod list pasted as compact JSON, one line: it is
// indented as the engine indents it (run here), two spaces a level, still
// JSON; the Undo button brings the one line back.
func TestFormatJSON(t *testing.T) {
	const compact = `{"apiVersion":"v1","kind":"PodList","items":[{"apiVersion":"v1","kind":"Pod","metadata":{"name":"json-web"},"spec":{"tolerations":[{"key":"key1","operator":"Exists","effect":"NoSchedule"}],"containers":[{"name":"web","image":"nginx"}]}}]}` + "\n"
	want, err := yamlfmt.Format(compact)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid([]byte(want)) || !strings.HasPrefix(want, "{\n  \"apiVersion\": \"v1\",\n") {
		t.Fatalf("the engine formats the JSON as\n%s", want)
	}
	p := open(t, "/")
	p.paste("pods", compact)
	p.waitText(".js-results-body", "json-web")
	verdicts := p.texts(".js-verdict")

	p.click("[data-editor=pods] .js-format")
	p.waitPods(want)
	p.waitText("[data-editor=pods] .js-format-status", "Formatted.")
	if diff := cmp.Diff(verdicts, p.texts(".js-verdict")); diff != "" {
		t.Errorf("verdicts after Format (-before +after):\n%s", diff)
	}
	p.Screenshot("format-json")
	p.click("[data-editor=pods] .js-format-undo")
	p.waitPods(compact)
	p.finish("")
}
