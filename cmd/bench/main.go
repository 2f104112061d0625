// Command bench prints, in one run, what make bench reports: (1) the release
// WASM's raw, gzip and brotli bytes; (2) page load to first rendered verdict
// in headless Chromium; (3) evaluate-and-render latency in the page for the
// docs example, for 500 nodes × 50 pods and for the largest workspaces the
// engine's budget allows (engine.MaxPairs pairs), with the WASM's memory; (4)
// the what-if on the generated 5,000 nodes × 30 pods in the page and the
// WASM's memory; (5) opening a share link that inflates to 1 GiB; (6) the
// engine's native speed against upstream's helpers; (7) decoding hostile
// inputs at the limits. It measures and never fails on a timing.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// Targets from issues 2 and 4, printed beside the figures.
const (
	firstVerdictTarget = 600 * time.Millisecond
	docsTarget         = 16 * time.Millisecond
	largeTarget        = 250 * time.Millisecond
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run() error {
	site, stopServer, err := browsertest.ServeDist()
	if err != nil {
		return err
	}
	defer stopServer()
	profile, err := os.MkdirTemp("", "taint-playground-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	b, stopBrowser, err := browsertest.Launch(profile)
	if err != nil {
		return err
	}
	defer stopBrowser()
	version, err := chromedp.CallBrowser(b.Context(), browser.GetVersion, cdp.Empty{})
	if err != nil {
		return err
	}
	fmt.Printf("Taint Playground bench: %s, %s, %d CPUs\n\n", runtime.Version(), version.Product, runtime.NumCPU())

	sizes, err := bench.WASMSizes(site.Dir, site.WASM)
	if err != nil {
		return err
	}
	fmt.Printf("1. Release WASM %s\n", site.WASM)
	fmt.Printf("   raw     %10d bytes\n   gzip    %10d bytes\n   brotli  %10d bytes (budget %d)\n\n",
		sizes.Raw, sizes.Gzip, sizes.Brotli, bench.BrotliBudget)

	const loads = 10
	first, err := bench.FirstVerdict(b, site.URL+"/", loads)
	if err != nil {
		return err
	}
	fmt.Printf("2. Page load to first rendered verdict, %d loads, each in a fresh browser context (cold cache)\n", loads)
	fmt.Printf("   %s (target ≤ %v)\n\n", line(bench.Summarize(first)), firstVerdictTarget)

	fmt.Println("3. Evaluate and render in the page (window.__tpBench.evaluate: worker, answer, verdicts drawn)")
	docs, err := examples.Find("docs-three-taints")
	if err != nil {
		return err
	}
	largeNodes, largePods := bench.Workspace(500, 50, 1)
	squareNodes, squarePods := bench.Workspace(1000, 1000, 1)
	tallNodes, tallPods := bench.Workspace(100, 10000, 1)
	for _, w := range []struct {
		name        string
		nodes, pods string
		runs        int
		target      time.Duration
	}{
		{"docs three-taint example (examples/docs-three-taints.yaml), 1 node × 2 pods", docs.Nodes, docs.Pods, 30, docsTarget},
		{fmt.Sprintf("generated 500 nodes × 50 pods (%d + %d bytes of YAML)", len(largeNodes), len(largePods)), largeNodes, largePods, 20, largeTarget},
		{fmt.Sprintf("largest within the budget: 1,000 nodes × 1,000 pods, engine.MaxPairs = %d pairs, windowed (%d + %d bytes)", engine.MaxPairs, len(squareNodes), len(squarePods)), squareNodes, squarePods, 5, 0},
		{fmt.Sprintf("largest within the budget: 100 nodes × 10,000 pods (the editors' most pods), windowed (%d + %d bytes)", len(tallNodes), len(tallPods)), tallNodes, tallPods, 5, 0},
	} {
		result, err := bench.EvaluateLatency(b, site.URL+"/", w.nodes, w.pods, w.runs)
		if err != nil {
			return err
		}
		target := ""
		if w.target > 0 {
			target = fmt.Sprintf(" (target median ≤ %v)", w.target)
		}
		fmt.Printf("   %s\n   %s%s, WASM memory %.0f MB\n", w.name, line(bench.Summarize(result.Timings)), target, float64(result.MemoryBytes)/1e6)
	}
	fmt.Println()

	fmt.Println("4. What-if on the generated 5,000 nodes × 30 pods in the page (round trip: worker, engine, lists drawn)")
	whatIfs, err := bench.WhatIfGenerated(b, site.URL+"/", 10)
	if err != nil {
		return err
	}
	for _, w := range whatIfs {
		fmt.Printf("   %s\n   %s, WASM memory %.0f MB\n", w.Command, line(bench.Summarize(w.Timings)), float64(w.MemoryBytes)/1e6)
	}
	fmt.Println()

	const bombMiB = 1024
	fmt.Printf("5. Opening a share link that inflates to %d MiB of zeros (the page stops at 4 MiB)\n", bombMiB)
	for range 3 {
		bomb, err := bench.OpenBomb(b, site.URL+"/", bombMiB)
		if err != nil {
			return err
		}
		fmt.Printf("   link %.2f MB: decoding %.1f ms, fed %d compressed bytes, inflated %.1f MiB, JS heap after %.1f MB\n",
			float64(bomb.LinkBytes)/1e6, float64(bomb.Decode)/float64(time.Millisecond), bomb.Fed,
			float64(bomb.Inflated)/(1<<20), float64(bomb.JSHeapUsedSize)/1e6)
	}
	fmt.Println()

	fmt.Println("6. Engine (native) against upstream's helpers on the same generated inputs (go test -bench)")
	output, err := bench.RunEngineBenchmarks("^Benchmark(Match|Filter|Eviction|Evaluate)$", "1s")
	if err != nil {
		return err
	}
	comparisons := bench.ParseComparisons(output)
	if len(comparisons) == 0 {
		fmt.Println("   no engine/upstream benchmark pairs in the output:")
		fmt.Print(output)
	}
	for _, c := range comparisons {
		fmt.Printf("   %-9s %-9s engine %12v   upstream %12v   engine %.2f× upstream's speed\n",
			c.Benchmark, c.Size, c.Engine, c.Upstream, c.Speedup())
	}
	fmt.Println()

	fmt.Println("7. Decoding hostile inputs (native, go test -bench BenchmarkHostileInputs): each stops at a limit of engine/manifest/limits.go")
	output, err = bench.RunEngineBenchmarks("^BenchmarkHostileInputs$", "3x")
	if err != nil {
		return err
	}
	for _, l := range strings.Split(output, "\n") {
		if name, ok := strings.CutPrefix(l, "BenchmarkHostileInputs/"); ok {
			fmt.Println("   " + name)
		}
	}
	return nil
}

// line prints a summary of timings in milliseconds.
func line(s bench.Summary) string {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
	return fmt.Sprintf("median %s  p95 %s  fastest %s  slowest %s  (%d runs)",
		ms(s.Median), ms(s.P95), ms(s.Fastest), ms(s.Slowest), s.Runs)
}
