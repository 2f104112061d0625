package examples

import (
	"testing"

	"github.com/taint-playground/taint-playground/engine/message/catalog"
	"github.com/taint-playground/taint-playground/examples/translationtest"
)

// TestTranslations checks that every scenario's title, summary and
// explanation are in every language of the page, so that no reader of the
// gallery falls back to English.
func TestTranslations(t *testing.T) {
	scenarios, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		for _, language := range catalog.Languages[1:] {
			texts, ok := s.Translations[language]
			if !ok {
				t.Errorf("%s: no %s texts in i18n/%s.yaml", s.Slug, language, language)
				continue
			}
			where := s.Slug + " in " + language
			translationtest.Check(t, where+": title", s.Title, texts.Title)
			translationtest.Check(t, where+": summary", s.Summary, texts.Summary)
			translationtest.Check(t, where+": explanation", s.Explanation, texts.Explanation)
		}
	}
}
