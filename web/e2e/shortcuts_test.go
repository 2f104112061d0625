package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestShortcutDialog presses "?" on the page: a dialog lists every
// context's shortcuts, Escape closes it and the focus returns to where it
// was. "?" typed in an editor is a question mark, not the dialog; P opens
// the presenter view from the same table.
func TestShortcutDialog(t *testing.T) {
	p := open(t, "/")
	p.waitFirstVerdict()
	p.Do(chromedp.Focus(chromedp.CSS(".js-share")))
	p.press("?")
	p.waitFor(`document.querySelector('.js-shortcuts-help').open`)
	// Each entry's keys, then what they do.
	listed := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.js-shortcuts-help .shortcut')].map((el) => el.querySelector('dt').textContent + ': ' + el.querySelector('dd').textContent)`))
	for _, want := range []string{"?: Show or hide this list of shortcuts", "P: Open the presenter view", "Ctrl+F: Find in the whole text",
		"Shift+Alt+F: Format the text (2-space YAML or JSON)", "Shift+Enter: Previous match", "J or Page Down: Next pair", "1 to 4: Speed 1×, 10×, 60×, 600×"} {
		if !slices.Contains(listed, want) {
			t.Errorf("the shortcuts dialog lacks %q: %q", want, listed)
		}
	}
	for _, want := range []string{"On the page (not while typing in a field)", "In the Nodes and Pods editors", "In an editor’s find bar", "In the presenter view"} {
		if !strings.Contains(p.text(".js-shortcuts-help"), want) {
			t.Errorf("the shortcuts dialog has no section %q", want)
		}
	}
	p.press(kb.Escape)
	p.waitFor(`!document.querySelector('.js-shortcuts-help').open`)
	p.waitFor(`document.activeElement === document.querySelector('.js-share')`)

	// The toolbar's button opens the same list, and its Close button gives the focus back to it.
	p.click(".js-shortcuts")
	p.waitFor(`document.querySelector('.js-shortcuts-help').open`)
	p.clickElement(`document.querySelector('.js-shortcuts-help button')`)
	p.waitFor(`!document.querySelector('.js-shortcuts-help').open && document.activeElement === document.querySelector('.js-shortcuts')`)

	before := p.value("pods")
	p.typeAtEnd("pods", "# why?")
	if got := p.value("pods"); got != before+"# why?" {
		t.Errorf("typing \"# why?\" at the end of the Pods editor left %q", got[len(got)-min(len(got), 20):])
	}
	if open := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.js-shortcuts-help').open`)); open {
		t.Errorf("\"?\" typed in an editor opened the shortcuts dialog")
	}

	p.Do(chromedp.Focus(chromedp.CSS(".js-share")))
	p.press("P")
	p.waitPresenterVerdict()
	p.press(kb.Escape)
	p.waitFor(`document.querySelector('.js-presenter').hidden`)
	p.finish("")
}
