package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples"
)

// TestDownloadReport opens an example, clicks "Download report (JSON)" and
// reads the file the browser saves: it is the engine's Verdicts of the same
// text and settings, the shape `taint-playground check -o json` prints, with
// every pod's verdict.
func TestDownloadReport(t *testing.T) {
	scenario, err := examples.Find("dedicated-nodes")
	if err != nil {
		t.Fatal(err)
	}
	p := open(t, "/?example="+scenario.Slug)
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(p.Ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
	}); err != nil {
		t.Fatalf("allowing downloads: %v", err)
	}
	p.clickButton("Download report (JSON)")
	file := filepath.Join(dir, "taint-playground-report.json")
	data := waitForFile(t, file)

	var got, want any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("the downloaded report is not JSON: %v\n%s", err, data)
	}
	native, err := json.Marshal(engine.Load(scenario.Nodes, scenario.Pods, scenario.Settings).Verdicts())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(native, &want); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("downloaded report (-engine +page):\n%s", diff)
	}
	p.finish("download-report")
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
