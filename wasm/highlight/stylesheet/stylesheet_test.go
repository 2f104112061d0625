package stylesheet

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/internal/golden"
	"github.com/taint-playground/taint-playground/wasm/highlight"
)

// stylesheetPath is the committed stylesheet the page links.
var stylesheetPath = filepath.Join("..", "..", "..", "web", "static", "highlight.css")

// TestStylesheetIsCurrent fails when highlight.Palette or chroma changed and the
// committed stylesheet was not regenerated (make css).
func TestStylesheetIsCurrent(t *testing.T) {
	var b strings.Builder
	if err := Write(&b); err != nil {
		t.Fatal(err)
	}
	css := b.String()
	if regexp.MustCompile(`\.hl-[a-z0-9]+ \{[^}]*#`).MatchString(css) {
		t.Error("a class rule has a literal colour; every colour must come from a variable")
	}
	golden.Check(t, stylesheetPath, []byte(css))
}

// TestStylesheetCoversTokens checks that every class HTML emits for the
// highlighter's golden inputs has a rule, but for names, which keep the text
// colour.
func TestStylesheetCoversTokens(t *testing.T) {
	var b strings.Builder
	if err := Write(&b); err != nil {
		t.Fatal(err)
	}
	// Each golden, input.html, sits beside its input; testdata also holds
	// fuzz/, the fuzz targets' kept inputs.
	goldens, err := filepath.Glob(filepath.Join("..", "testdata", "*.html"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no goldens in ../testdata (%v)", err)
	}
	class := regexp.MustCompile(`<span class="` + highlight.ClassPrefix + `([a-z0-9]+)">`)
	for _, golden := range goldens {
		path := strings.TrimSuffix(golden, ".html")
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		html, err := highlight.HTML(string(input), "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range class.FindAllStringSubmatch(html, -1) {
			if m[1] != "n" && m[1] != "line" && !strings.Contains(b.String(), ".hl-"+m[1]+" {") {
				t.Errorf("%s: class hl-%s has no rule in the stylesheet", path, m[1])
			}
		}
	}
}
