package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/internal/cli"
)

// TestDownloadReport opens examples by link, clicks "Download report (JSON)"
// and reads the file the browser saves: byte for byte what `taint-playground
// check -o json` prints for the same text, the editors' texts given as files
// named as the editors (nodes, pods), so that positions name the same thing.
// toleration-order-matters has diagnostics, dedicated-nodes pending and
// running pods.
func TestDownloadReport(t *testing.T) {
	for _, slug := range []string{"dedicated-nodes", "toleration-order-matters"} {
		t.Run(slug, func(t *testing.T) {
			s := scenario(t, slug)
			if s.Settings != core.DefaultOptions() {
				t.Fatalf("%s has settings of its own; the command line below runs with the defaults", slug)
			}
			p := open(t, "/?example="+slug)
			dir := p.allowDownloads()
			p.clickButton("Download report (JSON)")
			got := waitForFile(t, filepath.Join(dir, "taint-playground-report.json"))

			want := runCommandLine(t, map[string]string{core.EditorNodes: s.Nodes, core.EditorPods: s.Pods},
				"check", "-o", "json", "-f", core.EditorNodes, "-f", core.EditorPods)
			if diff := cmp.Diff(want, string(got)); diff != "" {
				t.Errorf("the downloaded report (+) is not check -o json's output (-):\n%s", diff)
			}
			var report engine.Verdicts
			if err := json.Unmarshal(got, &report); err != nil {
				t.Fatalf("the downloaded report is not JSON: %v", err)
			}
			if w := engine.Load(s.Nodes, s.Pods, s.Settings); len(report.Pods) != len(w.Pods) || len(report.Diagnostics) != len(w.Diagnostics) {
				t.Errorf("the report has %d pods and %d diagnostics; the engine reads %d and %d", len(report.Pods), len(report.Diagnostics), len(w.Pods), len(w.Diagnostics))
			}
			p.finish("download-report-" + slug)
		})
	}
}

// TestDownloadReportLargeDocument pastes 47 large nodes (400 KB), a text the
// Nodes editor takes in its large-document mode, and 600 pods: a windowed
// workspace, of which the page holds only the first window of cells. The
// report download still has every pod's verdict: the engine's Verdicts of
// the same text, byte for byte.
func TestDownloadReportLargeDocument(t *testing.T) {
	const podCount = 600
	nodes, nodeCount := bigNodes(400_000)
	pods := oneLineObjects("Pod", podCount)
	w := engine.Load(nodes, pods, core.DefaultOptions())
	if w.EvaluatePage(engine.FirstWindow).Window == nil {
		t.Fatalf("%d pods on %d nodes come whole; want a windowed report", podCount, nodeCount)
	}
	p := open(t, "/")
	dir := p.allowDownloads()
	p.paste("nodes", nodes)
	p.waitLarge("nodes")
	p.paste("pods", pods)
	p.waitText(".js-results-summary", thousands(podCount)+" pods × "+thousands(nodeCount)+" nodes")
	p.clickButton("Download report (JSON)")
	got := waitForFile(t, filepath.Join(dir, "taint-playground-report.json"))

	var want bytes.Buffer
	if err := engine.WriteJSONDocument(&want, w.Verdicts()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want.Bytes(), got) {
		t.Errorf("the downloaded report (%d bytes) is not the engine's verdicts (%d bytes); it starts:\n%.400s", len(got), want.Len(), got)
	}
	var report engine.Verdicts
	if err := json.Unmarshal(got, &report); err != nil {
		t.Fatalf("the downloaded report is not JSON: %v", err)
	}
	if len(report.Pods) != podCount {
		t.Errorf("the report judges %d pods; want %d", len(report.Pods), podCount)
	}
	for _, pod := range report.Pods {
		if pod.Verdict == "" || len(pod.Blocked)+len(pod.Fits) != nodeCount {
			t.Errorf("pod %s has verdict %q with %d nodes it fits and %d blocked; want a verdict over all %d nodes", pod.Name, pod.Verdict, len(pod.Fits), len(pod.Blocked), nodeCount)
		}
	}
	p.finish("")
}

// TestDownloadWhatIfPasted pastes a cluster into the editors, asks the
// what-if about a maintenance taint and downloads the blast radius: the JSON
// is byte for byte what `taint-playground whatif -o json` prints for the
// same files and command (radius, totals, nodeNames, podNames and
// diagnostics), the CSV the engine's WriteRadiusCSV of the same radius.
func TestDownloadWhatIfPasted(t *testing.T) {
	const command = "kubectl taint nodes -l pool=db maintenance=now:NoExecute"
	p := open(t, "/")
	dir := p.allowDownloads()
	p.paste("nodes", whatIfNodes)
	p.paste("pods", whatIfPods)
	p.waitText(".js-results-summary", "4 pods × 3 nodes")
	p.whatIf(command)
	p.waitText(".js-whatif-summary", "2 nodes change")

	p.clickButton("Download blast radius (JSON)")
	got := waitForFile(t, filepath.Join(dir, "taint-playground-whatif.json"))
	want := runCommandLine(t, map[string]string{core.EditorNodes: whatIfNodes, core.EditorPods: whatIfPods},
		append([]string{"whatif", "-o", "json", "-f", core.EditorNodes, "-f", core.EditorPods, "--"}, strings.Fields(command)...)...)
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("the downloaded blast radius (+) is not whatif -o json's output (-):\n%s", diff)
	}
	var report engine.WhatIfReport
	if err := json.Unmarshal(got, &report); err != nil {
		t.Fatalf("the download is not JSON: %v", err)
	}
	if len(report.NodeNames) != 3 || len(report.PodNames) != 4 || report.Radius == nil || len(report.Radius.EvictedNow) != 1 {
		t.Errorf("the download names %v and %v; its radius is %+v", report.NodeNames, report.PodNames, report.Radius)
	}

	p.clickButton("Download blast radius (CSV)")
	w := engine.Load(whatIfNodes, whatIfPods, core.DefaultOptions())
	radius, err := w.WhatIf(command)
	if err != nil {
		t.Fatal(err)
	}
	var wantCSV bytes.Buffer
	if err := engine.WriteRadiusCSV(&wantCSV, w.Rows(radius)); err != nil {
		t.Fatal(err)
	}
	if gotCSV := waitForFile(t, filepath.Join(dir, "taint-playground-whatif.csv")); !bytes.Equal(wantCSV.Bytes(), gotCSV) {
		t.Errorf("the CSV download is\n%s\nwant the engine's\n%s", gotCSV, wantCSV.Bytes())
	}
	p.finish("")
}

// allowDownloads lets the page download files, into a fresh folder it returns.
func (p *playground) allowDownloads() string {
	p.t.Helper()
	dir := p.t.TempDir()
	if _, err := chromedp.CallBrowser(p.Ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
	}); err != nil {
		p.t.Fatalf("allowing downloads: %v", err)
	}
	return dir
}

// runCommandLine writes files (name → text) into a fresh folder and runs the
// command line there, in this process, as `taint-playground ARGS` run in
// that folder: the positions it prints name the files as given. It returns
// standard output. The working directory is the folder only while the
// command runs (the browser tests run one at a time), since the tests find
// the module's root from it.
func runCommandLine(t *testing.T, files map[string]string, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	status := cli.Run(&cli.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}, args)
	if err := os.Chdir(wd); err != nil {
		t.Fatal(err)
	}
	if status == cli.ExitInvalid {
		t.Fatalf("taint-playground %s: status %d\n%s", strings.Join(args, " "), status, stderr.String())
	}
	return stdout.String()
}

// waitForFile waits for the browser to finish writing a download, and
// returns its bytes. Chromium writes a .crdownload file and renames it when
// done, so the final name appears only with the whole content.
func waitForFile(t *testing.T, path string) []byte {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		data, err := os.ReadFile(path)
		if err == nil {
			return data
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(filepath.Dir(path))
			t.Fatalf("no download at %s after 30 s (the folder holds %v)", path, entries)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
