package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples/generated"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// maxWhatIfTask bounds the longest main-thread task while the page answers a
// what-if on the generated cluster: the engine works in the worker, and the
// page parses and draws one page of each list. The bound leaves room for a
// loaded machine and still fails a page that draws the 150,000 pods.
const maxWhatIfTask = 1000

// TestWhatIfGeneratedCluster loads the generated 5,000-node cluster, types
// kubectl taint lines as an operator would, and checks the page's counts and
// first names against the engine's own answer on the same cluster, built
// here from the same seed. It logs how long each what-if took in the page,
// the WASM's memory and the longest main-thread task. Editing an editor
// returns the what-if to the editors' cluster.
func TestWhatIfGeneratedCluster(t *testing.T) {
	w := generated.Cluster(generated.Large)
	p := open(t, "/")
	p.clickButton("Load the generated 5,000-node cluster (30 pods each)")
	running := len(w.Pods) - pendingPods(w)
	p.waitText(".js-whatif-cluster-summary", fmt.Sprintf("%s nodes (", thousands(len(w.Nodes))))
	summary := p.text(".js-whatif-cluster-summary")
	wantPods := fmt.Sprintf("%s pods (%s running, %s pending)", thousands(len(w.Pods)), thousands(running), thousands(pendingPods(w)))
	if !strings.Contains(summary, wantPods) || !strings.Contains(summary, "WASM memory: ") {
		t.Errorf("the cluster's summary says %q; want %q and the WASM memory", summary, wantPods)
	}
	t.Logf("loaded: %s", summary)

	for _, command := range []string{
		"kubectl taint nodes -l pool=gpu nvidia.com/gpu=present:NoExecute",
		"kubectl taint nodes --all maintenance=now:NoExecute",
	} {
		radius, err := w.WhatIf(command)
		if err != nil {
			t.Fatal(err)
		}
		browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`window.__longTasks = [];
window.__longTaskObserver?.disconnect();
window.__longTaskObserver = new PerformanceObserver((list) => { window.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))); });
window.__longTaskObserver.observe({ type: 'longtask' });`))
		p.whatIf(command)
		want := fmt.Sprintf("%s nodes change: %s running pods are evicted now, %s later, %s stay; %s pending pods can no longer schedule anywhere, %s newly can.",
			thousands(len(radius.Nodes)), thousands(len(radius.EvictedNow)), thousands(len(radius.EvictedLater)), thousands(len(radius.Stay)),
			thousands(len(radius.NoLongerSchedulable)), thousands(len(radius.NewlySchedulable)))
		// The page draws the summary and the timing in one task.
		p.waitText(".js-whatif-summary", want)
		if diff := cmp.Diff(podsOnNodes(w, radius.EvictedNow, 100), p.texts(".js-whatif-now li")); diff != "" {
			t.Errorf("%s: the first pods evicted now (-engine +page):\n%s", command, diff)
		}
		timing := p.text(".js-whatif-timing")
		if !strings.Contains(timing, "WASM memory") {
			t.Errorf("the timing says %q, without the WASM memory", timing)
		}
		tasks := browsertest.Run(p.Page, chromedp.Evaluate[[]float64](`window.__longTasks`))
		longest := 0.0
		for _, ms := range tasks {
			longest = max(longest, ms)
		}
		t.Logf("%s: %s longest main-thread task %v ms (all over 50 ms: %v)", command, timing, longest, tasks)
		if longest > maxWhatIfTask {
			t.Errorf("%s: a main-thread task took %v ms; want at most %v", command, longest, maxWhatIfTask)
		}
	}

	// The --all answer's list of pods evicted now grows a page per click.
	radius, _ := w.WhatIf("kubectl taint nodes --all maintenance=now:NoExecute")
	p.click(".js-whatif-now .js-whatif-more")
	p.waitFor(`document.querySelectorAll('.js-whatif-now li').length === 200`)
	if diff := cmp.Diff(podsOnNodes(w, radius.EvictedNow, 200), p.texts(".js-whatif-now li")); diff != "" {
		t.Errorf("the first 200 pods evicted now (-engine +page):\n%s", diff)
	}
	more := fmt.Sprintf("Show 100 more (200 of %s shown)", thousands(len(radius.EvictedNow)))
	p.waitText(".js-whatif-now .js-whatif-more", more)
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`document.querySelector('.js-whatif').scrollIntoView()`))
	p.Screenshot("whatif-generated")

	// A command kubectl refuses shows kubectl's error and no blast radius.
	const refused = "kubectl taint nodes -l 'pool in (gpu' maintenance=now:NoExecute"
	_, refusal := w.WhatIf(refused)
	if refusal == nil {
		t.Fatalf("the engine accepts %s", refused)
	}
	p.whatIf(refused)
	p.waitText(".js-whatif-error", refusal.Error())
	p.waitFor(`document.querySelector('.js-whatif-output').childElementCount === 0`)

	// Editing the editors returns the what-if to their cluster.
	p.typeAtEnd("pods", "\n# edited\n")
	p.waitText(".js-whatif-cluster", "back on the editors’ cluster")
	p.waitFor(`!document.querySelector('.js-whatif-summary')?.textContent.includes('5,000 nodes')`)
	p.finish("")
}

// podsOnNodes names the first n evictions as the page lists them.
func podsOnNodes(w *engine.Workspace, evictions []engine.PodEviction, n int) []string {
	var names []string
	for _, e := range evictions[:min(n, len(evictions))] {
		pod := &w.Pods[e.Pod]
		names = append(names, pod.Namespace+"/"+pod.Name+" on "+w.Nodes[e.Node].Name)
	}
	return names
}

func pendingPods(w *engine.Workspace) int {
	pending := 0
	for i := range w.Pods {
		if w.Pods[i].NodeName == "" {
			pending++
		}
	}
	return pending
}
