package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// gallery is what the example picker offers, one "Group: title" per entry,
// in order.
func (p *playground) gallery() []string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('#examples optgroup')].flatMap((g) => [...g.children].map((o) => g.label + ': ' + o.textContent))`))
}

// galleryEntries is the oracle: the scenarios that contain every word of
// query, in any case, in their title, explanation or group, as the picker
// lists them.
func galleryEntries(t *testing.T, query string) []string {
	t.Helper()
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	entries := []string{}
	for _, s := range all {
		text := strings.ToLower(s.Title + "\n" + s.Explanation + "\n" + s.Group)
		matches := true
		for _, word := range strings.Fields(strings.ToLower(query)) {
			matches = matches && strings.Contains(text, word)
		}
		if matches {
			entries = append(entries, strings.ToUpper(s.Group[:1])+s.Group[1:]+": "+s.Title)
		}
	}
	return entries
}

// searchGallery types query into the gallery's search box, key by key.
func (p *playground) searchGallery(query string) {
	p.t.Helper()
	p.Do(chromedp.Click(chromedp.CSS("#examples-search")), chromedp.KeyEvent(query))
}

// TestGallerySearch searches the gallery as a person does: by label, with
// the keyboard. The picker keeps the matching scenarios in their groups, a
// query that matches nothing says so, Escape brings every scenario back, and
// a scenario picked from the results loads with its verdicts and its link.
func TestGallerySearch(t *testing.T) {
	p := open(t, "/")
	if label := p.text(`label[for="examples-search"]`); label == "" {
		t.Errorf("the gallery's search box has no label")
	}
	everything := galleryEntries(t, "")
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('#examples option[value]:not([value=""])').length === %d`, len(everything)))

	for _, query := range []string{"pressure", "NoExecute seconds", "EVICTION"} {
		p.Do(chromedp.Click(chromedp.CSS("#examples-search")), chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent(kb.Backspace))
		p.searchGallery(query)
		want := galleryEntries(t, query)
		if len(want) == 0 || len(want) == len(everything) {
			t.Fatalf("%q matches %d of %d scenarios: choose a query that filters", query, len(want), len(everything))
		}
		if diff := cmp.Diff(want, p.gallery()); diff != "" {
			t.Errorf("the gallery for %q (-want +got):\n%s", query, diff)
		}
		p.waitText(".js-examples-search-status", fmt.Sprintf("%d examples match.", len(want)))
	}

	p.searchGallery(" <b>kubeflow</b>")
	if got := p.gallery(); len(got) != 0 {
		t.Errorf("a query that matches nothing leaves %q", got)
	}
	p.waitText(".js-examples-search-status", "No example matches “EVICTION <b>kubeflow</b>”.")
	if bold := browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelectorAll('.js-examples-search-status b').length`)); bold != 0 {
		t.Errorf("the query became markup in the status")
	}

	p.Do(chromedp.KeyEvent(kb.Escape))
	if diff := cmp.Diff(everything, p.gallery()); diff != "" {
		t.Errorf("after Escape the gallery (-want +got):\n%s", diff)
	}
	if query := browsertest.Run(p.Page, chromedp.Value(chromedp.CSS("#examples-search"))); query != "" {
		t.Errorf("Escape left %q in the search box", query)
	}

	// Pick a result with the keyboard: Tab to the picker, type the start of its title.
	p.searchGallery("cordon")
	cordoned := scenario(t, "cordoned-node")
	if diff := cmp.Diff(galleryEntries(t, "cordon"), p.gallery()); diff != "" {
		t.Errorf("the gallery for %q (-want +got):\n%s", "cordon", diff)
	}
	p.Do(chromedp.KeyEvent(kb.Tab))
	if focused := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.activeElement.id`)); focused != "examples" {
		t.Fatalf("Tab from the search box went to %q; want the picker", focused)
	}
	p.Do(chromedp.KeyEvent(cordoned.Title[:4]))
	scenarioView{p: p, scenario: cordoned}.checkVerdicts()
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != "?example="+cordoned.Slug {
		t.Errorf("the picked scenario's address is %q; want ?example=%s", search, cordoned.Slug)
	}
	p.finish("gallery-search")
}
