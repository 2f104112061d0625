package examples

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"

	yaml "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// The gallery's texts in the page's other languages live in
// i18n/<language>.yaml, one file per language keyed by slug, beside the
// English in each scenario's own file:
//
//	equal-vs-exists:
//	  title: Equal ou Exists
//	  summary: …
//	  explanation: >-
//	    …
//
// One file per language is how the Kubernetes website keeps its
// translations (content/<language>/): a translator works in one file, a
// reviewer of a language reads one file, and a new language is one new file
// plus its code in catalog.Languages. A new scenario needs an entry in each
// file; TestTranslations names every text that is missing, copied from the
// English, or that lost a name the English has.
//
//go:embed i18n/*.yaml
var translationFiles embed.FS

// Texts are a scenario's words in one language; the page shows them in
// place of the English when the reader's language has them.
type Texts struct {
	Title       string `yaml:"title" json:"title,omitempty"`
	Summary     string `yaml:"summary" json:"summary,omitempty"`
	Explanation string `yaml:"explanation" json:"explanation,omitempty"`
}

// ReadTranslations reads i18n/<language>.yaml of fsys for every language of
// catalog.Languages but English, as {language: {slug: T}}; a language
// without a file has none. Unknown keys are errors, as a misspelt field
// would otherwise leave its text in English.
func ReadTranslations[T any](fsys fs.FS) (map[string]map[string]T, error) {
	all := map[string]map[string]T{}
	for _, language := range catalog.Languages[1:] {
		name := "i18n/" + language + ".yaml"
		data, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var texts map[string]T
		decoder := yaml.NewDecoder(bytes.NewReader(data))
		decoder.KnownFields(true)
		if err := decoder.Decode(&texts); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		all[language] = texts
	}
	return all, nil
}

// translate gives each scenario its texts in every language that has them,
// and fails on a slug no scenario has (a renamed file's stale entry).
func translate(scenarios []Scenario) error {
	all, err := ReadTranslations[Texts](translationFiles)
	if err != nil {
		return err
	}
	slugs := map[string]*Scenario{}
	for i := range scenarios {
		slugs[scenarios[i].Slug] = &scenarios[i]
	}
	for language, texts := range all {
		for slug, text := range texts {
			s, ok := slugs[slug]
			if !ok {
				return fmt.Errorf("i18n/%s.yaml: %s: no scenario has this slug", language, slug)
			}
			if s.Translations == nil {
				s.Translations = map[string]Texts{}
			}
			s.Translations[language] = text
		}
	}
	return nil
}

// InLanguage is every scenario's texts in language, by slug, as the page
// reads them; a scenario without texts in language has none.
func InLanguage(scenarios []Scenario, language string) map[string]Texts {
	texts := map[string]Texts{}
	for _, s := range scenarios {
		if one, ok := s.Translations[language]; ok {
			texts[s.Slug] = one
		}
	}
	return texts
}
