package exercises

import (
	"embed"
	"fmt"

	"github.com/taint-playground/taint-playground/examples"
)

// The exercises' texts in the page's other languages live in
// i18n/<language>.yaml, one file per language keyed by slug, as the
// gallery's do (package examples says why):
//
//	first-toleration:
//	  title: …
//	  brief: >-
//	    …
//	  goals:          # each goal's text, in the exercise file's order
//	  - …
//	  hints:          # in the exercise file's order
//	  - …
//
// TestTranslations names every text that is missing, copied from the
// English, or that lost a name the English has.
//
//go:embed i18n/*.yaml
var translationFiles embed.FS

// Texts are an exercise's words in one language; the page shows them in
// place of the English when the reader's language has them. As the file
// has them, Goals are the texts of the exercise's own goals, which go to
// each Goal's Translations; as the page gets them (InLanguage), of all its
// goals, Valid included.
type Texts struct {
	Title string   `yaml:"title" json:"title,omitempty"`
	Brief string   `yaml:"brief" json:"brief,omitempty"`
	Goals []string `yaml:"goals" json:"goals,omitempty"`
	Hints []string `yaml:"hints" json:"hints,omitempty"`
}

// InLanguage is every exercise's texts in language, by slug, as the page
// reads them: its goals' texts in order, Valid's last. An exercise without
// texts in language has none; a goal without one has "" (the page keeps
// its English).
func InLanguage(all []Exercise, language string) map[string]Texts {
	texts := map[string]Texts{}
	for _, e := range all {
		one, ok := e.Translations[language]
		if !ok {
			continue
		}
		one.Goals = make([]string, len(e.Goals))
		for i, goal := range e.Goals {
			one.Goals[i] = goal.Translations[language].Text
		}
		texts[e.Slug] = one
	}
	return texts
}

// GoalText is a goal's text in one language.
type GoalText struct {
	Text string
}

// validTranslations are Valid's text in the page's other languages.
var validTranslations = map[string]GoalText{
	"pt-br": {Text: "O API server aceitaria tudo: nenhum erro nos editores."},
	"ja":    {Text: "API serverがすべてを受け入れる: エディターにエラーがない。"},
	"zh-cn": {Text: "API server 会接受全部内容:编辑器中没有错误。"},
}

// translate gives each exercise and each of its goals their texts in every
// language that has them. It fails on a slug no exercise has, and on more
// goals or hints than the exercise has, which would show a stale text.
func translate(all []Exercise) error {
	translations, err := examples.ReadTranslations[Texts](translationFiles)
	if err != nil {
		return err
	}
	slugs := map[string]*Exercise{}
	for i := range all {
		slugs[all[i].Slug] = &all[i]
	}
	for language, texts := range translations {
		for slug, text := range texts {
			e, ok := slugs[slug]
			if !ok {
				return fmt.Errorf("i18n/%s.yaml: %s: no exercise has this slug", language, slug)
			}
			if own := len(e.Goals) - 1; len(text.Goals) > own || len(text.Hints) > len(e.Hints) {
				return fmt.Errorf("i18n/%s.yaml: %s: %d goals and %d hints; the exercise has %d and %d",
					language, slug, len(text.Goals), len(text.Hints), own, len(e.Hints))
			}
			if e.Translations == nil {
				e.Translations = map[string]Texts{}
			}
			e.Translations[language] = text
			for i, goal := range text.Goals {
				setGoalText(&e.Goals[i], language, goal)
			}
		}
	}
	return nil
}

// setGoalText gives goal its text in language.
func setGoalText(goal *Goal, language, text string) {
	if goal.Translations == nil {
		goal.Translations = map[string]GoalText{}
	}
	goal.Translations[language] = GoalText{Text: text}
}
