package e2e

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestSelectionIsReadable selects the Nodes editor's text with Ctrl+A, as a
// person does, on the main page and in the embed's editable view, and reads
// screenshots of its first lines, right of the gutter, before and after: in
// light and in dark, the selection must show (its background differs from
// the editor's) and the characters must show through it (pixels that stand
// out from its background), not solid bars.
func TestSelectionIsReadable(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		for _, view := range []struct{ name, path string }{
			{"page", "/"},
			{"embed-edit", "/?embed&view=edit&example=docs-three-taints"},
		} {
			t.Run(scheme+"-"+view.name, func(t *testing.T) {
				p := openWithScheme(t, scheme)
				p.Navigate(p.site.URL + view.path)
				p.waitFirstVerdict()
				p.waitFor(`!document.querySelector('.js-results [aria-busy]')`)
				p.Do(chromedp.ScrollIntoView(chromedp.CSS("#nodes-input")))
				unselected, _, _ := glyphPixels(p.editorShot())
				p.keys("nodes", "a", chromedp.ModifierCtrl)
				p.waitFor(`(() => { const ta = document.querySelector('#nodes-input'); return ta.selectionStart === 0 && ta.selectionEnd === ta.value.length; })()`)
				background, glyphs, total := glyphPixels(p.editorShot())
				p.Screenshot("selection-" + scheme + "-" + view.name)
				t.Logf("the editor's background %v; selected %v", unselected, background)
				if contrast(background, unselected) < 1.1 {
					t.Errorf("the selection's background %v is the editor's own, %v (contrast %.2f): the selection does not show", background, unselected, contrast(background, unselected))
				}
				if share := float64(glyphs) / float64(total); share < 0.02 {
					t.Errorf("under the selection (background %v), %d of %d pixels (%.1f%%) contrast 3:1 or more with it: the text does not show through", background, glyphs, total, 100*share)
				}
				p.finish("")
			})
		}
	}
}

// editorShot is a screenshot of the Nodes editor's first three lines, 120
// px of them right of the gutter, and the area they lie in.
func (p *playground) editorShot() (image.Image, image.Rectangle) {
	p.t.Helper()
	box := browsertest.Run(p.Page, chromedp.Evaluate[[]float64](`(() => {
  const ta = document.querySelector('#nodes-input');
  const r = ta.getBoundingClientRect();
  const s = getComputedStyle(ta);
  const line = parseFloat(s.lineHeight);
  return [r.left + parseFloat(s.paddingLeft), r.top + parseFloat(s.paddingTop), 120, 3 * line, devicePixelRatio];
})()`))
	shot, err := png.Decode(bytes.NewReader(browsertest.Run(p.Page, chromedp.CaptureScreenshot())))
	if err != nil {
		p.t.Fatal(err)
	}
	scale := box[4]
	return shot, image.Rect(int(box[0]*scale), int(box[1]*scale), int((box[0]+box[2])*scale), int((box[1]+box[3])*scale))
}

// glyphPixels finds the commonest colour of the area, its background, and
// counts the pixels whose contrast ratio with it is at least 3:1.
func glyphPixels(img image.Image, area image.Rectangle) (background [3]uint8, glyphs, total int) {
	counts := map[[3]uint8]int{}
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			counts[rgbAt(img, x, y)]++
		}
	}
	for c, n := range counts {
		if n > counts[background] {
			background = c
		}
	}
	for c, n := range counts {
		total += n
		if contrast(c, background) >= 3 {
			glyphs += n
		}
	}
	return background, glyphs, total
}

func rgbAt(img image.Image, x, y int) [3]uint8 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
}

// contrast is the WCAG contrast ratio of two sRGB colours.
func contrast(a, b [3]uint8) float64 {
	la, lb := relativeLuminance(a), relativeLuminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func relativeLuminance(c [3]uint8) float64 {
	channel := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(c[0]) + 0.7152*channel(c[1]) + 0.0722*channel(c[2])
}
