package e2e

import (
	"testing"

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
