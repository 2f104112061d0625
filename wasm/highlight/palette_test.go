package highlight

import (
	"math"
	"strconv"
	"testing"
)

// TestPaletteContrast checks the WCAG 2 contrast of every colour against the
// backgrounds the palette's comment names.
func TestPaletteContrast(t *testing.T) {
	for _, s := range Palette {
		for _, pair := range [][2]string{{s.Light, "#ffffff"}, {s.Dark, "#0d1117"}} {
			if ratio := contrast(pair[0], pair[1]); ratio < 4.5 {
				t.Errorf("%s: %s on %s has contrast %.2f, below 4.5", s.Variable, pair[0], pair[1], ratio)
			}
		}
	}
}

// contrast is the WCAG 2 contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func luminance(hex string) float64 {
	var rgb [3]float64
	for i := range rgb {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		c := float64(v) / 255
		if c <= 0.03928 {
			rgb[i] = c / 12.92
		} else {
			rgb[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
}
