package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/examples/exercises"
)

// TestTranslationFiles checks that each language's file has every scenario
// and every exercise by slug, each exercise with a text for each of its
// goals, Valid's last, and that the English the page falls back on stays in
// examples.json and exercises.json alone.
func TestTranslationFiles(t *testing.T) {
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	all, err := exercises.All()
	if err != nil {
		t.Fatal(err)
	}
	files, err := translationFiles(scenarios, all)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 6 {
		t.Errorf("%d files; want examples and exercises for pt-br, ja and zh-cn", len(files))
	}
	for _, language := range []string{"pt-br", "ja", "zh-cn"} {
		var gallery map[string]examples.Texts
		if err := json.Unmarshal(files["i18n/examples-"+language+".json"], &gallery); err != nil {
			t.Fatal(err)
		}
		for _, s := range scenarios {
			if gallery[s.Slug].Title == "" || gallery[s.Slug].Title == s.Title {
				t.Errorf("i18n/examples-%s.json: %s has the title %q", language, s.Slug, gallery[s.Slug].Title)
			}
		}
		var workshop map[string]exercises.Texts
		if err := json.Unmarshal(files["i18n/exercises-"+language+".json"], &workshop); err != nil {
			t.Fatal(err)
		}
		for _, e := range all {
			goals := workshop[e.Slug].Goals
			if len(goals) != len(e.Goals) || goals[len(goals)-1] != exercises.Valid.Translations[language].Text {
				t.Errorf("i18n/exercises-%s.json: %s has the goals %q; want %d, Valid's last", language, e.Slug, goals, len(e.Goals))
			}
		}
	}
	for name, value := range map[string]any{"examples.json": scenarios[0], "exercises.json": all[0], "a goal": all[0].Goals[0]} {
		data, err := json.Marshal(value)
		if err != nil {
			t.Fatal(err)
		}
		var plain map[string]any
		if err := json.Unmarshal(data, &plain); err != nil {
			t.Fatal(err)
		}
		for key := range plain {
			if strings.EqualFold(key, "translations") {
				t.Errorf("%s carries the translations", name)
			}
		}
	}
}
