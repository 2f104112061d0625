// Package browsertest drives the built playground in headless Chromium with
// chromedp, for the page's end-to-end tests and for make bench.
//
// A test serves web/dist with the real handler (Serve), starts one browser
// (NewBrowser), opens pages in it (NewPage) and acts with chromedp on
// Page.Ctx. Every page records console errors, uncaught exceptions, browser
// log errors and Content-Security-Policy violations, so a test ends with
// CheckNoProblems; Screenshot keeps images in test-artifacts/.
//
//	site := browsertest.Serve(t)
//	page := browsertest.NewBrowser(t).NewPage(t)
//	page.Navigate(site.URL + "/")
//	page.Do(chromedp.WaitVisible(chromedp.CSS("[data-first-verdict]")))
//	page.Screenshot("first-verdict")
//	page.CheckNoProblems()
package browsertest

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// Browser is one headless Chromium with a fresh profile, closed when the test ends.
type Browser struct {
	ctx context.Context
}

// WindowWidth and WindowHeight are the browser window's size, so that
// screenshots have one size.
const (
	WindowWidth  = 1280
	WindowHeight = 900
)

// NewBrowser starts Chromium for the test. Without a browser the test fails,
// saying what to install.
func NewBrowser(t testing.TB) *Browser {
	t.Helper()
	chrome, err := Chrome()
	if err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	profile := t.TempDir() // removed after the browser stops: cleanups run last-in first-out
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.UserDataDir(profile),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		// The machine's network is closed: keep Chromium from calling home.
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.WindowSize(WindowWidth, WindowHeight),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// The first run starts the browser; its life is tied to ctx, which has no deadline.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("browsertest: starting %s: %v", chrome, err)
	}
	return &Browser{ctx: ctx}
}
