package browsertest

import (
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// PreferColorScheme makes the page and its frames see the system's colour
// scheme as scheme ("light" or "dark") through prefers-color-scheme, from
// its next document on: the theme a first-time visitor gets.
func (p *Page) PreferColorScheme(scheme string) {
	p.t.Helper()
	if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		p.t.Fatalf("browsertest: %v", err)
	}
}
