package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// trickNode is a node whose NoExecute taint's value starts with a
// right-to-left override, so "team=\u202eupg" reads "team=gpu", and whose
// other taint's key holds a zero-width space. The characters are in the text
// itself, not YAML escapes, as a paste from a chat brings them.
const trickNode = "apiVersion: v1\nkind: Node\nmetadata:\n  name: node1\nspec:\n  taints:\n" +
	"  - key: team\n    value: \"\u202eupg\"\n    effect: NoExecute\n" +
	"  - key: \"de\u200bdicated\"\n    value: db\n    effect: NoSchedule\n"

// trickPod runs on node1 and tolerates team=gpu, the value the node seems to have.
const trickPod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  nodeName: node1\n  tolerations:\n" +
	"  - key: team\n    operator: Equal\n    value: gpu\n    effect: NoExecute\n  containers:\n  - name: app\n    image: nginx\n"

// hiddenInRenderedText is JavaScript listing each text and tooltip the page
// draws outside highlighted YAML (whose characters stay, marked, to match the
// textarea) that holds a bidi control or an invisible character.
const hiddenInRenderedText = `(() => {
	const hidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
	const skip = 'textarea, script, .hl-chroma, .js-editor-layer';
	const found = [];
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		if (!n.parentElement.closest(skip) && hidden.test(n.data)) found.push((n.parentElement.getAttribute('class') || n.parentElement.tagName) + ': ' + JSON.stringify(n.data));
	}
	for (const el of document.querySelectorAll('[title], [aria-label]')) {
		for (const name of ['title', 'aria-label']) {
			const value = el.getAttribute(name);
			if (value && !el.closest(skip) && hidden.test(value)) found.push(name + ' of ' + el.tagName + ': ' + JSON.stringify(value));
		}
	}
	return found;
})()`

// TestInvisibleCharactersShown: a taint value with a right-to-left override
// and a taint key with a zero-width space are drawn as marked escapes
// (team=⟨U+202E⟩upg, de⟨U+200B⟩dicated) in the card's taint table, the
// what-if and the timeline, so nothing reads team=gpu; no text or tooltip the
// page draws holds such a character; the editor's highlighted layer marks
// both (class hl-gr, drawn by CSS) and keeps the textarea's text; axe finds
// nothing serious. In the full page, the docs embed and on a phone, light and dark.
func TestInvisibleCharactersShown(t *testing.T) {
	eachView(t, func(t *testing.T, p *playground, view pageView) {
		p.paste("nodes", trickNode)
		p.paste("pods", trickPod)
		p.waitText(".js-results-summary", "1 pod × 1 node")
		// A card's detail may be drawn again after it first shows, its folds
		// closed: the rows' text is read whatever the folds, in one evaluation
		// once both rows have some.
		rowsText := `(() => {
			const rows = [...document.querySelectorAll('.js-taint-row')];
			return rows.length === 2 && rows.every((row) => row.textContent.trim() !== '') ? rows.map((row) => row.textContent).join('\n') : '';
		})()`
		p.waitFor(rowsText + ` !== ''`)
		rows := browsertest.Run(p.Page, chromedp.Evaluate[string](rowsText))
		for _, want := range []string{"team=⟨U+202E⟩upg", "de⟨U+200B⟩dicated=db"} {
			if !strings.Contains(rows, want) {
				t.Errorf("the card's taint table reads %q; want it to show %q", rows, want)
			}
		}
		if p.shows(".js-timeline") {
			p.waitFor(`document.querySelector('.js-timeline .timeline-taint-label')`)
			labels := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.js-timeline .timeline-taint-label')].map((el) => el.textContent)`))
			if !strings.Contains(strings.Join(labels, "\n"), "de⟨U+200B⟩dicated:NoSchedule") {
				t.Errorf("the timeline's taint labels are %q; want de⟨U+200B⟩dicated:NoSchedule", labels)
			}
		} else {
			t.Logf("%s has no timeline", view.name)
		}
		if p.shows(".js-whatif-line") {
			// Typing cannot enter an override; a paste can, as the value set here.
			browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`(() => {
				const line = document.querySelector('.js-whatif-line');
				line.value = 'kubectl taint nodes node1 zone=\u202eab:NoSchedule';
				line.form.requestSubmit();
			})()`))
			// kubectl refuses the value, echoing it; either way the what-if shows it.
			p.waitFor(`document.querySelector('.js-whatif').innerText.includes('zone=')`)
			if got := p.text(".js-whatif"); !strings.Contains(got, "zone=⟨U+202E⟩ab") {
				t.Errorf("the what-if reads %q; want zone=⟨U+202E⟩ab", got)
			}
		} else {
			t.Logf("%s has no what-if", view.name)
		}
		p.openDetails()
		if found := browsertest.Run(p.Page, chromedp.Evaluate[[]string](hiddenInRenderedText)); len(found) > 0 {
			t.Errorf("the page draws bidi controls or invisible characters as they are:\n%s", strings.Join(found, "\n"))
		}

		p.waitHighlighted("nodes")
		marks := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-editor=nodes] .js-editor-layer .hl-gr')].map((el) =>
			el.textContent + ' ' + getComputedStyle(el, '::after').borderLeftWidth)`))
		if got, want := strings.Join(marks, ","), "\u202e 2px,\u200b 2px"; got != want {
			t.Errorf("the Nodes layer's marks (character, bar width) are %q; want %q", got, want)
		}
		layer := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('[data-editor=nodes] .js-editor-layer').textContent`))
		if layer != p.value("nodes") {
			t.Errorf("the Nodes layer's text %q is not the textarea's %q", layer, p.value("nodes"))
		}
		p.checkAxe()
		p.finish("invisible-" + strings.ReplaceAll(t.Name()[strings.LastIndex(t.Name(), "/")+1:], "/", "-"))
	})
}

// openDetails opens every disclosure on the page, so that what they hold is drawn.
func (p *playground) openDetails() {
	p.t.Helper()
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`for (const d of document.querySelectorAll('details')) d.open = true`))
}
