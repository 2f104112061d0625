package bench

import (
	"context"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
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

// FrameCostJS is a frame's FrameCost once its first verdict is on screen
// (null before), with its verdict's time since the epoch: FrameCosts
// subtracts the docs page's own time origin. A resource the browser's cache
// gave counts no bytes.
const FrameCostJS = `(() => {
	const mark = performance.getEntriesByName('first-verdict', 'mark')[0];
	if (!mark || document.querySelector('.js-results [aria-busy]')) return null;
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

// InFrame polls expression in the frame of node until it is truthy.
func InFrame[T any](ctx context.Context, node *chromedp.Node, expression string, timeout time.Duration) (T, error) {
	return chromedp.Run(ctx, chromedp.Poll[T](expression, chromedp.WithPollingInFrame(node), chromedp.WithPollingTimeout(timeout)))
}
