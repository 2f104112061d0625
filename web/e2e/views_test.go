package e2e

import (
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// pageView is one way the page is seen: the full page on a desktop, the docs
// embed (800 px wide, editable so a test can type), or a phone (390 × 844).
type pageView struct {
	name          string
	path          string
	width, height int64
	phone         bool
}

// pageViews are the views every change of the page is checked in.
var pageViews = []pageView{
	{name: "full", path: "/", width: 1280, height: 900},
	{name: "embed", path: "/?embed&view=edit", width: 800, height: 900},
	{name: "phone", path: "/", width: 390, height: 844, phone: true},
}

// eachView runs check on a fresh page in each of pageViews, light and dark,
// as subtests named "view-scheme", once the first verdict is shown.
func eachView(t *testing.T, check func(t *testing.T, p *playground, view pageView)) {
	site := browsertest.Serve(t)
	for _, view := range pageViews {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(view.name+"-"+scheme, func(t *testing.T) {
				p := newSchemedPage(t, site, scheme)
				if view.phone {
					p.Do(chromedp.EmulateViewport(view.width, view.height, chromedp.EmulateMobile))
				} else {
					p.Do(chromedp.EmulateViewport(view.width, view.height))
				}
				p.Navigate(site.URL + view.path)
				p.waitFirstVerdict()
				p.waitFor(fmt.Sprintf(`matchMedia('(prefers-color-scheme: %s)').matches`, scheme))
				check(t, p, view)
			})
		}
	}
}

// newSchemedPage is a page in a browser of its own that prefers the colour
// scheme ("light" or "dark").
func newSchemedPage(t *testing.T, site *browsertest.Site, scheme string) *playground {
	t.Helper()
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatal(err)
	}
	return p
}

// shows reports whether the first element the selector finds is laid out and visible.
func (p *playground) shows(selector string) bool {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[bool](fmt.Sprintf(
		`(() => { const el = document.querySelector(%q); return !!el && el.checkVisibility({ visibilityProperty: true }); })()`, selector)))
}

// checkAxe runs axe-core on the page as it is and fails on each serious or
// critical violation (TestAccessibility's rules).
func (p *playground) checkAxe() {
	p.t.Helper()
	source, err := os.ReadFile(axeScript)
	if err != nil {
		p.t.Fatalf("axe-core is not installed (make axe): %v", err)
	}
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](string(source)))
	for _, v := range browsertest.Run(p.Page, chromedp.Evaluate[[]axeViolation](axeRun, chromedp.EvalAwaitPromise)) {
		p.t.Errorf("%s", v)
	}
}
