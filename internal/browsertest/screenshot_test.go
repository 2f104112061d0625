package browsertest

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// readmeScreenshot makes TestPageScreenshot also write the README's image
// (make screenshot), which is committed.
var readmeScreenshot = flag.Bool("readme-screenshot", false, "also write docs/screenshot.png for README.md")

// TestPageScreenshot opens the built page as a first-time visitor sees it and
// keeps a screenshot of its first verdict, once the editors are highlighted,
// in test-artifacts/.
func TestPageScreenshot(t *testing.T) {
	site := Serve(t)
	p := NewBrowser(t).NewPage(t)
	p.Navigate(site.URL + "/")
	p.Do(
		chromedp.WaitVisible(chromedp.CSS("[data-first-verdict]")),
		chromedp.WaitReady(chromedp.CSS(".hl-line")), // the editors are highlighted
	)
	path := p.Screenshot("first-verdict")
	p.CheckNoProblems()
	if !*readmeScreenshot {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "screenshot.png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
