package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// openGallery clicks "Examples" as a person does: the dialog opens with the
// search box focused.
func (p *playground) openGallery() {
	p.t.Helper()
	p.clickButton("Examples")
	p.waitFor(`document.querySelector('.js-gallery').open && document.activeElement.id === 'gallery-search'`)
}

// gallery is what the gallery's list shows, one "title — summary [tags]"
// per example, in order.
func (p *playground) gallery() []string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.js-gallery-option')].map((o) =>
		o.querySelector('.gallery-option-title').textContent + ' — ' + o.querySelector('.gallery-option-summary').textContent +
		' [' + [...o.querySelectorAll('.gallery-option-tag')].map((t) => t.textContent).join(', ') + ']')`))
}

// galleryEntries is the oracle: the scenarios that carry every tag of tags
// and contain every word of query, in any case, in their title, summary,
// explanation, group or tags, as the list shows them.
func galleryEntries(t *testing.T, query string, tags ...string) []string {
	t.Helper()
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	entries := []string{}
	for _, s := range all {
		text := strings.ToLower(strings.Join(append([]string{s.Title, s.Summary, s.Explanation, s.Group}, s.Tags...), "\n"))
		matches := true
		for _, word := range strings.Fields(strings.ToLower(query)) {
			matches = matches && strings.Contains(text, word)
		}
		for _, tag := range tags {
			matches = matches && slices.Contains(s.Tags, tag)
		}
		if matches {
			entries = append(entries, s.Title+" — "+s.Summary+" ["+strings.Join(s.Tags, ", ")+"]")
		}
	}
	return entries
}

// searchGallery empties the open gallery's search box and types query, key by key.
func (p *playground) searchGallery(query string) {
	p.t.Helper()
	p.Do(chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent(kb.Backspace), chromedp.KeyEvent(query))
}

// pickExample chooses a gallery scenario as a person does with the
// keyboard: open the gallery, type query, arrow down to the example titled
// title and press Enter.
func (p *playground) pickExample(query, title string) {
	p.t.Helper()
	p.openGallery()
	p.searchGallery(query)
	shown := galleryEntries(p.t, query)
	at := slices.IndexFunc(shown, func(entry string) bool { return strings.HasPrefix(entry, title+" — ") })
	if at < 0 {
		p.t.Fatalf("%q does not find %q", query, title)
	}
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-gallery-option').length === %d`, len(shown)))
	for range at {
		p.Do(chromedp.KeyEvent(kb.ArrowDown))
	}
	p.Do(chromedp.KeyEvent(kb.Enter))
}

// TestGallerySearch uses the gallery as a person does: one click opens it
// with the search box focused and every example listed with its summary and
// tags; typing filters by name, description or tag, a query that matches
// nothing says so, tag chips narrow the list, the arrow keys and Enter load
// a result, and Escape closes the dialog.
func TestGallerySearch(t *testing.T) {
	p := open(t, "/")
	p.openGallery()
	if label := p.text(`label[for="gallery-search"]`); label == "" {
		t.Errorf("the gallery's search box has no label")
	}
	everything := galleryEntries(t, "")
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-gallery-option').length === %d`, len(everything)))
	if diff := cmp.Diff(everything, p.gallery()); diff != "" {
		t.Errorf("the whole gallery (-want +got):\n%s", diff)
	}
	p.Screenshot("gallery-open")

	for _, query := range []string{"pressure", "NoExecute seconds", "EVICTION", "node conditions"} {
		p.searchGallery(query)
		want := galleryEntries(t, query)
		if len(want) == 0 || len(want) == len(everything) {
			t.Fatalf("%q matches %d of %d scenarios: choose a query that filters", query, len(want), len(everything))
		}
		p.waitText(".js-gallery-status", fmt.Sprintf("%d examples match.", len(want)))
		if diff := cmp.Diff(want, p.gallery()); diff != "" {
			t.Errorf("the gallery for %q (-want +got):\n%s", query, diff)
		}
	}

	p.searchGallery("EVICTION <b>kubeflow</b>")
	p.waitText(".js-gallery-status", "No example matches “EVICTION <b>kubeflow</b>”.")
	if got := p.gallery(); len(got) != 0 {
		t.Errorf("a query that matches nothing leaves %q", got)
	}
	if bold := browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelectorAll('.js-gallery-status b').length`)); bold != 0 {
		t.Errorf("the query became markup in the status")
	}

	// Tag chips: each narrows the list to the examples with every chosen tag.
	p.searchGallery("")
	p.clickButton("node conditions")
	want := galleryEntries(t, "", "node conditions")
	p.waitText(".js-gallery-status", fmt.Sprintf("%d examples match.", len(want)))
	if diff := cmp.Diff(want, p.gallery()); diff != "" {
		t.Errorf("the gallery tagged node conditions (-want +got):\n%s", diff)
	}
	p.clickButton("admission")
	want = galleryEntries(t, "", "node conditions", "admission")
	if len(want) == 0 || len(want) == len(galleryEntries(t, "", "node conditions")) {
		t.Fatalf("admission leaves %d of the node conditions examples: choose tags that narrow", len(want))
	}
	p.waitText(".js-gallery-status", fmt.Sprintf("%d examples match.", len(want)))
	if diff := cmp.Diff(want, p.gallery()); diff != "" {
		t.Errorf("the gallery tagged node conditions and admission (-want +got):\n%s", diff)
	}
	if pressed := p.texts(`.js-gallery-tag[aria-pressed="true"]`); !cmp.Equal(pressed, []string{"admission", "node conditions"}) {
		t.Errorf("the chips pressed are %q", pressed)
	}
	p.clickButton("admission")
	p.clickButton("node conditions")
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-gallery-option').length === %d`, len(everything)))

	// Escape closes the dialog and gives the focus back to the button.
	p.Do(chromedp.KeyEvent(kb.Escape))
	p.waitFor(`!document.querySelector('.js-gallery').open && document.activeElement.classList.contains('js-gallery-open')`)
	// Enter on the button opens it again, and that Enter loads nothing.
	p.Do(chromedp.KeyEvent(kb.Enter))
	p.waitFor(`document.querySelector('.js-gallery').open && document.activeElement.id === 'gallery-search'`)
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != "" {
		t.Errorf("the Enter that opened the gallery loaded %q", search)
	}
	p.Do(chromedp.KeyEvent(kb.Escape))

	// Pick a result with the keyboard: type, arrow down, Enter.
	cordoned := scenario(t, "cordoned-node")
	p.pickExample("cordon", cordoned.Title)
	scenarioView{p: p, scenario: cordoned}.checkVerdicts()
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != "?example="+cordoned.Slug {
		t.Errorf("the picked scenario's address is %q; want ?example=%s", search, cordoned.Slug)
	}
	if open := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.js-gallery').open`)); open {
		t.Errorf("the gallery is still open after a pick")
	}
	p.openGallery()
	if current := p.texts(`.js-gallery-option[aria-current="true"] .gallery-option-title`); !cmp.Equal(current, []string{cordoned.Title}) {
		t.Errorf("the gallery marks %q as on the page; want %q", current, cordoned.Title)
	}
	p.Do(chromedp.KeyEvent(kb.Escape))
	p.finish("gallery-search")
}

// TestGalleryPickByMouse opens the gallery, types a word that filters it and
// clicks a result, as a person with a mouse does: the example loads (its
// verdicts, its address) and the dialog closes.
func TestGalleryPickByMouse(t *testing.T) {
	const query = "pressure"
	p := open(t, "/")
	p.openGallery()
	p.searchGallery(query)
	shown := galleryEntries(t, query)
	if len(shown) < 2 {
		t.Fatalf("%q finds %d examples; the test clicks the second", query, len(shown))
	}
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-gallery-option').length === %d`, len(shown)))
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	at := slices.IndexFunc(all, func(s examples.Scenario) bool { return strings.HasPrefix(shown[1], s.Title+" — ") })
	picked := all[at]
	p.clickElement(`document.querySelectorAll('.js-gallery-option')[1]`)
	p.waitFor(`!document.querySelector('.js-gallery').open`)
	scenarioView{p: p, scenario: picked}.checkVerdicts()
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != "?example="+picked.Slug {
		t.Errorf("the clicked example's address is %q; want ?example=%s", search, picked.Slug)
	}
	p.finish("")
}

// TestGalleryCloseKeepsAMovedFocus closes the gallery and, before its close
// event comes a task later, clicks into the Nodes editor, as a quick hand
// does: the focus stays in the editor and a paste lands there (the close
// event used to send the focus back to the Examples button).
func TestGalleryCloseKeepsAMovedFocus(t *testing.T) {
	p := open(t, "/")
	p.waitFirstVerdict()
	p.openGallery()
	browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](`document.querySelector('.js-gallery-close').click(); document.querySelector('#nodes-input').focus()`))
	p.waitFor(`new Promise((resolve) => setTimeout(() => resolve(true), 50))`)
	if focused := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.activeElement.id || document.activeElement.className`)); focused != "nodes-input" {
		t.Fatalf("after the gallery closed, the focus is on %q; want the Nodes editor, where it was put", focused)
	}
	p.paste("nodes", nodesNamed("cpu-1"))
	p.waitFor(`document.querySelector('.js-results').textContent.includes('cpu-1')`)
	p.finish("")
}

// TestGallerySearchShowsWhatMatched searches "evict": the gallery lists every
// example that mentions eviction anywhere, and each entry shows the word
// marked: in its title, summary or tags, or, when only its explanation has it
// (the cordoned node "evicts nothing"), in an excerpt of the explanation; axe
// finds nothing serious. In the full page and on a phone (the docs embed has
// no gallery), light and dark.
func TestGallerySearchShowsWhatMatched(t *testing.T) {
	eachView(t, func(t *testing.T, p *playground, view pageView) {
		if !p.shows(".js-gallery-open") {
			t.Logf("%s has no gallery", view.name)
			return
		}
		p.openGallery()
		p.searchGallery("evict")
		want := galleryEntries(t, "evict")
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-gallery-option').length === %d`, len(want)))
		entries := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.js-gallery-option')].map((o) => o.innerText)`))
		marks := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.js-gallery-option')].map((o) => [...o.querySelectorAll('mark')].map((m) => m.textContent).join(','))`))
		for i, entry := range entries {
			if !strings.Contains(strings.ToLower(entry), "evict") {
				t.Errorf("entry %d does not show why it matched \"evict\":\n%s", i+1, entry)
			}
			if !strings.Contains(strings.ToLower(marks[i]), "evict") {
				t.Errorf("entry %d marks %q; want the word evict marked:\n%s", i+1, marks[i], entry)
			}
		}
		if !slices.ContainsFunc(entries, func(entry string) bool { return strings.Contains(entry, "In the explanation: ") }) {
			t.Errorf("no entry quotes its explanation; the cordoned node's matches only there:\n%s", strings.Join(entries, "\n\n"))
		}
		p.waitFor(`document.documentElement.scrollWidth <= document.documentElement.clientWidth`)
		p.checkAxe()
		p.finish("gallery-evict-" + t.Name()[strings.LastIndex(t.Name(), "/")+1:])
	})
}
