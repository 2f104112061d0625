package browsertest

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The phone's screen, and the docs column an embed is pictured in (a body's
// 8 px margins around an 800 px column).
const (
	phoneWidth, phoneHeight = 390, 844
	docsWidth, docsHeight   = 816, 1000
)

// unsizedFrame is the height a docs page gives a frame before embed-host.js
// sizes it to its content: the shortcode's default, and embedDocsPage's.
const unsizedFrame = "640"

// embedDocsPage is a docs page, for a playground's origin (%[1]s), that
// shows the docs' three taints in an 800 px column in a language (%[2]s),
// as the embed builder writes it.
const embedDocsPage = `<!doctype html>
<html lang="%[2]s"><head><meta charset="utf-8"><title>Taints and tolerations</title></head>
<body>
<iframe src="%[1]s/?embed&amp;example=docs-three-taints&amp;lang=%[2]s" title="Taint Playground: Kubernetes taints and tolerations" width="800" height="` + unsizedFrame + `" frameborder="0" allow="clipboard-write"></iframe>
<script src="%[1]s/embed-host.js" defer></script>
</body></html>`

// speaks is true once the document speaks the language (code, as ?lang
// names it: <html lang> is its tag, pt-BR for pt-br) with its fonts loaded.
func speaks(code string) string {
	return fmt.Sprintf(`document.documentElement.lang.toLowerCase() === %s && document.fonts.status === 'loaded'`,
		strconv.Quote(code))
}

// takePage pictures the page's first screen on a desktop or a phone, once
// its first verdict is shown (and on a desktop its editors highlighted).
func takePage(p *Page, site *Site, picture readmePicture) string {
	p.t.Helper()
	if picture.view == viewPhone {
		p.Do(chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile))
	} else {
		p.Do(chromedp.EmulateViewport(WindowWidth, WindowHeight))
	}
	p.Navigate(site.URL + "/?lang=" + picture.language)
	p.Do(chromedp.WaitVisible(chromedp.CSS("[data-first-verdict]")))
	if picture.view == viewPage {
		p.Do(chromedp.WaitVisible(chromedp.CSS(".hl-line")))
	}
	p.Do(chromedp.Poll[chromedp.Void](speaks(picture.language)))
	return p.WebPScreenshot("readme-"+picture.name(), nil, webpQuality)
}

// takeEmbed pictures the docs embed's frame, sized to its content, in a
// docs page on another origin.
func takeEmbed(t *testing.T, p *Page, site *Site, picture readmePicture) string {
	t.Helper()
	docs := ServeDocsPage(t, site.URL, fmt.Sprintf(embedDocsPage, site.URL, picture.language))
	p.Do(chromedp.EmulateViewport(docsWidth, docsHeight))
	p.Navigate(docs + "/")
	waitForFrames(p, picture.language)
	return p.WebPScreenshot("readme-"+picture.name(), p.Box("iframe"), webpQuality)
}

// takeHugo pictures the Hugo site's taints page in the language, from its
// top to the end of its first embed.
func takeHugo(p *Page, hugo string, picture readmePicture) string {
	p.t.Helper()
	path := "/taints/"
	if picture.language != "en" { // the site's default language has no prefix
		path = "/" + picture.language + path
	}
	p.Do(chromedp.EmulateViewport(docsWidth, docsHeight))
	p.Navigate(hugo + path)
	waitForFrames(p, picture.language)
	frame := p.Box("iframe")
	top := &page.Viewport{Width: docsWidth, Height: frame.Y + frame.Height + 8, Scale: 1}
	return p.WebPScreenshot("readme-"+picture.name(), top, webpQuality)
}

// takeTimeline pictures the clock's timeline after "Skip to next eviction"
// in noexecute-toleration-seconds: one pod evicted at once, one at 15 min
// under the cursor, one saved when its taint goes.
func takeTimeline(p *Page, site *Site, picture readmePicture) string {
	p.t.Helper()
	p.Do(chromedp.EmulateViewport(WindowWidth, WindowHeight))
	p.Navigate(site.URL + "/?example=noexecute-toleration-seconds&lang=" + picture.language)
	p.Do(
		chromedp.WaitVisible(chromedp.CSS("[data-first-verdict]")),
		chromedp.WaitVisible(chromedp.CSS(".js-timeline-pod")),
		chromedp.Poll[chromedp.Void](speaks(picture.language)),
		chromedp.Click(chromedp.CSS(".js-clock-skip")),
		chromedp.Poll[chromedp.Void](`document.querySelector('.js-timeline-cursor').dataset.at === '900'`),
	)
	return p.WebPScreenshot("readme-"+picture.name(), p.Box(".js-timeline"), webpQuality)
}

// waitForFrames waits until embed-host.js has sized every frame that starts
// in the viewport, which a frame's document asks for once it has loaded,
// and until each of them shows its first verdict in the language.
func waitForFrames(p *Page, language string) {
	p.t.Helper()
	p.Do(chromedp.Poll[chromedp.Void](`[...document.querySelectorAll('iframe')]
		.filter((f) => f.getBoundingClientRect().top < innerHeight)
		.every((f) => f.height !== '` + unsizedFrame + `')`))
	inView := Run(p, chromedp.Evaluate[int](`[...document.querySelectorAll('iframe')]
		.filter((f) => f.getBoundingClientRect().top < innerHeight).length`))
	frames := Run(p, chromedp.Nodes(chromedp.CSSAll("iframe")))
	for _, frame := range frames[:inView] {
		p.Do(chromedp.Poll[chromedp.Void](`document.querySelector('[data-first-verdict]') !== null && `+speaks(language),
			chromedp.WithPollingInFrame(frame)))
	}
}
