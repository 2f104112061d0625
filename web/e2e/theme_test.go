package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// The page's background in each theme (style.css, --bg).
const (
	lightBackground = "rgb(255, 255, 255)"
	darkBackground  = "rgb(15, 20, 25)"
)

// background is the page's background colour as the browser computes it.
func (p *playground) background() string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[string](`getComputedStyle(document.documentElement).backgroundColor`))
}

// waitBackground waits until the page's background is want.
func (p *playground) waitBackground(want string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`getComputedStyle(document.documentElement).backgroundColor === %q`, want))
}

// pickTheme clicks a choice of the header's theme toggle ("light", "dark", "system").
func (p *playground) pickTheme(theme string) {
	p.t.Helper()
	p.clickElement(fmt.Sprintf(`document.querySelector('.js-theme input[value=%q]').closest('label')`, theme))
}

// emulateScheme makes the browser's prefers-color-scheme scheme, as the system's setting does.
func (p *playground) emulateScheme(scheme string) {
	p.t.Helper()
	if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		p.t.Fatal(err)
	}
}

// TestThemeToggle picks Dark in a browser set to light: the page, its
// highlighted text and the presenter view turn dark, and stay dark after a
// reload; System follows the browser's setting as it changes; an embed's
// ?theme=dark wins over the system's light.
func TestThemeToggle(t *testing.T) {
	p := openWithScheme(t, "light")
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if got := p.background(); got != lightBackground {
		t.Fatalf("the page's background in a light browser is %s; want %s", got, lightBackground)
	}
	p.waitFor(`document.querySelector('.js-theme input[value="system"]').checked`)

	p.pickTheme("dark")
	p.waitBackground(darkBackground)
	// The highlighter's colours follow: the effect NoSchedule in the Nodes editor takes the dark palette's #ffa657.
	p.waitFor(`[...document.querySelectorAll('[data-editor=nodes] .hl-kt')].some((el) => getComputedStyle(el).color === 'rgb(255, 166, 87)')`)

	p.Navigate(p.site.URL + "/")
	if got := p.background(); got != darkBackground {
		t.Errorf("after a reload the background is %s; want the dark %s kept", got, darkBackground)
	}
	p.waitFirstVerdict()
	p.waitFor(`document.querySelector('.js-theme input[value="dark"]').checked`)
	// The presenter view follows the page's theme, not the system's.
	p.Do(chromedp.Focus(chromedp.CSS(".js-share")))
	p.press("p")
	p.waitPresenterVerdict()
	p.waitFor(`getComputedStyle(document.querySelector('.js-presenter')).backgroundColor === 'rgb(0, 0, 0)'`)
	p.press("p")
	p.waitFor(`document.querySelector('.js-presenter').hidden`)

	p.pickTheme("system")
	p.waitBackground(lightBackground)
	p.emulateScheme("dark")
	p.waitBackground(darkBackground)
	p.emulateScheme("light")
	p.waitBackground(lightBackground)
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	p.waitFor(`document.querySelector('.js-theme input[value="system"]').checked && !document.documentElement.hasAttribute('data-theme')`)

	p.Navigate(p.site.URL + "/?embed&theme=dark")
	p.waitFirstVerdict()
	if got := p.background(); got != darkBackground {
		t.Errorf("the embed with ?theme=dark has the background %s; want %s", got, darkBackground)
	}
	p.finish("theme-embed-dark")
}

// TestThemeLightInDarkBrowser picks Light in a browser set to dark: the page
// turns light and stays light after a reload while the browser still
// prefers dark; System gives the browser's dark back.
func TestThemeLightInDarkBrowser(t *testing.T) {
	p := openWithScheme(t, "dark")
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if got := p.background(); got != darkBackground {
		t.Fatalf("the page's background in a dark browser is %s; want %s", got, darkBackground)
	}

	p.pickTheme("light")
	p.waitBackground(lightBackground)
	p.Navigate(p.site.URL + "/")
	if got := p.background(); got != lightBackground {
		t.Errorf("after a reload the background is %s; want the light %s kept", got, lightBackground)
	}
	p.waitFirstVerdict()
	p.waitFor(`document.querySelector('.js-theme input[value="light"]').checked && matchMedia('(prefers-color-scheme: dark)').matches`)
	p.Screenshot("theme-light-in-dark-browser")

	p.pickTheme("system")
	p.waitBackground(darkBackground)
	p.finish("")
}
