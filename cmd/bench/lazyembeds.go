package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"time"

	"github.com/taint-playground/taint-playground/internal/bench"
)

// Issue 24's targets for a docs page of six example embeds.
const (
	lazyVerdictTarget = time.Second
	lazyBytesTarget   = 150_000
	lazyTouchTarget   = time.Second
)

// lazyEmbeds prints section 2c: bench.LazyEmbedsPage served from a
// docs origin other than the playground's, under a strict CSP, loaded
// loads times in a fresh browser context: when the slowest frame shows its
// verdicts, the most bytes one embed took, how many frames started an
// engine before any interaction, and how long the editable frame takes to
// answer a first edit.
func (r *benchRun) lazyEmbeds() error {
	const loads = 5
	b, site, targets := r.browser, r.site, &r.targets
	page := bench.LazyEmbedsPage(site.URL)
	csp := fmt.Sprintf("default-src 'self'; script-src %s; frame-src %s; style-src 'self'", site.URL, site.URL)
	docs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	defer docs.Close()
	results, err := bench.LazyEmbeds(b, docs.URL, loads)
	if err != nil {
		return err
	}
	var slowest, touched []time.Duration
	mostBytes, engines, frames := 0.0, 0, 0
	for _, load := range results {
		last := 0.0
		for _, f := range load.Frames {
			last = max(last, f.VerdictAt)
			mostBytes = max(mostBytes, f.Bytes)
			frames++
			if f.Engine {
				engines++
			}
		}
		slowest = append(slowest, time.Duration(last*float64(time.Millisecond)))
		touched = append(touched, load.Touched)
	}
	fmt.Printf("2c. A docs page of %d example embeds from another origin (?embed&example=…, issue 24), %d loads, each in a fresh browser context, every frame in view\n",
		len(bench.LazyEmbedSlugs), loads)
	fmt.Printf("   the last frame's verdicts after the docs page's navigation: %s (target ≤ %v)\n", line(bench.Summarize(slowest)), lazyVerdictTarget)
	fmt.Printf("   over the wire per embed before any interaction: at most %.1f KB (target ≤ %d KB); frames that fetched the WASM or started a worker: %d of %d\n",
		mostBytes/1000, lazyBytesTarget/1000, engines, frames)
	fmt.Printf("   an edit in the editable frame until its verdicts show the engine's answer (WASM compiled, worker started, answered, drawn): %s (target ≤ %v)\n\n",
		line(bench.Summarize(touched)), lazyTouchTarget)
	targets.addTiming("six example embeds: the last frame's verdicts, slowest load", slices.Max(slowest), lazyVerdictTarget)
	targets.add("six example embeds: bytes over the wire per embed, most", fmt.Sprintf("%.1f KB", mostBytes/1000), fmt.Sprintf("≤ %d KB", lazyBytesTarget/1000), mostBytes <= lazyBytesTarget)
	targets.add("six example embeds: engines started before a touch", fmt.Sprintf("%d of %d frames", engines, frames), "0", engines == 0)
	targets.addTiming("six example embeds: the touched frame's first edit, slowest", slices.Max(touched), lazyTouchTarget)
	return nil
}
