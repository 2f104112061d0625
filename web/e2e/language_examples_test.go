package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/examples/exercises"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// markedEnglishIn counts the visible elements marked lang="en" inside the
// elements a selector finds: text the page knows it shows untranslated.
const markedEnglishIn = `((selector) => [...document.querySelectorAll(selector)]
  .flatMap((root) => [...root.querySelectorAll('[lang="en"]')])
  .filter((el) => el.checkVisibility()).length)`

// checkNoMarkedEnglish fails when the view shows, inside selector, a
// passage marked lang="en", or an English sentence.
func (p *playground) checkNoMarkedEnglish(view, language, selector string) {
	p.t.Helper()
	if n := browsertest.Run(p.Page, chromedp.Evaluate[int](fmt.Sprintf(`%s(%q)`, markedEnglishIn, selector))); n > 0 {
		p.t.Errorf("%s in %s: %d passages of %s marked lang=en", view, language, n, selector)
	}
	for _, sentence := range englishSentences(p.texts(selector)) {
		p.t.Errorf("%s in %s shows English in %s: %q", view, language, selector, sentence)
	}
}

// exerciseTexts are the workshop's elements that show an exercise's own
// texts: the list's titles, the title, the brief, the goals and the hints.
const exerciseTexts = ".js-workshop-list, .js-exercise-title, .js-exercise-brief, .js-exercise-goals .goal-text, .js-exercise-hints"

// TestExamplesAndExercisesSpeakTheLanguage opens the gallery, an example,
// its embed and an exercise with ?lang in Brazilian Portuguese, Japanese
// and Simplified Chinese, and finds each example's and exercise's title,
// summary, explanation, brief, goals and hints in that language, as
// examples/i18n and examples/exercises/i18n have them, none marked
// lang="en".
func TestExamplesAndExercisesSpeakTheLanguage(t *testing.T) {
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	all, err := exercises.All()
	if err != nil {
		t.Fatal(err)
	}
	docs := scenario(t, "docs-three-taints")
	exercise := all[0]
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	for _, language := range []string{"pt-br", "ja", "zh-cn"} {
		lang := "lang=" + language
		p.Navigate(site.URL + "/?" + lang)
		p.waitFirstVerdict()
		p.click(".js-gallery-open")
		p.waitFor(`document.querySelector('.js-gallery').open`)
		var want []string
		for _, s := range scenarios {
			texts := s.Translations[language]
			want = append(want, texts.Title+" — "+texts.Summary)
		}
		got := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.js-gallery-option')].map((o) =>
		  o.querySelector('.gallery-option-title').textContent + ' — ' + o.querySelector('.gallery-option-summary').textContent)`))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("the gallery in %s (-want +got):\n%s", language, diff)
		}
		for _, tag := range p.texts(".js-gallery-tag") {
			if slices.Contains(examples.Tags, tag) {
				t.Errorf("the gallery in %s has the English tag %q", language, tag)
			}
		}
		p.checkNoMarkedEnglish("the gallery", language, ".js-gallery")

		explanation := docs.Translations[language].Explanation
		p.Navigate(site.URL + "/?example=" + docs.Slug + "&" + lang)
		p.waitText(".js-example-description", explanation)
		p.checkNoMarkedEnglish("the example", language, ".js-example-description")
		p.Navigate(site.URL + "/?embed&example=" + docs.Slug + "&" + lang)
		p.waitText(".js-example-description", explanation)
		p.checkNoMarkedEnglish("the embed", language, ".js-example-description")

		texts := exercise.Translations[language]
		p.Navigate(site.URL + "/?exercise=" + exercise.Slug + "&" + lang)
		p.waitText(".js-exercise-title", texts.Title)
		p.waitText(".js-exercise-brief", texts.Brief)
		var goals []string
		for _, goal := range exercise.Goals {
			goals = append(goals, goal.Translations[language].Text)
		}
		if diff := cmp.Diff(goals, p.texts(".js-exercise-goals .goal-text")); diff != "" {
			t.Errorf("the goals in %s (-want +got):\n%s", language, diff)
		}
		if p.count(".js-exercise-hints li") == 0 {
			p.click(".js-exercise-hint")
		}
		p.waitText(".js-exercise-hints li", texts.Hints[0])
		if list := p.text(".js-workshop-list"); !strings.Contains(list, texts.Title) {
			t.Errorf("the exercise list in %s says %q; want the title %q", language, list, texts.Title)
		}
		// The goals' "why" lines are the engine's explanations, scanned with the rest of the page by TestViewsSpeakTheLanguage.
		p.checkNoMarkedEnglish("the workshop", language, exerciseTexts)
	}
	p.finish("language-examples")
}

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
