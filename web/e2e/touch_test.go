package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// smallTargets lists the interactive elements on screen that are under 44 ×
// 44 px: buttons, links, fields (a radio button or checkbox by its label,
// which is what a finger presses), selects, fold summaries, a list's
// options (the gallery's examples), the matrix's cells and anything else in
// the tab order. A link inside running text is
// exempt, as WCAG 2.5.8 exempts inline targets: its size is the sentence's.
// Elements hidden (display: none, a closed fold, visibility: hidden) are
// not measured.
const smallTargets = `(() => {
  const inline = (el) => {
    if (el.tagName !== 'A') return false;
    const block = el.parentElement.closest('p, li, dd, figcaption');
    return Boolean(block) && block.textContent.trim().length > el.textContent.trim().length;
  };
  const pressed = (el) => (el.matches('input[type="radio"], input[type="checkbox"]') && el.closest('label')) || el;
  const targets = new Set([...document.querySelectorAll('button, a[href], input, select, textarea, summary, [tabindex="0"], [role="option"], .matrix-cell')].map(pressed));
  return [...targets]
    .filter((el) => el.getClientRects().length > 0 && el.checkVisibility({ visibilityProperty: true }) && !inline(el))
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => Math.min(r.width, r.height) < 43.5)
    .map(([el, r]) => (el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40) || el.name || el.className) + ' (' + el.tagName.toLowerCase() + '): ' + r.width.toFixed(0) + ' × ' + r.height.toFixed(0));
})()`

// checkTouchTargets fails the test for each interactive element under 44 px.
func (p *playground) checkTouchTargets(where string) {
	p.t.Helper()
	small := browsertest.Run(p.Page, chromedp.Evaluate[[]string](smallTargets))
	for _, s := range small {
		p.t.Errorf("%s: a touch target under 44 × 44 px: %s", where, s)
	}
	if count := browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelectorAll('button, a[href], input, select, summary').length`)); count == 0 {
		p.t.Fatalf("%s: no control to measure", where)
	}
}

// waitSettled waits until the page has nothing left to fill in: every card
// explained, and in the workshop every goal checked.
func (p *playground) waitSettled() {
	p.t.Helper()
	p.waitFor(`document.querySelector('.js-results .card, .js-results .matrix-cell') && !document.querySelector('.js-results [aria-busy]') && ![...document.querySelectorAll('.goal')].some((goal) => !goal.dataset.met)`)
}

// TestTouchTargetsOnAPhone opens the main page, the gallery, a matrix, the
// embed and the workshop on a 390 × 844 phone, in light and dark, once each has settled
// (cards explained, goals checked): every button, link, field, select,
// fold and matrix cell a finger can press is at least 44 × 44 px.
func TestTouchTargetsOnAPhone(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := openPhone(t, scheme)
			p.waitSettled()
			p.checkTouchTargets("the main page")
			p.openGallery()
			p.checkTouchTargets("the gallery")
			p.click(".js-gallery-close") // a finger has no Escape key
			p.waitFor(`!document.querySelector('.js-gallery').open`)

			p.paste("nodes", nodesNamed("cpu-1", "gpu-1", "gpu-2"))
			p.paste("pods", podsNamed("web", "gpu-job", "batch"))
			p.waitFor(`document.querySelectorAll('.matrix-cell').length === 9`)
			p.click(".matrix-cell")
			p.waitSettled()
			p.checkTouchTargets("the matrix")
			p.finish("touch-matrix-" + scheme)

			for _, path := range []string{"/?embed&example=docs-three-taints", "/?embed&view=edit&example=docs-three-taints", "/?exercise=first-toleration"} {
				p.Navigate(p.site.URL + path)
				p.waitFirstVerdict()
				p.waitSettled()
				p.checkTouchTargets(path)
			}
			p.finish("touch-workshop-" + scheme)
		})
	}
}
