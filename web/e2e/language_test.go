package e2e

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// htmlLang is the tag <html lang> carries for each language of ?lang.
var htmlLang = map[string]string{"pt-br": "pt-BR", "ja": "ja", "zh-cn": "zh-CN"}

// visibleTexts is every text the reader sees in the page's language: the
// visible text nodes, but for code and the editors (the reader's YAML, and
// API terms as the API spells them) and the language selectors' own names.
// The engine's sentences and the examples' texts are among them, marked
// lang="en" or not: every one must be in the page's language.
const visibleTexts = `(() => {
  const skip = 'code, pre, script, style, select, textarea, svg, .editor-scroll';
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest(skip) || !element.checkVisibility({ visibilityProperty: true })) continue;
    const text = node.textContent.trim();
    if (text) texts.push(text);
  }
  return texts;
})()`

// markedEnglish is the text of each visible element marked lang="en" but the
// language selectors' names, the untranslated data and the API server's and
// the scheduler's own messages (data-verbatim): the page's English fallback
// for an explanation without a message or without its language.
const markedEnglish = `[...document.querySelectorAll('body [lang="en"]')]
  .filter((el) => el.checkVisibility() && !el.closest('select, [data-verbatim]'))
  .map((el) => el.textContent.trim())`

// englishWords are words of English prose that Portuguese, Japanese and
// Chinese text does not use: two of them in a run of three Latin words make
// an English sentence. API terms (Pod, NoExecute, tolerationSeconds) are
// none of them.
var englishWords = map[string]bool{
	"the": true, "of": true, "and": true, "is": true, "are": true, "with": true, "this": true, "that": true,
	"for": true, "it": true, "its": true, "be": true, "can": true, "from": true, "to": true, "what": true,
	"when": true, "which": true, "each": true, "every": true, "has": true, "have": true, "will": true,
	"would": true, "you": true, "your": true, "not": true, "by": true, "on": true, "at": true, "an": true,
	"show": true, "add": true, "how": true, "why": true, "all": true, "only": true,
}

// latinRun is a run of Latin words with only spaces and light punctuation between them.
var (
	latinRun  = regexp.MustCompile(`[A-Za-z][A-Za-z'’-]*(?:[ ,]+[A-Za-z][A-Za-z'’-]*)*`)
	latinWord = regexp.MustCompile(`[A-Za-z][A-Za-z'’-]*`)
)

// upstreamShape matches the API server's and the scheduler's own messages,
// which the page shows verbatim, as the real components print them.
var upstreamShape = regexp.MustCompile(`is invalid: |node\(s\) |untolerated taint|Unsupported value|Invalid value|Required value|^error: |not found$`)

// englishSentences are the texts that hold an English sentence.
func englishSentences(texts []string) []string {
	var found []string
	for _, text := range texts {
		if upstreamShape.MatchString(text) {
			continue
		}
		for _, run := range latinRun.FindAllString(text, -1) {
			words := latinWord.FindAllString(run, -1)
			english := 0
			for _, word := range words {
				if englishWords[strings.ToLower(word)] {
					english++
				}
			}
			if len(words) >= 3 && english >= 2 {
				found = append(found, text)
				break
			}
		}
	}
	return found
}

// TestEnglishSentenceDetector keeps the scan honest: it finds the page's
// English and passes its translations, API terms and upstream messages.
func TestEnglishSentenceDetector(t *testing.T) {
	english := []string{"Skip to the verdicts", "Cannot schedule: taint key1=value1:NoSchedule is not tolerated", "Add a node and a pod to see verdicts."}
	foreign := []string{
		"Ir para os veredictos", "Não pode ser escalonado: o taint key1=value1:NoSchedule não é tolerado",
		"スケジュールできません: Taint key1=value1:NoSchedule が許容されていません", "无法调度:污点 key1=value1:NoSchedule 未被容忍",
		"Taint Playground", "NoExecute", "spec.nodeName", "tolerationSeconds: 3600", "Pod nginx",
		`0/3 nodes are available: 3 node(s) had untolerated taint {key1: value1}.`,
		`Pod "nginx" is invalid: spec.tolerations[0].operator: Invalid value: "In": value must be empty when operator is Exists`,
	}
	if got := englishSentences(english); len(got) != len(english) {
		t.Errorf("found %q of the English %q", got, english)
	}
	if got := englishSentences(foreign); len(got) != 0 {
		t.Errorf("found English in %q", got)
	}
}

// scanView fails the test for each English sentence the view shows in language.
func (p *playground) scanView(view, language string) {
	p.t.Helper()
	if got, want := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.documentElement.lang`)), htmlLang[language]; got != want {
		p.t.Errorf("%s in %s: <html lang=%q>; want %q", view, language, got, want)
	}
	texts := browsertest.Run(p.Page, chromedp.Evaluate[[]string](visibleTexts))
	if len(texts) < 10 {
		p.t.Fatalf("%s in %s: only %d visible texts: the scan no longer reads the page", view, language, len(texts))
	}
	for _, sentence := range englishSentences(texts) {
		p.t.Errorf("%s in %s shows English: %q", view, language, sentence)
	}
	for _, text := range browsertest.Run(p.Page, chromedp.Evaluate[[]string](markedEnglish)) {
		p.t.Errorf("%s in %s shows the English fallback (lang=en): %q", view, language, text)
	}
}

// TestViewsSpeakTheLanguage opens the page (with its gallery and shortcut
// list), the embed of a gallery example, an exercise of the workshop and the
// presenter view with ?lang in
// Brazilian Portuguese, Japanese and Simplified Chinese, and finds no
// English sentence in what each shows.
func TestViewsSpeakTheLanguage(t *testing.T) {
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	for _, language := range []string{"pt-br", "ja", "zh-cn"} {
		lang := "lang=" + language
		p.Navigate(site.URL + "/?" + lang)
		p.waitFirstVerdict()
		p.scanView("the page", language)

		p.click(".js-gallery-open")
		p.waitFor(`document.querySelector('.js-gallery').open`)
		p.scanView("the gallery", language)
		p.press(kb.Escape)
		p.waitFor(`!document.querySelector('.js-gallery').open`)
		p.Do(chromedp.Focus(chromedp.CSS(".js-share")))
		p.press("?")
		p.waitFor(`document.querySelector('.js-shortcuts-help').open`)
		p.scanView("the shortcuts", language)
		p.press(kb.Escape)

		p.Navigate(site.URL + "/?embed&example=docs-three-taints&" + lang)
		p.Do(chromedp.WaitVisible(chromedp.CSS(".js-verdict")))
		p.scanView("the embed", language)

		p.Navigate(site.URL + "/?exercise=first-toleration&" + lang)
		p.Do(chromedp.WaitVisible(chromedp.CSS(".js-exercise-goals .goal")))
		p.scanView("the workshop", language)

		p.Navigate(site.URL + "/?present&" + lang)
		p.waitPresenterVerdict()
		p.scanView("the presenter view", language)
	}
	p.finish("language-views")
}

// TestLanguageSelectorPersists picks Japanese in the header's selector: the
// page reloads in Japanese and stays so on the next visit; ?lang wins over
// the choice; an embed follows ?lang only, never the stored choice.
func TestLanguageSelectorPersists(t *testing.T) {
	p := open(t, "/")
	lang := func() string {
		return browsertest.Run(p.Page, chromedp.Evaluate[string](`document.documentElement.lang`))
	}
	if got := lang(); got != "en" {
		t.Fatalf("headless Chromium (en-US) gets <html lang=%q>; want en", got)
	}
	// The change reloads the page: it is dispatched after the evaluation returns.
	browsertest.Run(p.Page, chromedp.Evaluate[bool](`(() => {
	  const select = document.querySelector('.site-header .js-language');
	  select.value = 'ja';
	  setTimeout(() => select.dispatchEvent(new Event('change')));
	  return true;
	})()`))
	// A query that outlives the reload: the reloaded page's first verdict, under <html lang="ja">.
	p.Do(chromedp.WaitVisible(chromedp.CSS(`html[lang="ja"] [data-first-verdict]`)))
	p.waitText("#results-title", "判定結果")

	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if got := lang(); got != "ja" {
		t.Errorf("the next visit has <html lang=%q>; want the chosen ja", got)
	}
	if got := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('.site-header .js-language').value`)); got != "ja" {
		t.Errorf("the selector shows %q; want ja", got)
	}
	for path, want := range map[string]string{"/?lang=zh-cn": "zh-CN", "/?embed&example=docs-three-taints": "en"} {
		p.Navigate(p.site.URL + path)
		p.Do(chromedp.WaitVisible(chromedp.CSS(".js-verdict")))
		if got := lang(); got != want {
			t.Errorf("%s with ja chosen: <html lang=%q>; want %q", path, got, want)
		}
	}
	p.finish("language-selector")
}
