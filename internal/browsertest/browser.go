// Package browsertest drives the built playground in headless Chromium with
// chromedp, for the page's end-to-end tests and for make bench.
//
// A test serves web/dist with the real handler (Serve), starts one browser
// (NewBrowser), opens pages in it (NewPage) and acts with chromedp on
// Page.Ctx. Every page records console errors, uncaught exceptions, browser
// log errors and Content-Security-Policy violations, so a test ends with
// CheckNoProblems; Screenshot keeps images in test-artifacts/ (WebPScreenshot
// smaller ones, for docs/). ServeDocs serves a docs site that embeds the
// playground from another origin, BuildHugoSite the Hugo site
// examples/embed/hugo for it.
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
	"fmt"
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
	profile := t.TempDir() // removed after the browser stops: cleanups run last-in first-out
	b, stop, err := Launch(profile)
	if err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	t.Cleanup(stop)
	return b
}

// Launch starts Chromium with a fresh profile in the given folder, for
// programs such as make bench; stop ends it.
func Launch(profile string) (b *Browser, stop func(), err error) {
	chrome, err := Chrome()
	if err != nil {
		return nil, nil, err
	}
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
	stop = func() {
		cancel()
		cancelAlloc()
	}
	// The first run starts the browser; its life is tied to ctx, which has no deadline.
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, nil, fmt.Errorf("starting %s: %w", chrome, err)
	}
	return &Browser{ctx: ctx}, stop, nil
}

// Context is the browser's chromedp context: a program opens tabs with
// chromedp.NewContext(b.Context(), …).
func (b *Browser) Context() context.Context {
	return b.ctx
}
