package exercises

import (
	"fmt"
	"testing"

	"github.com/taint-playground/taint-playground/engine/message/catalog"
	"github.com/taint-playground/taint-playground/examples/translationtest"
)

// TestTranslations checks that every exercise's title, brief, goals and
// hints are in every language of the page, so that no student falls back
// to English.
func TestTranslations(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range all {
		for _, language := range catalog.Languages[1:] {
			texts, ok := e.Translations[language]
			if !ok {
				t.Errorf("%s: no %s texts in i18n/%s.yaml", e.Slug, language, language)
				continue
			}
			where := e.Slug + " in " + language
			translationtest.Check(t, where+": title", e.Title, texts.Title)
			translationtest.Check(t, where+": brief", e.Brief, texts.Brief)
			for i, goal := range e.Goals {
				translationtest.Check(t, fmt.Sprintf("%s: goals[%d]", where, i), goal.Text, goal.Translations[language].Text)
			}
			if len(texts.Hints) != len(e.Hints) {
				t.Errorf("%s: %d hints; the exercise has %d", where, len(texts.Hints), len(e.Hints))
			}
			for i, hint := range texts.Hints {
				translationtest.Check(t, fmt.Sprintf("%s: hints[%d]", where, i), e.Hints[i], hint)
			}
		}
	}
}
