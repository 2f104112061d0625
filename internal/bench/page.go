package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// loadTimeout bounds one page load; evaluationTimeout, added per evaluation,
// bounds a series of them (the editors' 10,000 pods take several seconds
// each, and many more on a busy machine).
const (
	loadTimeout       = 2 * time.Minute
	evaluationTimeout = 30 * time.Second
)

// firstVerdictMark reads the time, from the start of navigation, at which the
// page rendered its first verdict: it sets performance.mark('first-verdict')
// then. Polling returns once the mark exists.
const firstVerdictMark = `(() => {
	const mark = performance.getEntriesByName('first-verdict', 'mark')[0];
	return mark ? mark.startTime : 0;
})()`

// FirstVerdicts are, for each load, the time from navigation to the first
// rendered verdict and to the worker's answer to the page's first evaluate.
// On a first visit the page shows the answer mkdist wrote into it, and the
// WASM's own answer comes later: the first verdict the WASM would have
// given, without drawing. Without that answer both are the rendered verdict.
type FirstVerdicts struct {
	Rendered, Worker []time.Duration
}

// firstVerdictMarks waits for both moments, in ms from navigation.
const firstVerdictMarks = `(() => {
	const at = (name) => { const mark = performance.getEntriesByName(name, 'mark')[0]; return mark ? mark.startTime : 0; };
	const rendered = at('first-verdict');
	if (!rendered) return null;
	const worker = taintPlaygroundBridge.engine.answeredAtBuild.length ? at('first-answer-from-worker') : rendered;
	return worker ? { rendered, worker } : null;
})()`

// FirstVerdict loads url in a fresh browser context each time, so the HTTP
// cache and storage are empty as on a first visit, and returns the first
// verdicts of each load.
func FirstVerdict(b *browsertest.Browser, url string, loads int) (FirstVerdicts, error) {
	var all FirstVerdicts
	for range loads {
		rendered, worker, err := firstVerdictOnce(b, url)
		if err != nil {
			return all, err
		}
		all.Rendered = append(all.Rendered, milliseconds(rendered))
		all.Worker = append(all.Worker, milliseconds(worker))
	}
	return all, nil
}

// openFresh opens url in a new tab of a fresh browser context (a cold
// cache, no storage), with timeout for everything done there; closeTab
// closes both.
func openFresh(b *browsertest.Browser, url string, timeout time.Duration) (ctx context.Context, closeTab func(), err error) {
	tab, cancel := chromedp.NewContext(b.Context(), chromedp.WithNewBrowserContext())
	if err := chromedp.Do(tab); err != nil {
		cancel()
		return nil, nil, err
	}
	ctx, cancelTimeout := context.WithTimeout(tab, timeout)
	closeTab = func() { cancelTimeout(); cancel() }
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		closeTab()
		return nil, nil, err
	}
	return ctx, closeTab, nil
}

func firstVerdictOnce(b *browsertest.Browser, url string) (rendered, worker float64, err error) {
	ctx, closeTab, err := openFresh(b, url, loadTimeout)
	if err != nil {
		return 0, 0, err
	}
	defer closeTab()
	marks, err := chromedp.Run(ctx, chromedp.Poll[struct{ Rendered, Worker float64 }](firstVerdictMarks, chromedp.WithPollingInterval(5*time.Millisecond)))
	if err != nil {
		return 0, 0, fmt.Errorf("waiting for performance.mark('first-verdict') and the worker's first answer: %w", err)
	}
	return marks.Rendered, marks.Worker, nil
}

// warmUp is how many evaluations are run and dropped before timing, so that
// the first (which also compiles the page's code paths) does not count.
const warmUp = 2

// Evaluation is the round trips of one workspace in the page and the WASM's
// linear memory after the last of them.
type Evaluation struct {
	Timings     []time.Duration
	MemoryBytes int64
}

// engineMemory is the WASM's linear memory after the engine's last answer,
// as the page's Engine records it.
const engineMemory = `Promise.resolve(taintPlaygroundBridge).then(({ engine }) => engine.memory)`

// settled resolves with a timed call's milliseconds once the page has drawn
// the frame after it, untimed.
const settled = `.then((ms) => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(ms)))))`

// EvaluateLatency opens url, waits for the first verdict, and times runs calls
// of the page's window.__tpBench.evaluate(nodes, pods): the worker's
// evaluate, the answer's trip back, and rendering the verdicts. With settle,
// each call starts on a settled page, as a person's next edit comes after
// they have seen the verdicts: the call waits, untimed, until the frame that
// draws them is done. Back to back, that frame (style, layout and paint of
// the page; 2–14 ms for the docs example on a 2-core machine) lands inside
// the next call's round trip, holding the worker's answer in the queue.
func EvaluateLatency(b *browsertest.Browser, url, nodes, pods string, runs int, settle bool) (*Evaluation, error) {
	ctx, closeTab, err := openForRuns(b, url, runs)
	if err != nil {
		return nil, err
	}
	defer closeTab()
	args, err := json.Marshal([]string{nodes, pods})
	if err != nil {
		return nil, err
	}
	call := "window.__tpBench.evaluate(..." + string(args) + ")"
	if settle {
		call += settled
	}
	result := &Evaluation{}
	for i := range warmUp + runs {
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](call, chromedp.EvalAwaitPromise))
		if err != nil {
			return nil, fmt.Errorf("window.__tpBench.evaluate: %w", err)
		}
		if i >= warmUp {
			result.Timings = append(result.Timings, milliseconds(ms))
		}
	}
	result.MemoryBytes, err = chromedp.Run(ctx, chromedp.Evaluate[int64](engineMemory, chromedp.EvalAwaitPromise))
	return result, err
}

// openForRuns opens url in a fresh browser context, with time for the load
// and runs timed calls after the warm-up, and waits for the first verdict.
func openForRuns(b *browsertest.Browser, url string, runs int) (ctx context.Context, closeTab func(), err error) {
	ctx, closeTab, err = openFresh(b, url, loadTimeout+time.Duration(warmUp+runs)*evaluationTimeout)
	if err != nil {
		return nil, nil, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[float64](firstVerdictMark)); err != nil {
		closeTab()
		return nil, nil, fmt.Errorf("waiting for the first verdict: %w", err)
	}
	return ctx, closeTab, nil
}

func milliseconds(ms float64) time.Duration {
	return time.Duration(ms * float64(time.Millisecond))
}
