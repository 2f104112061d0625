package browsertest

import (
	"fmt"
	"math"
	"strconv"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// elementBox is the box of the first element a selector (%s, a JS string)
// finds, in the document's CSS pixels: where the viewport is scrolled to
// plus where the element is in the viewport.
const elementBox = `(() => {
  const r = document.querySelector(%s).getBoundingClientRect();
  return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height, scale: 1};
})()`

// Box is the box of the first element the selector finds, in the
// document's CSS pixels, rounded outward to whole pixels (a fractional clip
// blurs the picture), for WebPScreenshot.
func (p *Page) Box(selector string) *page.Viewport {
	p.t.Helper()
	box := Run(p, chromedp.Evaluate[page.Viewport](fmt.Sprintf(elementBox, strconv.Quote(selector))))
	x, y := math.Floor(box.X), math.Floor(box.Y)
	box.Width, box.Height = math.Ceil(box.X+box.Width)-x, math.Ceil(box.Y+box.Height)-y
	box.X, box.Y = x, y
	return &box
}

// WebPScreenshot saves the viewport, or clip (Box) when it is not nil, even
// where it reaches beyond the viewport, as test-artifacts/NAME.webp at the
// quality (0 to 100), and returns the file's path. WebP, which Chromium
// encodes itself, keeps pictures that are committed a few times smaller
// than PNG.
func (p *Page) WebPScreenshot(name string, clip *page.Viewport, quality int64) string {
	p.t.Helper()
	beyond := clip != nil
	shot, err := chromedp.Call(p.Ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format:                page.CaptureScreenshotFormatWebp,
		Quality:               &quality,
		Clip:                  clip,
		CaptureBeyondViewport: &beyond,
	})
	if err != nil {
		p.t.Fatalf("browsertest: %v", err)
	}
	return p.keepImage(name+".webp", shot.Data)
}
