package main

import (
	"encoding/json"
	"path"

	"github.com/taint-playground/taint-playground/engine/message/catalog"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/examples/exercises"
)

// translationFiles are the gallery's and the workshop's texts in each of the
// page's other languages, i18n/examples-<lang>.json and
// i18n/exercises-<lang>.json, {slug: texts}. The page fetches its
// language's only, so examples.json, which every page and every embed
// loads, carries the English alone.
func translationFiles(scenarios []examples.Scenario, all []exercises.Exercise) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, language := range catalog.Languages[1:] {
		for kind, texts := range map[string]any{
			"examples":  examples.InLanguage(scenarios, language),
			"exercises": exercises.InLanguage(all, language),
		} {
			data, err := json.Marshal(texts)
			if err != nil {
				return nil, err
			}
			files[path.Join(catalogDir, kind+"-"+language+".json")] = data
		}
	}
	return files, nil
}
