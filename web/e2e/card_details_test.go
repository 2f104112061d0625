package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestCardsNeverSayExplaining: a workspace small enough for cards comes with
// its cells' details, so as a person edits it the cards draw their taint
// tables with the verdicts, and "Explaining…" never shows (it flashed at
// every keystroke while each card asked the worker for its details). A card
// opened from a matrix is still explained on demand (TestMatrix* cover it).
func TestCardsNeverSayExplaining(t *testing.T) {
	p := open(t, "/")
	p.waitFor(`document.querySelector('.js-results .card .card-detail table')`)
	// Counts every card put into the results with "Explaining…" in it from
	// now on (the observer runs before the page is painted).
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`window.__explaining = 0;
		new MutationObserver((records) => {
			for (const r of records) for (const n of r.addedNodes) {
				if ((n.textContent || '').includes('Explaining')) window.__explaining++;
			}
		}).observe(document.querySelector('.js-results'), { childList: true, subtree: true });`))
	for _, edit := range []struct{ pods, headline string }{
		{runningPod(60), "Running here: Evicted in 1 min"},
		{runningPod(120), "Running here: Evicted in 2 min"},
		{docsPods, "Cannot schedule"},
	} {
		p.paste("pods", edit.pods)
		p.waitText(".js-verdict", edit.headline)
		p.waitFor(`document.querySelector('.js-results .card .card-detail table')`)
	}
	p.typeAtEnd("pods", "\n# an edit, key by key\n")
	p.waitFor(`document.querySelector('.js-results .card .card-detail table')`)
	if n := browsertest.Run(p.Page, chromedp.Evaluate[int](`window.__explaining`)); n != 0 {
		t.Errorf(`"Explaining…" showed %d times while the workspace was edited`, n)
	}
}

// TestCardDetailHoldsOnlyItsParts shows a pod that schedules, whose card has
// no scheduler's message, and one that does not: each card's detail holds
// its parts and no stray text (a left-out part once showed as "null" under
// the taint table).
func TestCardDetailHoldsOnlyItsParts(t *testing.T) {
	p := open(t, "/")
	toleratesAll := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: tolerates-all\nspec:\n  tolerations:\n  - operator: Exists\n  containers:\n  - name: c\n    image: nginx\n"
	for _, pods := range []struct{ text, name string }{{toleratesAll, "tolerates-all"}, {docsPods, "nginx"}} {
		p.paste("pods", pods.text)
		p.waitText(".js-results .card-pod", pods.name)
		p.waitFor(`document.querySelector('.js-results .card .card-detail table')`)
		stray := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.js-results .card-detail')]
			.flatMap((detail) => [...detail.childNodes].filter((n) => n.nodeType !== Node.ELEMENT_NODE).map((n) => n.textContent))`))
		if len(stray) > 0 {
			t.Errorf("the cards' details hold text outside their parts: %q", stray)
		}
	}
	p.finish("")
}
