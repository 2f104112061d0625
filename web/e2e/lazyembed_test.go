package e2e

import (
	"slices"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// lazyEmbedBytes is issue 24's budget of one example embed over the wire
// before any interaction.
const lazyEmbedBytes = 150_000

// TestLazyEmbeds opens a docs page of six example embeds from another
// origin (bench.LazyEmbedsPage), in a window high enough for every frame to
// load at once. Each frame shows its example's verdicts from the answers
// the build wrote, without fetching the WASM or starting the engine's
// worker, for at most lazyEmbedBytes. An edit in the editable frame wakes
// its engine, and no other, and the frame shows the engine's answer to the
// edit. make bench times the same page (cmd/bench/lazyembeds.go).
func TestLazyEmbeds(t *testing.T) {
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Do(chromedp.EmulateViewport(docsViewport, int64(700*len(bench.LazyEmbedSlugs))))
	p.Navigate(serveDocs(t, site.URL, bench.LazyEmbedsPage(site.URL)))
	var shown []examples.Scenario
	for _, slug := range bench.LazyEmbedSlugs {
		shown = append(shown, scenario(t, slug))
	}
	frames := p.frames(shown...)
	for _, f := range frames {
		f.checkVerdicts()
		cost := inFrame[bench.FrameCost](f, bench.FrameCostJS)
		if cost.Engine {
			t.Errorf("%s: the frame fetched the WASM or started the engine before anyone touched it", f.scenario.Slug)
		}
		if cost.Bytes > lazyEmbedBytes {
			t.Errorf("%s: the frame took %.0f bytes over the wire; want at most %d", f.scenario.Slug, cost.Bytes, lazyEmbedBytes)
		}
		t.Logf("%s: %.0f bytes over the wire before any interaction", f.scenario.Slug, cost.Bytes)
	}

	touched := frames[0]
	inFrame[float64](touched, bench.TouchJS)
	for _, f := range frames {
		want := map[bool]string{true: "woken", false: "asleep"}[f.index == touched.index]
		got := inFrame[string](f, `taintPlaygroundBoot.worker ? 'woken' : 'asleep'`)
		if got != want {
			t.Errorf("%s: the engine is %s after an edit in %s; want %s", f.scenario.Slug, got, touched.scenario.Slug, want)
		}
	}
	inFrame[chromedp.Void](touched, `taintPlaygroundBridge.engine.started`)
	p.CheckNoProblems()
}

// neverIdle keeps requestIdleCallback from ever calling back, even at its
// timeout: an example's embed then wires its page only once the reader
// touches it (js/embed/first-view.js).
const neverIdle = `globalThis.requestIdleCallback = () => 0;`

// heldBack says what the frame holds of the markup the lean embed page
// holds back (js/embed/later-markup.js): the editors and the gallery, and
// the templates that hold them until the page is wired.
const heldBack = `[
	document.querySelector('#pods-input') ? 'editors' : 'no editors',
	document.querySelector('.js-gallery') ? 'gallery' : 'no gallery',
	document.querySelector('template.js-embed-later') ? 'templates' : 'no templates',
].join(', ')`

// TestExampleEmbedFirstView opens an example's embed, in the edit view, on a
// thread that never idles. The frame shows the example's verdicts before
// its page is wired (no [data-first-verdict], which the wired page sets,
// and no window.__tpBench, which playground.js sets), from a lean page
// that holds its editors and gallery back in templates. A touch wires it:
// the held-back markup takes its place, the editors hold the example's
// text, the page shows the same cards, not drawn again, with the engine
// still asleep, and an edit wakes the engine, which answers it.
func TestExampleEmbedFirstView(t *testing.T) {
	site := browsertest.Serve(t)
	browser := browsertest.NewBrowser(t)
	docs := scenario(t, "docs-three-taints")
	p := &playground{Page: browser.NewPage(t), t: t, site: site}
	if _, err := chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: neverIdle}); err != nil {
		t.Fatal(err)
	}
	p.Navigate(site.URL + "/?embed&example=" + docs.Slug + "&view=edit")
	p.waitFor(`performance.getEntriesByName('first-verdict').length > 0`)
	if got := browsertest.Run(p.Page, chromedp.Evaluate[string](`[
		document.querySelector('[data-first-verdict]') ? 'marked' : 'unmarked',
		window.__tpBench ? 'wired' : 'unwired',
		taintPlaygroundBoot.worker ? 'woken' : 'asleep',
	].join(', ') + '; ' + `+heldBack)); got != "unmarked, unwired, asleep; no editors, no gallery, templates" {
		t.Fatalf("the first view: %s; want unmarked, unwired, asleep; no editors, no gallery, templates", got)
	}
	drawn := browsertest.Run(p.Page, chromedp.Evaluate[[]string](cardTitles))
	p.waitFor(`(window.firstCard = document.querySelector('.js-results .card')) !== null`)

	p.Do(chromedp.Focus(chromedp.CSS(".embed-bar .js-language")))
	p.waitFor(`document.querySelector('[data-first-verdict]') && window.__tpBench`)
	if got := browsertest.Run(p.Page, chromedp.Evaluate[string](heldBack)); got != "editors, gallery, no templates" {
		t.Errorf("after a touch the frame holds %s; want editors, gallery, no templates", got)
	}
	if got := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('#pods-input').value`)); got != docs.Pods {
		t.Errorf("the Pods editor holds %q after a touch; want the example's pods", got)
	}
	f := scenarioView{p: p, scenario: docs}
	f.checkVerdicts()
	if got := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.js-results .card') === window.firstCard`)); !got {
		t.Errorf("the wired page drew the cards again; want it to keep the first view's")
	}
	if got := browsertest.Run(p.Page, chromedp.Evaluate[[]string](cardTitles)); !slices.Equal(got, drawn) {
		t.Errorf("cards %v after wiring; the first view drew %v", got, drawn)
	}
	if browsertest.Run(p.Page, chromedp.Evaluate[bool](`Boolean(taintPlaygroundBoot.worker)`)) {
		t.Errorf("a touch started the engine; want it asleep until a call needs it")
	}

	browsertest.Run(p.Page, chromedp.Evaluate[float64](bench.TouchJS, chromedp.EvalAwaitPromise))
	p.waitFor(`taintPlaygroundBridge.engine.started`)
	p.CheckNoProblems()
}
