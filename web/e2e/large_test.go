package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// bigNode is a node as `kubectl get node -o yaml` shows one in a large
// cluster: labels, long annotations, a status with images, and one taint.
func bigNode(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "apiVersion: v1\nkind: Node\nmetadata:\n  name: node-%05d\n  labels:\n", i)
	for l := range 12 {
		fmt.Fprintf(&b, "    example.com/label-%02d: value-%05d\n", l, i)
	}
	b.WriteString("  annotations:\n")
	for a := range 6 {
		fmt.Fprintf(&b, "    example.com/annotation-%d: %s\n", a, strings.Repeat("0123456789abcdef", 20))
	}
	b.WriteString("spec:\n  taints:\n  - key: dedicated\n    value: batch\n    effect: NoSchedule\nstatus:\n  images:\n")
	for m := range 40 {
		fmt.Fprintf(&b, "  - names:\n    - registry.example.com/team/image-%02d@sha256:%s\n    sizeBytes: %d\n", m, strings.Repeat("ab", 32), 1000000+m)
	}
	return b.String()
}

// bigNodes is at least size bytes of bigNode documents and how many there are.
func bigNodes(size int) (text string, count int) {
	var nodes []string
	total := 0
	for total < size {
		nodes = append(nodes, bigNode(len(nodes)))
		total += len(nodes[len(nodes)-1]) + len("---\n")
	}
	return strings.Join(nodes, "---\n"), len(nodes)
}

// keystrokePause is the time between two keys of a person typing fast.
const keystrokePause = 120 * time.Millisecond

// typeSlowly types text into the focused element key by key, as a person does.
func (p *playground) typeSlowly(text string) {
	p.t.Helper()
	for _, r := range text {
		p.Do(chromedp.KeyEvent(string(r)), chromedp.Sleep(keystrokePause))
	}
}

// copied is what Ctrl+A and Ctrl+C in an editor put on the clipboard: its
// length and SHA-256, so that megabytes need not cross to the test.
func (p *playground) copied(editor string) (length int, sum string) {
	p.t.Helper()
	p.allowClipboard()
	p.keys(editor, "a", chromedp.ModifierCtrl)
	return p.copiedSelection()
}

// copiedSelection is what Ctrl+C puts on the clipboard, as copied gives it.
func (p *playground) copiedSelection() (length int, sum string) {
	p.t.Helper()
	p.allowClipboard()
	p.editCommand("c", "KeyC", 67, "copy")
	got := browsertest.Run(p.Page, chromedp.Evaluate[struct {
		Length int
		Sum    string
	}](`(async () => {
  const text = await navigator.clipboard.readText();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return { length: text.length, sum: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('') };
})()`, chromedp.EvalAwaitPromise))
	return got.Length, got.Sum
}

// checkCopied checks that the editor holds want, by what a copy of it all gives.
func (p *playground) checkCopied(editor, want string) {
	p.t.Helper()
	sum := sha256.Sum256([]byte(want))
	length, got := p.copied(editor)
	if length != len(want) || got != hex.EncodeToString(sum[:]) {
		p.t.Errorf("a copy of the %s editor gives %d characters, SHA-256 %s; want %d, %x", editor, length, got, len(want), sum)
	}
}

// scrollToLine scrolls the editor so that a line is in the middle, as
// dragging its scrollbar does.
func (p *playground) scrollToLine(editor string, line int) {
	p.t.Helper()
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
  const scroller = document.querySelector('[data-editor=%s] .js-editor-scroll');
  const lineHeight = parseFloat(getComputedStyle(document.querySelector(%q)).lineHeight);
  scroller.scrollTop = %d * lineHeight - scroller.clientHeight / 2;
})()`, editor, editorSelector(editor), line-1)))
}

// clickLineEnd scrolls the editor to a line and clicks right of the line's
// text, which puts the caret at its end.
func (p *playground) clickLineEnd(editor string, line int) {
	p.t.Helper()
	p.scrollToLine(editor, line)
	scroller := fmt.Sprintf(`document.querySelector('[data-editor=%s] .js-editor-scroll')`, editor)
	span := fmt.Sprintf(`document.querySelector('[data-editor=%s] .js-editor-layer [data-line="%d"]')`, editor, line)
	p.waitFor(span)
	point := browsertest.Run(p.Page, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
  const line = %s.getBoundingClientRect();
  const box = %s.getBoundingClientRect();
  return [box.right - 24, line.top + line.height / 2];
})()`, span, scroller)))
	p.Do(chromedp.MouseClickXY(point[0], point[1]))
}

// lineOf is the number (from 1) of the first line of text that is want,
// after the given line.
func lineOf(text, want string, after int) int {
	for i, line := range strings.Split(text, "\n") {
		if i+1 > after && line == want {
			return i + 1
		}
	}
	return 0
}

// TestBigPasteStaysResponsive pastes 5 MB of nodes and types in them as a
// person does, at the middle (a typo in a taint's effect, far down), the
// start and the end: the editor lays out only its window each time
// (checkEditorWindow), the typo's error marker sits on its line of the whole
// text and moves down when a line is typed above it, a copy of the whole
// text is exactly what was pasted and typed, and pointing at a verdict's
// taint row scrolls back to its lines. 5 MB is beyond what a share link
// holds: the page says so.
func TestBigPasteStaysResponsive(t *testing.T) {
	p := open(t, "/")
	text, count := bigNodes(5 << 20)
	summary := fmt.Sprintf("%d nodes", count)
	// The text reaches the clipboard through DevTools, 5 MB of script the
	// page's thread parses: that is the test's work, so it is not traced.
	p.copy(text)
	trace := p.traceMainThread()
	p.keys("nodes", "a", chromedp.ModifierCtrl)
	p.editCommand("v", "KeyV", 86, "paste")
	p.waitText(".js-results-summary", summary)
	p.waitFor(`document.querySelector('[data-editor=nodes]').classList.contains('editor--large')`)
	trace.log("5 MB paste and its evaluation")
	p.checkEditorWindow("5 MB paste and its evaluation", "nodes")

	typo := lineOf(text, "    effect: NoSchedule", strings.Count(text, "\n")/2)
	trace = p.traceMainThread()
	p.clickLineEnd("nodes", typo)
	p.typeSlowly("Xyz")
	p.waitText("#nodes-diagnostics", fmt.Sprintf("Line %d", typo))
	p.waitText("#nodes-diagnostics", "NoScheduleXyz")
	if got := p.lines("nodes", "line--error"); !slices.Contains(got, fmt.Sprint(typo)) {
		t.Errorf("lines marked as errors %v; want line %d", got, typo)
	}
	trace.log("scrolling to the middle and typing there")
	p.checkEditorWindow("scrolling to the middle and typing there", "nodes")

	trace = p.traceMainThread()
	p.keys("nodes", kb.Home, chromedp.ModifierCtrl)
	p.typeSlowly("# start\n")
	p.waitText("#nodes-diagnostics", fmt.Sprintf("Line %d", typo+1))
	trace.log("typing at the start")
	p.checkEditorWindow("typing at the start", "nodes")

	trace = p.traceMainThread()
	p.keys("nodes", kb.End, chromedp.ModifierCtrl)
	p.typeSlowly("# end\n")
	p.waitText(".js-results-summary", summary)
	trace.log("typing at the end")
	p.checkEditorWindow("typing at the end", "nodes")

	lines := strings.Split(text, "\n")
	lines[typo-1] += "Xyz"
	p.checkCopied("nodes", "# start\n"+strings.Join(lines, "\n")+"# end\n")

	// Pointing at a verdict's taint row brings the window back to the first
	// node's taint, four lines from the end of the document, and marks it.
	taint := lineOf(text, "  - key: dedicated", 0) + 1 // below "# start"
	p.click(".matrix-cell")
	// The row is focused as it is found, in one evaluation: a row found first
	// and focused by a second call can be drawn again in between (under load
	// chromedp then lost its node).
	p.waitFor(`(() => { const row = document.querySelector('.js-taint-row'); row?.focus(); return !!row && document.activeElement === row; })()`)
	want := []string{fmt.Sprint(taint), fmt.Sprint(taint + 1), fmt.Sprint(taint + 2)}
	if diff := cmp.Diff(want, p.lines("nodes", "line--linked")); diff != "" {
		t.Errorf("lines linked in Nodes for node-00000's taint (-want +got):\n%s", diff)
	}

	// No link opens 5 MB: the page says so.
	p.clickButton("Share link")
	p.waitText(".js-notice", "No link can hold this: the playground holds")
	p.finish("big-paste")
}

// TestBigPasteSurvivesReload pastes 5 MB, waits until the page has stored
// it (beyond localStorage, so in IndexedDB) and reloads: the reloaded editor
// lays out only its window, it holds
// the same text and the verdicts come back.
func TestBigPasteSurvivesReload(t *testing.T) {
	p := open(t, "/")
	text, count := bigNodes(5 << 20)
	summary := fmt.Sprintf("%d nodes", count)
	p.paste("nodes", text)
	p.waitText(".js-results-summary", summary)
	p.waitFor(`(localStorage.getItem('taint-playground:state') || '').includes('indexedDB')`)
	trace := p.traceMainThread()
	p.Do(chromedp.Reload())
	p.waitFirstVerdict()
	p.waitText(".js-results-summary", summary)
	trace.log("reloading 5 MB")
	p.checkEditorWindow("reloading 5 MB", "nodes")
	p.checkCopied("nodes", text)
	if browsertest.Run(p.Page, chromedp.Evaluate[bool](`!document.querySelector('.js-storage-note').hidden`)) {
		t.Errorf("after a reload that kept the text, the page says %q", p.text(".js-storage-note"))
	}
	p.finish("")
}

// TestUnsavedBigTextSaysSoAfterReload runs the page where IndexedDB is
// blocked and pastes more than localStorage keeps: the page says a reload
// will not keep it, and after the reload it says the last text was not kept
// and shows the last one that was.
func TestUnsavedBigTextSaysSoAfterReload(t *testing.T) {
	p, text := pasteUnstorable(t)
	p.Do(chromedp.Reload())
	p.waitFirstVerdict()
	p.waitText(".js-notice", fmt.Sprintf("Your last text (%s characters) could not be stored in this browser", thousands(len(text)+len(docsPods))))
	if got := p.value("nodes"); got != docsNodes {
		t.Errorf("after the reload the Nodes editor holds %d characters; want the last text kept, the docs' example", len(got))
	}
	p.finish("")
}

// TestUnsavedBigTextEditedAtReload is TestUnsavedBigTextSaysSoAfterReload
// with one more key typed just before the reload, so that the page usually
// goes away with that save pending: leaving, it keeps the text in
// localStorage, and the IndexedDB save that fails afterwards must not mark it
// lost. Whichever came first, the reloaded page never says the text was lost
// while it shows that text.
func TestUnsavedBigTextEditedAtReload(t *testing.T) {
	p, text := pasteUnstorable(t)
	p.typeAtEnd("nodes", "#")
	p.Do(chromedp.Reload())
	p.waitFirstVerdict()
	lost := browsertest.Run(p.Page, chromedp.Evaluate[bool](`!document.querySelector('.js-notice').hidden`))
	switch got := p.value("nodes"); {
	case lost && got != docsNodes:
		t.Errorf("after the reload the page says %q, and the Nodes editor holds %d characters, not the docs' example", p.text(".js-notice-text"), len(got))
	case !lost:
		p.checkCopied("nodes", text+"#")
	}
	p.finish("")
}

// pasteUnstorable opens the page where touching IndexedDB throws, as some
// private windows do, pastes nodes too long for localStorage's share, and
// waits until the page says a reload will not keep them.
func pasteUnstorable(t *testing.T) (p *playground, text string) {
	t.Helper()
	p = openBlocking(t, "indexedDB", "/")
	p.waitFirstVerdict()
	text, count := bigNodes(3 << 19)
	p.paste("nodes", text)
	p.waitText(".js-results-summary", fmt.Sprintf("%d nodes", count))
	p.waitShown(".js-storage-note", "a reload will not keep it")
	return p, text
}

// TestLargeDocumentKeepsCaret puts the caret on a line of a large document,
// scrolls far away, so that the textarea holds other lines, and types: the
// editor scrolls back and the key lands at the caret. Select all and
// Backspace then empty the whole document, not only the lines in view, and
// the editor leaves its large-document mode.
func TestLargeDocumentKeepsCaret(t *testing.T) {
	p := open(t, "/")
	p.allowClipboard()
	text, count := bigNodes(1 << 20)
	p.paste("nodes", text)
	p.waitText(".js-results-summary", fmt.Sprintf("%d nodes", count))
	caret := lineOf(text, "  name: node-00010", 0)
	p.clickLineEnd("nodes", caret)
	far := strings.Count(text, "\n") - 100
	p.scrollToLine("nodes", far)
	p.waitFor(fmt.Sprintf(`document.querySelector('[data-editor=nodes] .js-editor-layer [data-line="%d"]')`, far))
	p.typeSlowly("9")
	p.waitFor(fmt.Sprintf(`document.querySelector('[data-editor=nodes] .js-editor-layer [data-line="%d"]')`, caret))
	p.waitText(".js-results-summary", fmt.Sprintf("%d nodes", count))
	p.checkCopied("nodes", strings.Replace(text, "  name: node-00010\n", "  name: node-000109\n", 1))

	p.keys("nodes", "a", chromedp.ModifierCtrl)
	p.keys("nodes", kb.Backspace)
	p.waitText(".js-results-summary", "0 nodes and 1 pod")
	if got := p.value("nodes"); got != "" {
		t.Errorf("after select all and Backspace the Nodes editor holds %d characters; want none", len(got))
	}
	p.waitFor(`!document.querySelector('[data-editor=nodes]').classList.contains('editor--large')`)
	p.finish("")
}

// oneLineNodes is a v1 List of nodes as `kubectl get nodes -o json | jq -c .`
// prints it: one line of at least size bytes, whose second node has the
// effect "NoExecuteTypo"; and how many nodes it holds.
func oneLineNodes(size int) (line string, count int) {
	var items []string
	total := 0
	for total < size {
		i := len(items)
		effect := "NoSchedule"
		if i == 1 {
			effect = "NoExecuteTypo"
		}
		var labels []string
		for l := range 8 {
			labels = append(labels, fmt.Sprintf(`"example.com/label-%02d":"value-%05d"`, l, i))
		}
		item := fmt.Sprintf(`{"apiVersion":"v1","kind":"Node","metadata":{"name":"node-%05d","labels":{%s},"annotations":{"example.com/annotation":"%s"}},"spec":{"taints":[{"key":"dedicated","value":"batch","effect":"%s"}]}}`,
			i, strings.Join(labels, ","), strings.Repeat("0123456789abcdef", 16), effect)
		items = append(items, item)
		total += len(item) + 1
	}
	return `{"apiVersion":"v1","kind":"List","items":[` + strings.Join(items, ",") + `],"metadata":{"resourceVersion":""}}`, len(items)
}

// clickIntoLine scrolls the editor to a line and clicks a little way into
// its text.
func (p *playground) clickIntoLine(editor string, line int) {
	p.t.Helper()
	p.scrollToLine(editor, line)
	span := fmt.Sprintf(`document.querySelector('[data-editor=%s] .js-editor-layer [data-line="%d"]')`, editor, line)
	p.waitFor(span)
	point := browsertest.Run(p.Page, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
  const line = %s.getBoundingClientRect();
  const input = document.querySelector(%q);
  return [input.getBoundingClientRect().left + parseFloat(getComputedStyle(input).paddingLeft) + 80, line.top + line.height / 2];
})()`, span, editorSelector(editor))))
	p.Do(chromedp.MouseClickXY(point[0], point[1]))
}

// TestOneLineJSONPasteStaysResponsive pastes 5 MB of nodes on one line, as
// `kubectl get nodes -o json | jq -c .` prints them, and edits around it as a
// person does. The editor lays out only its window; the line shows as a marked placeholder; the second node's typo is an
// error on line 1, whose "Line 1" button selects the placeholder; a node
// typed on the lines below is counted; a key typed inside the placeholder is
// refused with an explanation, one at its end is added to the line, and
// Enter at its start moves it and its error to line 2; a copy of its row,
// or of it all, gives exactly the text; select all and Backspace empty it.
func TestOneLineJSONPasteStaysResponsive(t *testing.T) {
	p := open(t, "/")
	line, count := oneLineNodes(5 << 20)
	p.copy(line + "\n")
	trace := p.traceMainThread()
	p.keys("nodes", "a", chromedp.ModifierCtrl)
	p.editCommand("v", "KeyV", 86, "paste")
	p.waitText(".js-results-summary", fmt.Sprintf("%d nodes", count))
	p.waitFor(`document.querySelector('[data-editor=nodes]').classList.contains('editor--large')`)
	trace.log("5 MB one-line paste and its evaluation")
	p.checkEditorWindow("5 MB one-line paste and its evaluation", "nodes")

	placeholder := fmt.Sprintf("⟪ long line: %s characters, kept as it is ⟫", thousands(len(line)))
	if diff := cmp.Diff(placeholder+"\n", p.value("nodes")); diff != "" {
		t.Errorf("the Nodes text box (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1"}, p.lines("nodes", "line--long")); diff != "" {
		t.Errorf("lines marked as long (-want +got):\n%s", diff)
	}
	p.waitText("#nodes-diagnostics", "NoExecuteTypo")
	if diff := cmp.Diff([]string{"1"}, p.lines("nodes", "line--error")); diff != "" {
		t.Errorf("lines marked as errors (-want +got):\n%s", diff)
	}
	p.click("#nodes-diagnostics .js-diagnostic")
	selected := browsertest.Run(p.Page, chromedp.Evaluate[string](`(() => { const t = document.querySelector('#nodes-input'); return t.value.slice(t.selectionStart, t.selectionEnd); })()`))
	if selected != placeholder {
		t.Errorf("the diagnostic's button selected %q; want line 1's placeholder", selected)
	}

	typed := "---\n" + `{"apiVersion":"v1","kind":"Node","metadata":{"name":"typed"}}`
	trace = p.traceMainThread()
	p.keys("nodes", kb.End, chromedp.ModifierCtrl)
	p.typeSlowly(typed)
	p.waitText(".js-results-summary", fmt.Sprintf("%d nodes", count+1))
	trace.log("typing a node below the long line")
	p.checkEditorWindow("typing a node below the long line", "nodes")

	trace = p.traceMainThread()
	p.clickIntoLine("nodes", 1)
	p.typeSlowly("x")
	p.waitText("[data-editor=nodes] .editor-refusal", "Line 1 is too long to edit here, so that edit was not made")
	p.Screenshot("one-line-refused")
	p.keys("nodes", kb.End)
	p.typeSlowly(" ")
	p.waitFor(`document.querySelector('[data-editor=nodes] .editor-refusal').hidden`)
	p.keys("nodes", kb.Home, chromedp.ModifierCtrl)
	p.keys("nodes", kb.Enter)
	p.waitText("#nodes-diagnostics", "Line 2")
	trace.log("typing into the long line, at its end and its start")
	p.checkEditorWindow("typing into the long line, at its end and its start", "nodes")
	if diff := cmp.Diff([]string{"2"}, p.lines("nodes", "line--long")); diff != "" {
		t.Errorf("lines marked as long after Enter at the start (-want +got):\n%s", diff)
	}
	// Shift+End selects the placeholder's row: a copy gives the line itself.
	p.keys("nodes", kb.End, chromedp.ModifierShift)
	length, sum := p.copiedSelection()
	if want := sha256.Sum256([]byte(line + " ")); length != len(line)+1 || sum != hex.EncodeToString(want[:]) {
		t.Errorf("a copy of the long line's row gives %d characters, SHA-256 %s; want the line itself, %d, %x", length, sum, len(line)+1, want)
	}
	p.checkCopied("nodes", "\n"+line+" \n"+typed)

	p.keys("nodes", "a", chromedp.ModifierCtrl)
	p.keys("nodes", kb.Backspace)
	p.waitText(".js-results-summary", "0 nodes")
	p.waitFor(`!document.querySelector('[data-editor=nodes]').classList.contains('editor--large')`)
	p.finish("")
}
