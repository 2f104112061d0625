package bench

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// EngineCall opens url, waits for the first verdict, and times runs calls of
// one bridge function through the page's worker (engine.call in bridge.js):
// the WASM's work and the answer's trip back to the page, without drawing
// anything. It measures the engine as the page reaches it, for figures such
// as "10,000 nodes pasted, answer in the WASM".
func EngineCall(b *browsertest.Browser, url, function string, arg any, runs int) ([]time.Duration, error) {
	ctx, closeTab, err := openForRuns(b, url, runs)
	if err != nil {
		return nil, err
	}
	defer closeTab()
	data, err := json.Marshal([]any{function, arg})
	if err != nil {
		return nil, err
	}
	call := fmt.Sprintf(`Promise.resolve(taintPlaygroundBridge).then(async ({ engine }) => {
	const [fn, arg] = %s;
	const begin = performance.now();
	await engine.call(fn, arg);
	return performance.now() - begin;
})`, data)
	var timings []time.Duration
	for i := range warmUp + runs {
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](call, chromedp.EvalAwaitPromise))
		if err != nil {
			return nil, fmt.Errorf("engine.call(%q): %w", function, err)
		}
		if i >= warmUp {
			timings = append(timings, milliseconds(ms))
		}
	}
	return timings, nil
}
