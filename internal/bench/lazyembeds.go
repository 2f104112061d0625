package bench

import (
	"context"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// LazyEmbedSlugs are the gallery examples of the docs page that issue 24's
// targets are measured on: six example embeds, the first editable, the one
// a reader touches.
var LazyEmbedSlugs = []string{
	"docs-three-taints", "noexecute-toleration-seconds", "empty-key-exists",
	"cordoned-node", "toleration-order-matters", "unreachable-long-toleration",
}

// LazyEmbedsPage is a docs page that embeds LazyEmbedSlugs from the
// playground at playground, as the embed snippet builder writes them
// (loading="lazy"), the first in the edit view.
func LazyEmbedsPage(playground string) string {
	var page strings.Builder
	page.WriteString("<!doctype html>\n<html lang=\"en\">\n<title>Six examples</title>\n<h1>Six examples</h1>\n")
	for i, slug := range LazyEmbedSlugs {
		view := "read"
		if i == 0 {
			view = "edit"
		}
		src := fmt.Sprintf("%s/?embed&example=%s&view=%s", playground, slug, view)
		fmt.Fprintf(&page, "<h2>%s</h2>\n<iframe src=\"%s\" title=\"%s\" width=\"100%%\" height=\"640\" loading=\"lazy\" allow=\"clipboard-write\"></iframe>\n",
			slug, html.EscapeString(src), slug)
	}
	page.WriteString("<script src=\"" + html.EscapeString(playground) + "/embed-host.js\" defer></script>\n")
	return page.String()
}

// FrameCost is what one embed cost before any interaction: when its
// verdicts showed, in ms after the docs page's navigation started, the
// bytes its page and the resources it fetched took over the wire, and
// whether it fetched the WASM or started the engine's worker.
type FrameCost struct {
	VerdictAt float64 `json:"verdictAt"`
	Bytes     float64 `json:"bytes"`
	Engine    bool    `json:"engine"`
}

// FrameCostJS is a frame's FrameCost once its page is wired and shows its
// verdicts ([data-first-verdict]; null before), with the time its verdicts
// first showed (performance.mark('first-verdict'), which an example's embed
// sets before it wires the page: js/embed/first-view.js) since the epoch:
// FrameCosts subtracts the docs page's own time origin. A resource the
// browser's cache gave counts no bytes.
const FrameCostJS = `(() => {
	const mark = performance.getEntriesByName('first-verdict', 'mark')[0];
	if (!mark || !document.querySelector('[data-first-verdict]') || document.querySelector('.js-results [aria-busy]')) return null;
	const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
	return {
		verdictAt: performance.timeOrigin + mark.startTime,
		bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
		engine: Boolean(taintPlaygroundBoot.worker) || entries.some((entry) => entry.name.endsWith('.wasm')),
	};
})()`

// TouchJS edits the first pod's name in the frame's Pods editor, as typing
// does, and resolves with the ms until a card names the edited pod: the
// engine has woken, evaluated the new text and the page has drawn it.
const TouchJS = `(async () => {
	const input = document.querySelector('#pods-input');
	const start = performance.now();
	input.value = input.value.replace(/name: (\S+)/, 'name: $1-touched');
	input.dispatchEvent(new Event('input', { bubbles: true }));
	const touched = () => [...document.querySelectorAll('.js-results .card-title')].some((title) => title.textContent.includes('-touched'));
	while (!touched()) await new Promise((resolve) => setTimeout(resolve, 5));
	return performance.now() - start;
})()`

// InFrame polls expression in the frame of node until it is truthy. A frame
// that navigates while the poll starts (a lazy frame leaving about:blank)
// takes the poll's execution context with it; polling again finds the new
// document. It polls on a timer, not on animation frames, which a frame
// below the docs page's fold does not get.
func InFrame[T any](ctx context.Context, node *chromedp.Node, expression string) (T, error) {
	for {
		v, err := chromedp.Run(ctx, chromedp.Poll[T](expression, chromedp.WithPollingInFrame(node), chromedp.WithPollingInterval(10*time.Millisecond)))
		if err == nil || !frameNavigated(err) {
			return v, err
		}
	}
}

// frameNavigated reports whether a poll in a frame failed because the
// frame's document changed under it, in one of the ways DevTools says so.
func frameNavigated(err error) bool {
	for _, message := range []string{
		"Cannot find context with specified id",
		"Execution context was destroyed",
		"Either objectId or executionContextId or uniqueContextId must be specified",
	} {
		if strings.Contains(err.Error(), message) {
			return true
		}
	}
	return false
}

// LazyEmbedsLoad is one load of LazyEmbedsPage: each frame's cost before
// any interaction, in the page's order, and the ms from an edit in the
// editable frame to its verdicts drawn from the engine's answer.
type LazyEmbedsLoad struct {
	Frames  []FrameCost
	Touched time.Duration
}

// lazyEmbedsViewport is a docs column 800 px wide in a window high enough
// for every frame of LazyEmbedsPage to load at once, as they would on a
// reader's scroll.
const (
	lazyEmbedsWidth  = 816
	lazyEmbedsHeight = 700 * 6
)

// LazyEmbeds loads docsURL, a LazyEmbedsPage, loads times, each in a fresh
// browser context (a cold cache), and measures each frame's FrameCost (its
// verdict's time from the docs page's navigation) and then the editable
// frame's first edit.
func LazyEmbeds(b *browsertest.Browser, docsURL string, loads int) ([]LazyEmbedsLoad, error) {
	var all []LazyEmbedsLoad
	for range loads {
		load, err := lazyEmbedsOnce(b, docsURL)
		if err != nil {
			return all, err
		}
		all = append(all, load)
	}
	return all, nil
}

func lazyEmbedsOnce(b *browsertest.Browser, docsURL string) (LazyEmbedsLoad, error) {
	ctx, closeTab, err := openFresh(b, "about:blank", loadTimeout)
	if err != nil {
		return LazyEmbedsLoad{}, err
	}
	defer closeTab()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(lazyEmbedsWidth, lazyEmbedsHeight), chromedp.Navigate(docsURL)); err != nil {
		return LazyEmbedsLoad{}, err
	}
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll("iframe")))
	if err != nil {
		return LazyEmbedsLoad{}, err
	}
	if len(nodes) != len(LazyEmbedSlugs) {
		return LazyEmbedsLoad{}, fmt.Errorf("%s has %d frames; want %d", docsURL, len(nodes), len(LazyEmbedSlugs))
	}
	origin, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.timeOrigin`))
	if err != nil {
		return LazyEmbedsLoad{}, err
	}
	var load LazyEmbedsLoad
	for _, node := range nodes {
		cost, err := InFrame[FrameCost](ctx, node, FrameCostJS)
		if err != nil {
			return LazyEmbedsLoad{}, err
		}
		cost.VerdictAt -= origin
		load.Frames = append(load.Frames, cost)
	}
	touched, err := InFrame[float64](ctx, nodes[0], TouchJS)
	if err != nil {
		return LazyEmbedsLoad{}, err
	}
	load.Touched = time.Duration(touched * float64(time.Millisecond))
	return load, nil
}
