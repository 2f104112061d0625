package words

import (
	"slices"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// TestEveryLanguageHasEveryWord fails when a language lacks an ID of the
// English words or holds one English lacks, when a template is empty, or
// when it has other placeholders than the English one, or another number
// of tabs (the cells of a table's headings).
func TestEveryLanguageHasEveryWord(t *testing.T) {
	english, err := Load("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(english) == 0 {
		t.Fatal("no English words")
	}
	for _, language := range catalog.Languages {
		c, err := Load(language)
		if err != nil {
			t.Fatal(err)
		}
		for id, want := range english {
			got, ok := c[id]
			switch {
			case !ok || strings.TrimSpace(got) == "":
				t.Errorf("%s: %s has no template", language, id)
			case !slices.Equal(Placeholders(got), Placeholders(want)):
				t.Errorf("%s: %s has placeholders %v, English has %v", language, id, Placeholders(got), Placeholders(want))
			case strings.Count(got, "\t") != strings.Count(want, "\t"):
				t.Errorf("%s: %s has %d cells, English has %d", language, id, strings.Count(got, "\t")+1, strings.Count(want, "\t")+1)
			}
		}
		for id := range c {
			if _, ok := english[id]; !ok {
				t.Errorf("%s: %s is not an English word", language, id)
			}
		}
	}
}

// TestLoadRefusesAnUnknownLanguage checks that a language without words is
// an error, not words that say every ID as itself.
func TestLoadRefusesAnUnknownLanguage(t *testing.T) {
	if _, err := Load("fr"); err == nil {
		t.Error(`Load("fr") succeeded`)
	}
	c, err := Load("ja")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Say(c, "explain.no-taints", "node", "node1"), "Node node1にはTaintがありません。"; got != want {
		t.Errorf("Say = %q, want %q", got, want)
	}
}
