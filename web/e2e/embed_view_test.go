package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// docsColumn is the width, in CSS pixels, of the docs column the embed is
// measured in; docsViewport is the docs page's viewport that gives an
// iframe of width 100% that much room (the body's margins and the frame's
// border take 16 px).
const (
	docsColumn   = 800
	docsViewport = docsColumn + 16
)

// embedDocsPage is a docs page with one frame of the playground showing the
// docs' three taints, query added to its address (such as "&view=edit"),
// and embed-host.js, as the snippet writes it.
func embedDocsPage(playground, query string) string {
	return fmt.Sprintf(`<!doctype html>
<title>Docs</title>
<iframe src="%s/?embed&amp;example=docs-three-taints%s" title="Taint Playground" width="100%%" height="640" loading="lazy"></iframe>
<script src="%s/embed-host.js" defer></script>`, playground, strings.ReplaceAll(query, "&", "&amp;"), playground)
}

// openEmbedded opens the docs page of embedDocsPage in a browser whose
// prefers-color-scheme is scheme, 800 px of docs column wide, and waits
// until the frame shows the scenario's verdicts and fits its content.
func openEmbedded(t *testing.T, scheme, query string) scenarioView {
	t.Helper()
	p := openWithScheme(t, scheme)
	p.Do(chromedp.EmulateViewport(docsViewport, 900))
	p.Navigate(serveDocs(t, p.site.URL, embedDocsPage(p.site.URL, query)))
	f := p.frames(scenario(t, "docs-three-taints"))[0]
	f.checkVerdicts()
	inFrame[chromedp.Void](f, `!document.querySelector('.js-results [aria-busy]')`)
	if width := inFrame[float64](f, `innerWidth`); width != docsColumn {
		t.Fatalf("the frame is %v px wide; this test measures it %d px wide", width, docsColumn)
	}
	return f
}

// shownIn reports whether the element the selector finds in the frame can
// be seen: laid out, and not in a closed <details> nor visibility: hidden.
func shownIn(f scenarioView, selector string) bool {
	f.p.t.Helper()
	return inFrame[string](f, fmt.Sprintf(`(() => { const el = document.querySelector(%q); return String(Boolean(el && el.checkVisibility({ visibilityProperty: true }))); })()`, selector)) == "true"
}

// verdictTop is how far below the frame's top its first verdict card starts.
func verdictTop(f scenarioView) float64 {
	f.p.t.Helper()
	return inFrame[float64](f, `(() => { const card = document.querySelector('.js-results .card'); return card && card.getBoundingClientRect().top + scrollY + 0.001; })()`)
}

// clickInFrame clicks the element the selector finds in the frame with the
// mouse, as a reader does: the docs page is scrolled to bring it into view,
// and once it stands still the click lands at its centre, in the docs
// page's coordinates (the frame's box plus the element's box in the frame).
func clickInFrame(f scenarioView, selector string) {
	f.p.t.Helper()
	frame := fmt.Sprintf(`document.querySelectorAll('iframe')[%d]`, f.index)
	at := func() []float64 {
		inner := inFrame[[]float64](f, fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return null; const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, selector))
		outer := browsertest.Run(f.p.Page, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => { const r = %s.getBoundingClientRect(); return [r.left + %s.clientLeft, r.top + %s.clientTop]; })()`, frame, frame, frame)))
		return []float64{outer[0] + inner[0], outer[1] + inner[1]}
	}
	// Bring the element to a third of the way down the docs page's viewport.
	point := at()
	browsertest.Run(f.p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`scrollBy(0, %f - innerHeight / 3)`, point[1])))
	for still := 0; still < 3; {
		time.Sleep(50 * time.Millisecond)
		next := at()
		if math.Abs(next[0]-point[0]) < 0.5 && math.Abs(next[1]-point[1]) < 0.5 {
			still++
		} else {
			still = 0
		}
		point = next
	}
	f.p.Do(chromedp.MouseClickXY(point[0], point[1]))
}

// TestEmbedAnswersNoPageShortcut clicks into an embedded frame, then
// presses P and ?, which on the full page open the presenter view and the
// shortcuts: in the embed, where they are the authors', nothing opens.
func TestEmbedAnswersNoPageShortcut(t *testing.T) {
	f := openEmbedded(t, "light", "")
	f.waitFitted()
	// The test listens, without acting, for the keys to reach the frame.
	inFrame[chromedp.Void](f, `(window.__keys = [], addEventListener('keydown', (e) => window.__keys.push(e.key)), true)`)
	clickInFrame(f, ".js-results .card-title")
	f.p.Do(chromedp.KeyEvent("p"), chromedp.KeyEvent("?"), chromedp.KeyEvent("P"))
	inFrame[chromedp.Void](f, `window.__keys.join('') === 'p?P'`)
	if open := inFrame[string](f, `JSON.stringify({presenting: document.documentElement.classList.contains('is-presenting') || !document.querySelector('.js-presenter').hidden, dialogs: [...document.querySelectorAll('dialog')].filter((d) => d.open).length})`); open != `{"presenting":false,"dialogs":0}` {
		t.Errorf("P and ? in the embed opened %s", open)
	}
	f.p.CheckNoProblems()
}

// authoringButtons are the full page's buttons for authors, none of which an embed shows.
var authoringButtons = []string{"Workshop", "Share link", "Copy embed snippet", "Presenter view", "Download report (JSON)", "Show the blast radius"}

// TestDocsEmbedVerdictFirst embeds the docs' three taints in a docs page of
// another origin, 800 px of column wide, in each view (and in dark, the
// default view):
// the default fits in 900 px with its first verdict in the first 600; no
// view shows an authoring button; verdicts shows no YAML, read shows it
// read-only behind one line, edit shows it editable. The settings line
// opens the settings on a click.
func TestDocsEmbedVerdictFirst(t *testing.T) {
	views := []struct {
		query      string
		maxHeight  float64 // 0: not limited
		yaml, edit bool
	}{
		{query: "", maxHeight: 900, yaml: true},
		{query: "&view=read", maxHeight: 900, yaml: true},
		{query: "&view=verdicts", maxHeight: 900},
		{query: "&view=edit", yaml: true, edit: true},
	}
	for _, scheme := range []string{"light", "dark"} {
		for _, view := range views {
			// Dark is checked on the default view, which is what most readers get.
			if scheme == "dark" && view.query != "" {
				continue
			}
			name := strings.TrimPrefix(view.query, "&view=")
			if name == "" {
				name = "default"
			}
			t.Run(scheme+"-"+name, func(t *testing.T) {
				f := openEmbedded(t, scheme, view.query)
				height := f.waitFitted()
				top := verdictTop(f)
				t.Logf("%s view at %d px wide: %v px high, first verdict at %v px", name, docsColumn, height, top)
				if scheme == "light" {
					checkReadmeHeight(t, name, height, top)
				}
				if view.maxHeight > 0 && height > view.maxHeight {
					t.Errorf("the frame is %v px high; want at most %v", height, view.maxHeight)
				}
				if top > 600 {
					t.Errorf("the first verdict starts %v px down the frame; want it in the first 600 px", top)
				}
				if editorsTop := inFrame[float64](f, `document.querySelector('.editors').getBoundingClientRect().top + scrollY + 0.001`); view.yaml && editorsTop < top {
					t.Errorf("the YAML (at %v px) comes before the verdicts (at %v px)", editorsTop, top)
				}
				shown := inFrame[string](f, fmt.Sprintf(`JSON.stringify(%s.filter((label) => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === label && b.getClientRects().length > 0)))`, jsonString(t, authoringButtons)))
				if shown != "[]" {
					t.Errorf("the embed shows authoring buttons %s", shown)
				}

				// The YAML, as the view has it; the read view's line opens it.
				checkYAMLShown(f, name)
				if view.yaml && !view.edit {
					clickInFrame(f, ".js-embed-yaml summary")
					if !shownIn(f, "#pods-input") {
						t.Error("opening the YAML's line does not show the editors")
					}
					if opened := f.waitFitted(); opened <= height {
						t.Errorf("opening the YAML left the frame at %v px (was %v)", opened, height)
					}
				}

				// The settings: one line, opened on a click.
				summary := inFrame[string](f, `document.querySelector('.js-settings-line-summary').textContent`)
				if summary != "Cluster settings: defaults (they add 4 tolerations)" {
					t.Errorf("the settings line says %q", summary)
				}
				if shownIn(f, `[name="defaultTolerationSeconds"]`) {
					t.Error("the settings show before their line is opened")
				}
				clickInFrame(f, ".js-settings-line-summary")
				if !shownIn(f, `[name="defaultTolerationSeconds"]`) || !shownIn(f, ".js-settings-added li") {
					t.Error("opening the settings line does not show the settings and what they added")
				}
				if disabled := inFrame[string](f, `String(document.querySelector('[name="defaultTolerationSeconds"]').matches(':disabled'))`); disabled != map[bool]string{true: "false", false: "true"}[view.edit] {
					t.Errorf("a setting's disabled is %s in this view", disabled)
				}
				f.waitFitted()
				f.p.Screenshot("embed-" + name + "-" + scheme)
				f.p.CheckNoProblems()
			})
		}
	}
}

// readmeHeights reads what README.md's "Embed it in a docs page" says the
// docs' three taints measure at 800 px wide: the default view's height and
// its first verdict's distance from the top, and the verdicts and edit
// views' heights.
var readmeHeights = regexp.MustCompile(`At 800 px wide, ` + "`" + `\?embed&example=docs-three-taints` + "`" + ` is ([\d,]+) px high in the\s+default view, its first verdict ([\d,]+) px from the top \(` + "`" + `verdicts` + "`" + `: ([\d,]+) px,\s+` + "`" + `edit` + "`" + `: ([\d,]+) px`)

// readmeTolerance is how far, in CSS pixels, a measured height may be from
// the README's figure: fonts hinted a little differently move a line by a pixel.
const readmeTolerance = 3

// checkReadmeHeight checks a view's measured height (and, for the default
// view, its first verdict's place) against README.md's figures.
func checkReadmeHeight(t *testing.T, view string, height, top float64) {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := readmeHeights.FindStringSubmatch(string(readme))
	if m == nil {
		t.Fatalf("README.md does not say the embed's heights as %s expects", readmeHeights)
	}
	number := func(s string) float64 {
		n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		if err != nil {
			t.Fatal(err)
		}
		return float64(n)
	}
	want := map[string][]float64{"default": {number(m[1]), number(m[2])}, "read": {number(m[1]), number(m[2])}, "verdicts": {number(m[3])}, "edit": {number(m[4])}}[view]
	if math.Abs(height-want[0]) > readmeTolerance {
		t.Errorf("the %s view is %v px high; README.md says %v px", view, height, want[0])
	}
	if len(want) > 1 && math.Abs(top-want[1]) > readmeTolerance {
		t.Errorf("the %s view's first verdict is %v px from the top; README.md says %v px", view, top, want[1])
	}
}

// checkYAMLShown checks that the frame shows the YAML as its view (the
// view= parameter; "default" or "" for none) has it: verdicts, none; read,
// read-only behind one folded line; edit, open and editable.
func checkYAMLShown(f scenarioView, view string) {
	t := f.p.t
	t.Helper()
	fold, editor := shownIn(f, ".js-embed-yaml"), shownIn(f, "#pods-input")
	readOnly := ""
	if view != "verdicts" {
		readOnly = inFrame[string](f, `String(document.querySelector('#pods-input').readOnly)`)
	}
	switch view {
	case "verdicts":
		if fold || editor {
			t.Errorf("%s: the verdicts view shows the YAML (its line %v, the editor %v)", f.scenario.Slug, fold, editor)
		}
	case "edit":
		if fold || !editor || readOnly != "false" {
			t.Errorf("%s: the edit view folds the YAML (%v), hides it (%v) or makes it read-only (%s)", f.scenario.Slug, fold, !editor, readOnly)
		}
	default:
		if !fold || editor || readOnly != "true" {
			t.Errorf("%s: the read view does not fold the YAML, read-only, behind one line: its line shown %v, the editor shown %v, read-only %s", f.scenario.Slug, fold, editor, readOnly)
		}
	}
}

// jsonString is v as JSON, to put in a JavaScript expression.
func jsonString(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// openedTab clicks the frame's "Open in the playground" with the mouse and
// returns the address of the tab it opens, once want accepts it; then the
// docs page's tab comes to the front again, as the reader goes back to it.
func openedTab(f scenarioView, want func(url string) bool) string {
	f.p.t.Helper()
	urls := make(chan string, 1)
	chromedp.WaitNewTarget(f.p.Ctx, func(info *target.Info) bool {
		if info.Type != "page" || !want(info.URL) {
			return false
		}
		urls <- info.URL
		return true
	})
	clickInFrame(f, ".js-embed-open")
	select {
	case url := <-urls:
		// The reader comes back to the docs page's tab.
		if _, err := chromedp.Call(f.p.Ctx, page.BringToFront, cdp.Empty{}); err != nil {
			f.p.t.Fatal(err)
		}
		return url
	case <-f.p.Ctx.Done():
		f.p.t.Fatal("clicking “Open in the playground” opened no tab")
	}
	return ""
}

// TestDocsEmbedOpenInPlayground follows the embed's "Open in the
// playground", which opens a new tab: unchanged, it names the example, and
// the full page shows the same scenario; once the reader has edited the
// YAML in the edit view, it carries the edited text, which the full page
// shows.
func TestDocsEmbedOpenInPlayground(t *testing.T) {
	f := openEmbedded(t, "light", "&view=edit")
	p := f.p
	link := `document.querySelector('.js-embed-open')`
	if target := inFrame[string](f, link+`.target + ' ' + `+link+`.rel`); target != "_blank noopener" {
		t.Errorf("the link opens with target and rel %q; want a new tab, without an opener", target)
	}
	href := openedTab(f, func(url string) bool { return strings.Contains(url, "example=") })
	if want := p.site.URL + "/?example=docs-three-taints"; href != want {
		t.Errorf("the link goes to %q; want %q", href, want)
	}
	full := p.reopen(href)
	if full.shown(".site-header") == false || full.shown(".js-embed-open") {
		t.Error("the link opens the embed, not the full page")
	}
	scenarioView{p: full, scenario: f.scenario}.checkVerdicts()
	if got := full.value("pods"); got != f.scenario.Pods {
		t.Errorf("the full page's Pods editor holds %q; want the scenario's", got)
	}
	full.finish("")

	// An edit in the frame: the reader clicks into the Pods editor, goes to
	// its end and types "#", one keystroke, so that the link changes once.
	clickInFrame(f, "#pods-input")
	p.Do(chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	inFrame[chromedp.Void](f, `(() => { const input = document.querySelector('#pods-input'); return document.activeElement === input && input.selectionStart === input.value.length; })()`)
	p.Do(chromedp.KeyEvent("#"))
	inFrame[chromedp.Void](f, `document.querySelector('.js-embed-open').href.includes('#s=')`)
	href = openedTab(f, func(url string) bool { return strings.Contains(url, "#s=") })
	if !strings.HasPrefix(href, p.site.URL+"/#s=") {
		t.Errorf("after an edit the link goes to %q; want a share link of the full page", href)
	}
	edited := p.reopen(href)
	if got := edited.value("pods"); got != f.scenario.Pods+"#" {
		t.Errorf("the full page opens the edited link with Pods %q; want the frame's text", got)
	}
	edited.finish("")
	p.CheckNoProblems()
}

// TestEmbedStorageRefused opens the embed where touching sessionStorage,
// where an embed keeps its edits, throws, as a third-party frame may find
// it: the edit view says the frame cannot keep edits and points to "Open in
// the playground" (the embed has no "Share link"); the read view, where
// nothing can be edited, says nothing.
func TestEmbedStorageRefused(t *testing.T) {
	p := openBlocking(t, "sessionStorage", "/?embed&view=edit&example=docs-three-taints")
	p.waitFirstVerdict()
	note := p.waitText(".js-storage-note", "“Open in the playground”")
	if strings.Contains(note, "Share link") {
		t.Errorf("the embed's storage note points to a button it does not show: %q", note)
	}
	if !p.shown(".js-storage-note") {
		t.Error("the storage note is not shown in the edit view")
	}
	p.finish("embed-storage-refused")

	q := openBlocking(t, "sessionStorage", "/?embed&example=docs-three-taints")
	q.waitFirstVerdict()
	if q.shown(".js-storage-note") {
		t.Errorf("the read view, where nothing is edited, shows the storage note %q", q.text(".js-storage-note"))
	}
	q.finish("")
}

// TestEmbedPhone opens the default embed at a phone's width, in light and
// dark: nothing reaches past the edge and the first verdict is in the
// first screen.
func TestEmbedPhone(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := openWithScheme(t, scheme)
			p.Do(chromedp.EmulateViewport(390, 844))
			p.Navigate(p.site.URL + "/?embed&example=docs-three-taints")
			p.waitFirstVerdict()
			p.waitFor(`!document.querySelector('.js-results [aria-busy]')`)
			if width := browsertest.Run(p.Page, chromedp.Evaluate[string](`String(document.documentElement.scrollWidth)`)); width != "390" {
				t.Errorf("the embed is %s px wide on a 390 px phone", width)
			}
			if top := browsertest.Run(p.Page, chromedp.Evaluate[float64](`document.querySelector('.js-results .card').getBoundingClientRect().top`)); top > 844/2 {
				t.Errorf("the first verdict starts %v px down a 844 px screen", top)
			}
			p.finish("embed-phone-" + scheme)
		})
	}
}
