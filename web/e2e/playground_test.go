// Package e2e drives the built playground (web/dist, served by the real
// handler) in headless Chromium as a person uses it: typing with key events,
// pasting, clicking, reading what the page shows. Every test ends with no
// console error, uncaught exception or CSP violation, and the main states are
// kept as screenshots in test-artifacts/.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// docsNodes and docsPods are the Kubernetes documentation's example
// (concepts/scheduling-eviction/taint-and-toleration): three taints on node1,
// a pod tolerating the two key1 taints. They are the editors' default content
// in index.html; TestMain reads them from the built page.
var docsNodes, docsPods string

func TestMain(m *testing.M) {
	var err error
	if docsNodes, docsPods, err = browsertest.PageDefaults(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// runningPod is a pod bound to node1 that tolerates both key1 taints, the
// NoExecute one for the given seconds.
func runningPod(seconds int) string {
	return fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata:
  name: db
spec:
  nodeName: node1
  tolerations:
  - key: key1
    operator: Equal
    value: value1
    effect: NoSchedule
  - key: key1
    operator: Equal
    value: value1
    effect: NoExecute
    tolerationSeconds: %d
  containers:
  - name: db
    image: postgres
`, seconds)
}

// playground is the page under test.
type playground struct {
	*browsertest.Page
	t    *testing.T
	site *browsertest.Site
	// clipboard is true once the page may write the clipboard.
	clipboard bool
}

// open serves the built site, starts a browser with a fresh profile and loads
// the page at path (such as "/" or "/?embed"), waiting for the first verdict.
func open(t *testing.T, path string) *playground {
	t.Helper()
	return openSite(t, browsertest.Serve(t), path)
}

// openSite is open on a site the test serves itself.
func openSite(t *testing.T, site *browsertest.Site, path string) *playground {
	t.Helper()
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(site.URL + path)
	p.waitFirstVerdict()
	return p
}

// reopen loads url in a new browser with a fresh profile: nothing saved, nothing cached.
func (p *playground) reopen(url string) *playground {
	p.t.Helper()
	q := &playground{Page: browsertest.NewBrowser(p.t).NewPage(p.t), t: p.t, site: p.site}
	q.Navigate(url)
	q.waitFirstVerdict()
	return q
}

func (p *playground) waitFirstVerdict() {
	p.t.Helper()
	p.Do(chromedp.WaitVisible(chromedp.CSS("[data-first-verdict]")))
}

// waitFor waits until the JavaScript expression is truthy.
func (p *playground) waitFor(expression string) {
	p.t.Helper()
	browsertest.Run(p.Page, chromedp.Poll[chromedp.Void](expression))
}

// waitText waits until the element's text contains want, and returns the text.
func (p *playground) waitText(selector, want string) string {
	p.t.Helper()
	return p.waitElementText(selector, want, `el.textContent`)
}

// waitShown waits until the element is shown and its text contains want: a
// hidden element's textContent (a note written in the HTML, hidden until
// needed) contains its words all along.
func (p *playground) waitShown(selector, want string) string {
	p.t.Helper()
	return p.waitElementText(selector, want, `el.checkVisibility() && el.innerText`)
}

// waitElementText polls the element's text, as the expression reads it from
// el (false while it does not count), until it contains want.
func (p *playground) waitElementText(selector, want, read string) string {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const el = document.querySelector(%q); const text = el && (%s); return text && text.includes(%q) && text; })()`, selector, read, want)
	text, err := chromedp.Run(p.Ctx, chromedp.Poll[string](js))
	if err != nil {
		p.t.Fatalf("waiting for %s to show %q: %v\nit says: %q", selector, want, err, p.text(selector))
	}
	return text
}

// text is the visible text of the first element the selector finds, or "".
func (p *playground) text(selector string) string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[string](fmt.Sprintf(
		`(() => { const el = document.querySelector(%q); return el ? el.innerText : ''; })()`, selector)))
}

// texts is the visible text of every element the selector finds.
func (p *playground) texts(selector string) []string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[[]string](fmt.Sprintf(
		`[...document.querySelectorAll(%q)].map((el) => el.innerText)`, selector)))
}

// editorSelector is the textarea of the "nodes" or "pods" editor.
func editorSelector(editor string) string {
	return "#" + editor + "-input"
}

// value is the text of an editor.
func (p *playground) value(editor string) string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Value(chromedp.CSS(editorSelector(editor))))
}

// keys focuses the editor and presses keys, each with the given modifiers.
func (p *playground) keys(editor, keys string, modifiers ...chromedp.Modifier) {
	p.t.Helper()
	p.Do(chromedp.Focus(chromedp.CSS(editorSelector(editor))), chromedp.KeyEvent(keys, chromedp.KeyModifiers(modifiers...)))
}

// typeAtEnd types text at the end of an editor, key by key.
func (p *playground) typeAtEnd(editor, text string) {
	p.t.Helper()
	p.keys(editor, kb.End, chromedp.ModifierCtrl)
	p.Do(chromedp.SendKeys(chromedp.CSS(editorSelector(editor)), text))
}

// paste replaces an editor's text as a person does: the text goes on the
// clipboard, then Ctrl+A and Ctrl+V in the editor, which the page sees as one
// insertFromPaste input. An empty text is Ctrl+A and Backspace.
func (p *playground) paste(editor, text string) {
	p.t.Helper()
	p.keys(editor, "a", chromedp.ModifierCtrl)
	if text == "" {
		p.keys(editor, kb.Backspace)
		return
	}
	p.copy(text)
	p.editCommand("v", "KeyV", 86, "paste")
}

// copy puts text on the clipboard, as copying it elsewhere does.
func (p *playground) copy(text string) {
	p.t.Helper()
	p.allowClipboard()
	quoted, err := json.Marshal(text)
	if err != nil {
		p.t.Fatal(err)
	}
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText(`+string(quoted)+`)`, chromedp.EvalAwaitPromise))
}

// editCommand presses Ctrl+key in the focused element with the editing command
// it stands for, as headless Chromium needs for copy and paste.
func (p *playground) editCommand(key, code string, keyCode int64, command string) {
	p.t.Helper()
	p.Do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
			_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{
				Type: typ, Key: key, Code: code, WindowsVirtualKeyCode: keyCode,
				Modifiers: int64(chromedp.ModifierCtrl), Commands: []string{command},
			})
			if err != nil {
				return err
			}
		}
		return nil
	}))
}

// allowClipboard lets the test write the clipboard, as a person's copy does:
// clipboard permissions for the page, and focus kept on it while headless.
func (p *playground) allowClipboard() {
	p.t.Helper()
	if p.clipboard {
		return
	}
	p.clipboard = true
	if _, err := chromedp.Call(p.Ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		p.t.Fatalf("focus emulation: %v", err)
	}
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		descriptor := &browser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true}
		if _, err := chromedp.CallBrowser(p.Ctx, browser.SetPermission, browser.SetPermissionParams{Permission: descriptor, Setting: browser.PermissionSettingGranted}); err != nil {
			p.t.Fatalf("granting %s: %v", name, err)
		}
	}
}

// click clicks the first element the selector finds, once it stands still.
func (p *playground) click(selector string) {
	p.t.Helper()
	p.clickElement(fmt.Sprintf(`document.querySelector(%q)`, selector))
}

// clickButton clicks the button whose text is label, as a person finds it.
func (p *playground) clickButton(label string) {
	p.t.Helper()
	p.clickElement(fmt.Sprintf(`[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === %q)`, label))
}

// clickElement clicks the element the JavaScript expression gives, as a
// person does: after it has stopped moving. An evaluation that lands while
// the mouse travels redraws the results above the settings and the clock and
// moves them; a click computed before that lands on the wrong thing.
func (p *playground) clickElement(element string) {
	p.t.Helper()
	p.Do(chromedp.ScrollIntoView(chromedp.JSPath(element)))
	p.waitStill(element)
	p.Do(chromedp.Click(chromedp.JSPath(element)))
}

// waitStill waits until the element has kept its place and size for 150 ms.
func (p *playground) waitStill(element string) {
	p.t.Helper()
	browsertest.Run(p.Page, chromedp.Poll[chromedp.Void](stillExpression(element), chromedp.WithPollingInterval(25*time.Millisecond)))
}

// stillExpression is JavaScript that is true once the element the
// expression element gives has kept its place and size for 150 ms.
func stillExpression(element string) string {
	return fmt.Sprintf(`(() => {
  const el = %s;
  if (!el) return false;
  const r = el.getBoundingClientRect();
  const box = [r.x, r.y, r.width, r.height].join();
  const still = window.__still || (window.__still = { box: '', since: 0 });
  if (still.box !== box) {
    still.box = box;
    still.since = performance.now();
  }
  return performance.now() - still.since >= 150;
})()`, element)
}

// finish checks the page reported no problem and keeps a screenshot.
func (p *playground) finish(screenshot string) {
	p.t.Helper()
	if screenshot != "" {
		p.Screenshot(screenshot)
	}
	p.CheckNoProblems()
}

// lines is the numbers of the lines in an editor's layer that carry class.
func (p *playground) lines(editor, class string) []string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[[]string](fmt.Sprintf(
		`[...document.querySelectorAll('[data-editor=%q] .js-editor-layer [data-line].%s')].map((el) => el.dataset.line)`, editor, class)))
}

// summary is the results panel's summary line.
func (p *playground) summary() string {
	p.t.Helper()
	return strings.TrimSpace(p.text(".js-results-summary"))
}
