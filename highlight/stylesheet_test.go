package highlight

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// stylesheetPath is the committed stylesheet the page links.
var stylesheetPath = filepath.Join("..", "web", "static", "highlight.css")

// TestStylesheetIsCurrent fails when palette or chroma changed and the
// committed stylesheet was not regenerated (make css).
func TestStylesheetIsCurrent(t *testing.T) {
	var b strings.Builder
	if err := WriteStylesheet(&b); err != nil {
		t.Fatal(err)
	}
	css := b.String()
	if regexp.MustCompile(`\.hl-[a-z0-9]+ \{[^}]*#`).MatchString(css) {
		t.Error("a class rule has a literal colour; every colour must come from a variable")
	}
	checkGolden(t, stylesheetPath, css)
}

// TestStylesheetCoversTokens checks that every class HTML emits for the golden
// inputs has a rule, but for plain text and names, which keep the text colour.
func TestStylesheetCoversTokens(t *testing.T) {
	var b strings.Builder
	if err := WriteStylesheet(&b); err != nil {
		t.Fatal(err)
	}
	unstyled := map[string]bool{chroma.StandardTypes[text]: true, chroma.StandardTypes[name]: true}
	for _, path := range inputs(t) {
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range classified(t, string(input)) {
			if !unstyled[tok.Class] && !strings.Contains(b.String(), ".hl-"+tok.Class+" {") {
				t.Errorf("%s: class hl-%s (for %q) has no rule in the stylesheet", path, tok.Class, tok.Value)
			}
		}
	}
}

// TestPaletteContrast checks the WCAG 2 contrast of every colour against the
// backgrounds the palette's comment names.
func TestPaletteContrast(t *testing.T) {
	for _, s := range palette {
		for _, pair := range [][2]string{{s.light, "#ffffff"}, {s.dark, "#0d1117"}} {
			if ratio := contrast(pair[0], pair[1]); ratio < 4.5 {
				t.Errorf("%s: %s on %s has contrast %.2f, below 4.5", s.variable, pair[0], pair[1], ratio)
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
