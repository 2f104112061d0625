package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// hugoLanguagePage is one language's taints page of examples/embed/hugo: its address, the
// <html lang> it must have, the language's key the frames must be given, and
// the gallery examples it embeds, in order.
type hugoLanguagePage struct {
	path, htmlLang, lang string
	slugs                []string
}

var hugoLanguagePages = []hugoLanguagePage{
	{"/taints/", "en", "en", []string{"docs-three-taints", "noexecute-toleration-seconds"}},
	{"/pt-br/taints/", "pt-BR", "pt-br", []string{"docs-three-taints", "empty-key-exists"}},
	{"/ja/taints/", "ja", "ja", []string{"docs-three-taints", "noexecute-toleration-seconds", "unreachable-long-toleration"}},
	{"/zh-cn/taints/", "zh-CN", "zh-cn", []string{"docs-three-taints", "cordoned-node"}},
}

// TestHugoSite builds examples/embed/hugo with hugo, once, serves it from a
// docs origin under a strict CSP and the playground from another, and opens
// each language's page in Chromium: the page says its language in <html
// lang>, every frame's address carries it (?lang=), and every frame loads
// in embed mode and shows its example's verdicts.
func TestHugoSite(t *testing.T) {
	site := browsertest.Serve(t)
	built := browsertest.BuildHugoSite(t, site.URL)
	docs := browsertest.ServeDocs(t, site.URL, http.FileServer(http.Dir(built)))
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	for _, page := range hugoLanguagePages {
		p.Navigate(docs + page.path)
		if got := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.documentElement.lang`)); got != page.htmlLang {
			t.Errorf("%s: <html lang=%q>; want %q", page.path, got, page.htmlLang)
		}
		var shown []examples.Scenario
		for _, slug := range page.slugs {
			shown = append(shown, scenario(t, slug))
		}
		for i, f := range p.frames(shown...) {
			src := browsertest.Run(p.Page, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelectorAll('iframe')[%d].src`, i)))
			if want := "lang=" + page.lang + "&example=" + f.scenario.Slug; !strings.Contains(src, want) {
				t.Errorf("%s: frame %d is %s; want it to carry %s", page.path, i, src, want)
			}
			// A lazy frame loads once the reader scrolls to it.
			browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('iframe')[%d].scrollIntoView()`, i)))
			inFrame[chromedp.Void](f, `document.documentElement.classList.contains('is-embed')`)
			f.checkVerdicts()
		}
	}
	p.CheckNoProblems()
}
