// Command bench prints, in one run, what make bench reports: (1) the release
// WASM's raw, gzip and brotli bytes; (2) page load to first rendered verdict
// in headless Chromium, and (2b) the WASM code V8 compiles before it, counted
// in Node; (3) evaluate-and-render latency in the page for the
// docs example, for 500 nodes × 50 pods and for the largest workspaces the
// engine's budget allows (engine.MaxPairs pairs), with the WASM's memory; (4)
// the what-if on the generated 5,000 nodes × 30 pods in the page and the
// WASM's memory; (5) opening a share link that inflates to 1 GiB; (6) the
// engine's native speed against upstream's helpers; (7) decoding hostile
// inputs at the limits and decoding speed; (8) the WASM's code by package
// and (8b) the served WASM by kind (code, the data's tables); (9) a
// cluster-sized device inventory against the node-only snapshot of the
// same size; and last, issue 12's targets, each figure beside its target with PASS or
// FAIL. It measures and never fails on a timing. -only devices runs
// section 9 alone, without a browser.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// Issue 12's targets, printed beside the figures and in the closing table.
const (
	brotliTarget       = 1_100_000
	firstVerdictTarget = 300 * time.Millisecond
	docsTarget         = 4 * time.Millisecond
	largeTarget        = 50 * time.Millisecond
	pastedNodesTarget  = time.Second
	highlightTarget    = 20 * time.Millisecond
	evaluateTarget     = 20 * time.Millisecond
	speedupTarget      = 10.0
	decodeTarget       = 50.0 // MB/s
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run() error {
	only := flag.String("only", "", "run only the named section (wasm-size, first-verdict, lazy-embeds, devices, …), without the others")
	flag.Parse()
	chosen, err := chooseSections(*only)
	if err != nil {
		return err
	}
	if len(chosen) == 1 && chosen[0].alone {
		r := &benchRun{}
		if err := chosen[0].run(r); err != nil {
			return err
		}
		r.targets.print()
		return nil
	}
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
	fmt.Printf("Taint Playground bench: %s, %s, %d CPUs, load average %s\n\n", runtime.Version(), version.Product, runtime.NumCPU(), loadAverage())
	r := &benchRun{site: site, browser: b}
	for _, s := range chosen {
		if err := s.run(r); err != nil {
			return err
		}
	}
	fmt.Printf("Issue 12's targets (load average now %s)\n", loadAverage())
	r.targets.print()
	return nil
}

// chooseSections is every section, or the one named only.
func chooseSections(only string) ([]section, error) {
	if only == "" {
		return sections, nil
	}
	var names []string
	for _, s := range sections {
		if s.name == only {
			return []section{s}, nil
		}
		names = append(names, s.name)
	}
	return nil, fmt.Errorf("-only %q: no such section; the sections are %s", only, strings.Join(names, ", "))
}

// firstBytes is text cut at the end of the line that reaches n bytes.
func firstBytes(text string, n int) string {
	if len(text) <= n {
		return text
	}
	if end := strings.IndexByte(text[n:], '\n'); end >= 0 {
		return text[:n+end+1]
	}
	return text
}

// loadAverage is the machine's 1-, 5- and 15-minute load average, which says
// how much else ran beside the figures; "unknown" off Linux.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	fields := strings.Fields(string(data))
	if len(fields) < 3 {
		return "unknown"
	}
	return strings.Join(fields[:3], " ")
}

// line prints a summary of timings in milliseconds.
func line(s bench.Summary) string {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
	return fmt.Sprintf("median %s  p95 %s  fastest %s  slowest %s  (%d runs)",
		ms(s.Median), ms(s.P95), ms(s.Fastest), ms(s.Slowest), s.Runs)
}
