package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// benchRun is what the sections share: the built site, the browser, and
// the targets table they add their figures to.
type benchRun struct {
	site    *browsertest.Site
	browser *browsertest.Browser
	targets targetTable
}

// section is one of the report's sections, named for -only; alone when it
// needs no browser and no built site.
type section struct {
	name  string
	run   func(*benchRun) error
	alone bool
}

// sections are the report's sections, in the order they print.
var sections = []section{
	{"wasm-size", (*benchRun).wasmSize, false},
	{"first-verdict", (*benchRun).firstVerdict, false},
	{"boot-code", (*benchRun).bootCode, false},
	{"lazy-embeds", (*benchRun).lazyEmbeds, false},
	{"evaluate-latency", (*benchRun).evaluateLatency, false},
	{"engine-answers", (*benchRun).engineAnswers, false},
	{"what-if", (*benchRun).whatIf, false},
	{"share-bomb", (*benchRun).shareBomb, false},
	{"engine-speed", (*benchRun).engineSpeed, false},
	{"hostile-inputs", (*benchRun).hostileInputs, false},
	{"code-by-package", (*benchRun).codeByPackage, false},
	{"served-parts", (*benchRun).servedParts, false},
	{"devices", (*benchRun).deviceCluster, true},
}

// wasmSize prints (1), the release WASM's sizes.
func (r *benchRun) wasmSize() error {
	sizes, err := bench.WASMSizes(r.site.Dir, r.site.WASM)
	if err != nil {
		return err
	}
	fmt.Printf("1. Release WASM %s\n", r.site.WASM)
	fmt.Printf("   raw     %10d bytes\n   gzip    %10d bytes\n   brotli  %10d bytes (budget %d)\n\n",
		sizes.Raw, sizes.Gzip, sizes.Brotli, bench.BrotliBudget)
	r.targets.add("release WASM, brotli -q 11", fmt.Sprintf("%d B", sizes.Brotli), fmt.Sprintf("≤ %d B", brotliTarget), sizes.Brotli <= brotliTarget)
	return nil
}

// firstVerdict prints (2), page load to first rendered verdict.
func (r *benchRun) firstVerdict() error {
	const loads = 10
	first, err := bench.FirstVerdict(r.browser, r.site.URL+"/", loads)
	if err != nil {
		return err
	}
	fmt.Printf("2. Page load to first rendered verdict, %d loads, each in a fresh browser context (cold cache)\n", loads)
	fmt.Printf("   %s (target median ≤ %v)\n", line(bench.Summarize(first.Rendered)), firstVerdictTarget)
	fmt.Printf("   the WASM's own answer to that first evaluate (the page drew the one mkdist computed): %s\n\n", line(bench.Summarize(first.Worker)))
	r.targets.addTiming("first verdict after navigation, median of 10 cold loads", bench.Summarize(first.Rendered).Median, firstVerdictTarget)
	r.targets.addInfo("  the WASM's own first answer, same loads", bench.Summarize(first.Worker).Median, "no target: the page shows mkdist's answer first")
	return nil
}

// bootCode prints (2b), the WASM code V8 compiles before the first verdict.
func (r *benchRun) bootCode() error {
	firstEvaluate, err := browsertest.PageFirstCallArg("evaluate")
	if err != nil {
		return err
	}
	boot, err := bench.MeasureBootCode(filepath.Join(r.site.Dir, r.site.WASM), filepath.Join(r.site.Dir, "wasm_exec.js"), firstEvaluate)
	if err != nil {
		return err
	}
	fmt.Println("2b. WASM code V8 compiles before the first verdict, each function on its first call (Node, as the worker starts it)")
	for _, p := range []struct {
		name string
		code bench.CompiledCode
	}{{"go.run (inits, main)", boot.Start}, {"first evaluate", boot.Evaluate}, {"total", boot.Total()}} {
		fmt.Printf("   %-22s %5d functions %9d bytes\n", p.name, p.code.Functions, p.code.Bytes)
	}
	fmt.Println()
	return nil
}

// evaluateLatency prints (3), evaluate and render in the page.
func (r *benchRun) evaluateLatency() error {
	fmt.Println("3. Evaluate and render in the page (window.__tpBench.evaluate: worker, answer, verdicts drawn), each call once the page has drawn the one before")
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
		// backToBack starts each call as soon as the one before has
		// rendered, without waiting for the page to draw it.
		backToBack bool
		target     time.Duration
		figure     string
		// info is the target table's row for a figure without a target.
		info string
	}{
		{"docs three-taint example (examples/docs-three-taints.yaml), 1 node × 2 pods", docs.Nodes, docs.Pods, 30, false, docsTarget, "docs example, evaluate + render in the page, median", ""},
		{"the same, back to back (each call the moment the one before has rendered, its frame not yet drawn)", docs.Nodes, docs.Pods, 30, true, 0, "", "  the docs example back to back"},
		{fmt.Sprintf("generated 500 nodes × 50 pods (%d + %d bytes of YAML)", len(largeNodes), len(largePods)), largeNodes, largePods, 20, false, largeTarget, "500 nodes × 50 pods, evaluate + render in the page, median", ""},
		{fmt.Sprintf("largest within the budget: 1,000 nodes × 1,000 pods, engine.MaxPairs = %d pairs, windowed (%d + %d bytes)", engine.MaxPairs, len(squareNodes), len(squarePods)), squareNodes, squarePods, 5, false, 0, "", ""},
		{fmt.Sprintf("largest within the budget: 100 nodes × 10,000 pods (the editors' most pods), windowed (%d + %d bytes)", len(tallNodes), len(tallPods)), tallNodes, tallPods, 5, false, 0, "", ""},
	} {
		result, err := bench.EvaluateLatency(r.browser, r.site.URL+"/", w.nodes, w.pods, w.runs, !w.backToBack)
		if err != nil {
			return err
		}
		target := ""
		if w.target > 0 {
			target = fmt.Sprintf(" (target median ≤ %v)", w.target)
		}
		fmt.Printf("   %s\n   %s%s, WASM memory %.0f MB\n", w.name, line(bench.Summarize(result.Timings)), target, float64(result.MemoryBytes)/1e6)
		if w.figure != "" {
			r.targets.addTiming(w.figure, bench.Summarize(result.Timings).Median, w.target)
		}
		if w.info != "" {
			r.targets.addInfo(w.info, bench.Summarize(result.Timings).Median, "no target: the call before's drawing lands in each round trip")
		}
	}
	fmt.Println()
	return nil
}

// engineAnswers prints (3b), the engine's answers in the page without drawing.
func (r *benchRun) engineAnswers() error {
	fmt.Println("3b. The engine's answer in the page, without drawing (engine.call through the worker)")
	docs, err := examples.Find("docs-three-taints")
	if err != nil {
		return err
	}
	largeNodes, _ := bench.Workspace(500, 50, 1)
	pastedNodes, _ := bench.Workspace(10000, 0, 1)
	pasted, err := bench.EngineCall(r.browser, r.site.URL+"/", "evaluate", map[string]string{"nodes": pastedNodes, "pods": docs.Pods}, 5)
	if err != nil {
		return err
	}
	fmt.Printf("   10,000 nodes pasted (%d bytes) with the docs example's pods: evaluate\n   %s (target median ≤ %v)\n", len(pastedNodes), line(bench.Summarize(pasted)), pastedNodesTarget)
	r.targets.addTiming("10,000 nodes pasted, answer in the WASM, median", bench.Summarize(pasted).Median, pastedNodesTarget)
	yaml100KB := firstBytes(largeNodes, 100_000)
	highlighted, err := bench.EngineCall(r.browser, r.site.URL+"/", "highlight", map[string]string{"text": yaml100KB, "editor": "nodes"}, 10)
	if err != nil {
		return err
	}
	fmt.Printf("   highlighting %d bytes of node YAML\n   %s (target median ≤ %v)\n\n", len(yaml100KB), line(bench.Summarize(highlighted)), highlightTarget)
	r.targets.addTiming("highlighting 100 KB of YAML in the WASM, median", bench.Summarize(highlighted).Median, highlightTarget)
	return nil
}

// whatIf prints (4), the what-if on the generated cluster.
func (r *benchRun) whatIf() error {
	fmt.Println("4. What-if on the generated 5,000 nodes × 30 pods in the page (round trip: worker, engine, lists drawn)")
	whatIfs, err := bench.WhatIfGenerated(r.browser, r.site.URL+"/", 10)
	if err != nil {
		return err
	}
	for _, w := range whatIfs {
		fmt.Printf("   %s\n   %s, WASM memory %.0f MB\n", w.Command, line(bench.Summarize(w.Timings)), float64(w.MemoryBytes)/1e6)
	}
	fmt.Println()
	return nil
}

// shareBomb prints (5), opening a share link that inflates to 1 GiB.
func (r *benchRun) shareBomb() error {
	const bombMiB = 1024
	fmt.Printf("5. Opening a share link that inflates to %d MiB of zeros (the page stops at 4 MiB)\n", bombMiB)
	for range 3 {
		bomb, err := bench.OpenBomb(r.browser, r.site.URL+"/", bombMiB)
		if err != nil {
			return err
		}
		fmt.Printf("   link %.2f MB: decoding %.1f ms, fed %d compressed bytes, inflated %.1f MiB, JS heap after %.1f MB\n",
			float64(bomb.LinkBytes)/1e6, float64(bomb.Decode)/float64(time.Millisecond), bomb.Fed,
			float64(bomb.Inflated)/(1<<20), float64(bomb.JSHeapUsedSize)/1e6)
	}
	fmt.Println()
	return nil
}

// engineSpeed prints (6), the engine's native speed against upstream's helpers.
func (r *benchRun) engineSpeed() error {
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
		if c.Benchmark == "Evaluate" && c.Size == "5000x100" {
			r.targets.add("native Evaluate 5,000 nodes × 100 pods", fmt.Sprintf("%.1f ms, %.1f× upstream", float64(c.Engine)/float64(time.Millisecond), c.Speedup()),
				fmt.Sprintf("≤ %v, ≥ %.0f× upstream", evaluateTarget, speedupTarget), c.Engine <= evaluateTarget && c.Speedup() >= speedupTarget)
		}
	}
	fmt.Println()
	return nil
}

// hostileInputs prints (7), decoding hostile inputs and decoding speed.
func (r *benchRun) hostileInputs() error {
	fmt.Println("7. Decoding hostile inputs (native, go test -bench BenchmarkHostileInputs): each stops at a limit of engine/manifest/limits.go")
	output, err := bench.RunEngineBenchmarks("^BenchmarkHostileInputs$", "3x")
	if err != nil {
		return err
	}
	for _, l := range strings.Split(output, "\n") {
		if name, ok := strings.CutPrefix(l, "BenchmarkHostileInputs/"); ok {
			fmt.Println("   " + name)
		}
	}
	output, err = bench.RunEngineBenchmarks("^BenchmarkDecodeNodes5000$", "3x")
	if err != nil {
		return err
	}
	throughput, ok := bench.ParseThroughput(output, "DecodeNodes5000")
	if !ok {
		return fmt.Errorf("no MB/s in BenchmarkDecodeNodes5000's output:\n%s", output)
	}
	fmt.Printf("   DecodeNodes of 5,000 nodes of kubectl get nodes -o yaml: %.1f MB/s (target ≥ %.0f MB/s)\n\n", throughput, decodeTarget)
	r.targets.add("native DecodeNodes, 5,000 nodes of kubectl get nodes -o yaml", fmt.Sprintf("%.1f MB/s", throughput), fmt.Sprintf("≥ %.0f MB/s", decodeTarget), throughput >= decodeTarget)
	return nil
}

// codeByPackage prints (8), the WASM's code by package.
func (r *benchRun) codeByPackage() error {
	fmt.Println("8. The release WASM's code by package (function bodies; each package compressed alone with brotli -q 11)")
	root, err := browsertest.ModuleRoot()
	if err != nil {
		return err
	}
	packages, err := bench.PackageSizes(root)
	if err != nil {
		return err
	}
	for i, p := range packages {
		if i == 15 {
			fmt.Printf("   … and %d packages more\n", len(packages)-i)
			break
		}
		fmt.Printf("   %-60s raw %9d   brotli %8d\n", p.Package, p.Raw, p.Brotli)
	}
	fmt.Println()
	return nil
}

// servedParts prints (8b), the served WASM by kind.
func (r *benchRun) servedParts() error {
	fmt.Printf("8b. The release WASM as served (%s) by kind, each part compressed alone with brotli -q 11\n", r.site.WASM)
	module, err := os.ReadFile(filepath.Join(r.site.Dir, r.site.WASM))
	if err != nil {
		return err
	}
	parts, err := bench.WASMParts(module)
	if err != nil {
		return err
	}
	for _, p := range parts {
		fmt.Printf("   %-60s raw %9d   brotli %8d\n", p.Name, p.Raw, p.Brotli)
	}
	fmt.Println()
	return nil
}
