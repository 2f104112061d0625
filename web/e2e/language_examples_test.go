package e2e

import (
	"testing"

	"github.com/taint-playground/taint-playground/examples"
)

// TestExamplesSpeakTheLanguage opens every gallery example, each in one of
// Brazilian Portuguese, Japanese and Simplified Chinese in turn, with every
// fold of its cards and settings open, and finds no English sentence and
// no English fallback in what it shows: each example reaches other
// sentences of the engine (placement, eviction, lookalikes, admission,
// devices).
func TestExamplesSpeakTheLanguage(t *testing.T) {
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	languages := []string{"pt-br", "ja", "zh-cn"}
	p := open(t, "/")
	for i, s := range all {
		language := languages[i%len(languages)]
		p.Navigate(p.site.URL + "/?example=" + s.Slug + "&lang=" + language)
		p.waitFirstVerdict()
		p.openFolds()
		p.scanView("example "+s.Slug, language)
	}
	p.finish("")
}
