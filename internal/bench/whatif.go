package bench

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// WhatIfCommands are the what-ifs timed on the generated cluster: one pool
// of about 400 GPU nodes, and every node.
var WhatIfCommands = []string{
	"kubectl taint nodes -l pool=gpu nvidia.com/gpu=present:NoExecute",
	"kubectl taint nodes --all maintenance=now:NoExecute",
}

// WhatIfResult is one command's round trips in the page and the WASM's
// linear memory after the last of them.
type WhatIfResult struct {
	Command     string
	Timings     []time.Duration
	MemoryBytes int64
}

// askWhatIf submits the what-if form with a command, as Enter in its field
// does, and waits for the page's own measure of the round trip (the call to
// the lists drawn), which the page writes on the timing element with the
// WASM memory.
const askWhatIf = `(async (command) => {
	const timing = document.querySelector('.js-whatif-timing');
	delete timing.dataset.milliseconds;
	document.querySelector('.js-whatif-line').value = command;
	document.querySelector('.js-whatif-form').requestSubmit();
	while (!timing.dataset.milliseconds) await new Promise((resolve) => setTimeout(resolve, 5));
	return [Number(timing.dataset.milliseconds), Number(timing.dataset.memory)];
})`

// WhatIfGenerated opens url, clicks "Load the generated 5,000-node cluster"
// and times runs what-ifs of each command (after warmUp dropped ones).
func WhatIfGenerated(b *browsertest.Browser, url string, runs int) ([]WhatIfResult, error) {
	ctx, closeTab, err := openFresh(b, url, 2*loadTimeout)
	if err != nil {
		return nil, err
	}
	defer closeTab()
	if _, err := chromedp.Run(ctx, chromedp.Poll[float64](firstVerdictMark)); err != nil {
		return nil, fmt.Errorf("waiting for the first verdict: %w", err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".js-whatif-load-generated")),
		chromedp.WaitVisible(chromedp.CSS(".js-whatif-cluster-summary"))); err != nil {
		return nil, fmt.Errorf("loading the generated cluster: %w", err)
	}
	var results []WhatIfResult
	for _, command := range WhatIfCommands {
		quoted, err := json.Marshal(command)
		if err != nil {
			return nil, err
		}
		result := WhatIfResult{Command: command}
		for i := range warmUp + runs {
			answer, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](askWhatIf+"("+string(quoted)+")", chromedp.EvalAwaitPromise))
			if err != nil {
				return nil, fmt.Errorf("what-if %s: %w", command, err)
			}
			if i >= warmUp {
				result.Timings = append(result.Timings, milliseconds(answer[0]))
			}
			result.MemoryBytes = int64(answer[1])
		}
		results = append(results, result)
	}
	return results, nil
}
