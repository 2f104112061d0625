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

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// examplePlayground is the address examples/embed/index.html gives the
// playground, for the docs author to replace.
const examplePlayground = "https://playground.example.org"

// serveDocs serves html at / as a docs site on its own origin, under
// browsertest.DocsPolicy.
func serveDocs(t *testing.T, playground, html string) string {
	t.Helper()
	return browsertest.ServeDocsPage(t, playground, html)
}

// scenario is the gallery scenario with the slug.
func scenario(t *testing.T, slug string) examples.Scenario {
	t.Helper()
	s, err := examples.Find(slug)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// scenarioView is a gallery scenario as the playground shows it: in one
// <iframe> of a docs page, or in the page itself when node is nil.
type scenarioView struct {
	p        *playground
	index    int // among the docs page's iframes
	node     *chromedp.Node
	scenario examples.Scenario
}

// frames finds the docs page's iframes, which show the scenarios in order.
func (p *playground) frames(scenarios ...examples.Scenario) []scenarioView {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('iframe').length === %d`, len(scenarios)))
	nodes := browsertest.Run(p.Page, chromedp.Nodes(chromedp.CSSAll("iframe")))
	frames := make([]scenarioView, len(scenarios))
	for i, s := range scenarios {
		frames[i] = scenarioView{p: p, index: i, node: nodes[i], scenario: s}
	}
	return frames
}

// inFrame evaluates a JavaScript expression in the view's frame, once it is truthy.
func inFrame[T any](f scenarioView, expression string) T {
	f.p.t.Helper()
	if f.node == nil {
		return browsertest.Run(f.p.Page, chromedp.Poll[T](expression))
	}
	v, err := bench.InFrame[T](f.p.Ctx, f.node, expression)
	if err != nil {
		f.p.t.Fatalf("browsertest: %v", err)
	}
	return v
}

// card is a verdict card as the frame shows it: Title is "<pod> on <node>"
// in every language, Tones the data-tone of each verdict line.
type card struct {
	Title    string   `json:"title"`
	Verdicts []string `json:"verdicts"`
	Tones    []string `json:"tones"`
}

// cardTitles is the frame's cards' "<pod> on <node>", from their names, so
// in any language of the page.
const cardTitles = `[...document.querySelectorAll('.js-results .card')].map((c) =>
	c.querySelector('.card-pod').textContent + ' on ' + c.querySelector('.card-node').textContent)`

// The tones a verdict line has for each outcome (js/verdicts/verdict.js):
// checked in a frame in another language than English, whose words differ.
var (
	fitsTone     = map[string]bool{"ok": true, "avoid": true, "blocked": false}
	evictionTone = map[string]string{"now": "blocked", "after": "evict", "never": "ok", "none": "ok"}
)

// checkVerdicts waits for the view to show its scenario, then checks every
// card the scenario's hand-written expectations speak of: the scheduler's
// verdict, and for a running pod the eviction's, by their words in English
// and by their tones in the other languages.
func (f scenarioView) checkVerdicts() {
	t := f.p.t
	t.Helper()
	var titles []string
	for _, want := range f.scenario.Expect.Cells {
		titles = append(titles, want.Pod+" on "+want.Node)
	}
	// The explanation in each language, by the <html lang> of a frame in it.
	explanations := map[string]string{"en": f.scenario.Explanation}
	for language, texts := range f.scenario.Translations {
		explanations[htmlLang[language]] = texts.Explanation
	}
	explanation, _ := json.Marshal(explanations)
	expected, _ := json.Marshal(titles)
	// A frame still at about:blank has no description yet: the poll waits for it.
	inFrame[chromedp.Void](f, fmt.Sprintf(`(() => {
		const shown = %s;
		const description = document.querySelector('.js-example-description');
		return description !== null && description.textContent === %s[document.documentElement.lang] &&
			%s.every((title) => shown.includes(title)) && !document.querySelector('.js-results [aria-busy]');
	})()`, cardTitles, explanation, expected))
	raw := inFrame[string](f, `JSON.stringify([...document.querySelectorAll('.js-results .card')].map((c) => ({
		title: c.querySelector('.card-pod').textContent + ' on ' + c.querySelector('.card-node').textContent,
		verdicts: [...c.querySelectorAll('.verdict')].map((v) => v.textContent),
		tones: [...c.querySelectorAll('.verdict')].map((v) => v.dataset.tone || ''),
	})))`)
	english := inFrame[string](f, `document.documentElement.lang`) == "en"
	var cards []card
	if err := json.Unmarshal([]byte(raw), &cards); err != nil {
		t.Fatal(err)
	}
	byTitle := map[string]card{}
	for _, c := range cards {
		byTitle[c.Title] = c
	}
	checked := 0
	for _, want := range f.scenario.Expect.Cells {
		title := want.Pod + " on " + want.Node
		got, ok := byTitle[title]
		if !ok {
			t.Errorf("%s: no card %q among %v", f.scenario.Slug, title, cards)
			continue
		}
		verdicts := strings.Join(got.Verdicts, " | ")
		want = withDevices(want, f.scenario.Expect.Devices)
		if want.Fits != nil {
			checked++
			schedule := got.Verdicts[len(got.Verdicts)-1]
			if prefix := map[bool]string{true: "Schedules", false: "Cannot schedule"}[*want.Fits]; english && !strings.Contains(schedule, prefix) {
				t.Errorf("%s: %s says %q; want %q (fits: %v)", f.scenario.Slug, title, verdicts, prefix, *want.Fits)
			}
			if fits, known := fitsTone[got.Tones[len(got.Tones)-1]]; !english && known && fits != *want.Fits {
				t.Errorf("%s: %s says %q (tones %v); want fits: %v", f.scenario.Slug, title, verdicts, got.Tones, *want.Fits)
			}
		}
		if want.Eviction != nil {
			checked++
			phrase := map[string]string{"now": "Evicted now", "after": "Evicted in", "never": "Stays forever", "none": "Stays:"}[want.Eviction.Kind]
			if english && !strings.HasPrefix(verdicts, "Running here: "+phrase) {
				t.Errorf("%s: %s says %q; want it running, %q", f.scenario.Slug, title, verdicts, phrase)
			}
			if tone := got.Tones[0]; !english && tone != "as-read" && tone != evictionTone[want.Eviction.Kind] {
				t.Errorf("%s: %s says %q (tones %v); want it running, %s", f.scenario.Slug, title, verdicts, got.Tones, want.Eviction.Kind)
			}
		}
	}
	if checked == 0 {
		t.Fatalf("%s expects no verdict this test can check", f.scenario.Slug)
	}
}

// withDevices is a cell's expectation as the card shows it, the pod's
// device verdict combined with its node's as the engine does
// (engine.AddDeviceVerdicts): a pod that fits the node but whose claims get
// no device cannot schedule; a running pod its devices evict now, or later
// when its node does not evict it now, is evicted so.
func withDevices(cell examples.CellExpectation, devices []examples.DeviceExpectation) examples.CellExpectation {
	for _, d := range devices {
		if d.Pod != cell.Pod {
			continue
		}
		if d.Verdict == "unschedulable" && cell.Fits != nil && *cell.Fits {
			fits := false
			cell.Fits = &fits
		}
		evicts := d.Eviction != nil && (d.Eviction.Kind == "now" || d.Eviction.Kind == "after")
		if evicts && cell.Eviction != nil && (d.Eviction.Kind == "now" || cell.Eviction.Kind != "now") {
			cell.Eviction = d.Eviction
		}
	}
	return cell
}

// contentHeight is the height of the frame's document.
func (f scenarioView) contentHeight() float64 {
	f.p.t.Helper()
	return inFrame[float64](f, `Math.ceil(document.documentElement.getBoundingClientRect().height)`)
}

// frameHeight is the height the docs page gives the frame's content box.
func (f scenarioView) frameHeight() float64 {
	f.p.t.Helper()
	return browsertest.Run(f.p.Page, chromedp.Evaluate[float64](fmt.Sprintf(`document.querySelectorAll('iframe')[%d].clientHeight`, f.index)))
}

// fitTolerance is how far, in CSS pixels, a frame may be from its content's height.
const fitTolerance = 2

// waitFitted scrolls the frame into view, as a reader does, and waits until
// it is as high as its content, which may still be growing (highlighting,
// explanations); it returns that height. The frame then has nothing to
// scroll. Chromium does not lay out a frame of another origin while it is
// off screen, so a frame far below the fold reports its height when the
// reader reaches it.
func (f scenarioView) waitFitted() float64 {
	t := f.p.t
	t.Helper()
	browsertest.Run(f.p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('iframe')[%d].scrollIntoView()`, f.index)))
	deadline := time.Now().Add(30 * time.Second)
	for {
		content, frame := f.contentHeight(), f.frameHeight()
		if math.Abs(content-frame) <= fitTolerance {
			// A string: Poll waits for a truthy value.
			if scrolls := inFrame[string](f, `String(document.documentElement.scrollHeight > innerHeight + 2)`); scrolls != "false" {
				t.Errorf("%s: the frame is %v px high and its content %v px, yet it scrolls", f.scenario.Slug, frame, content)
			}
			return content
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the frame stays %v px high for content of %v px", f.scenario.Slug, frame, content)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// exampleDocsPage is examples/embed/index.html as a docs author deploys it:
// the placeholder address replaced with where the playground is served.
func exampleDocsPage(t *testing.T, playground string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "embed", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	if n := strings.Count(page, examplePlayground+"/?embed"); n != 2 {
		t.Fatalf("examples/embed/index.html embeds %s %d times; this test expects its two frames", examplePlayground, n)
	}
	return strings.ReplaceAll(page, examplePlayground, playground)
}

// TestDocsExamplePage opens examples/embed/index.html from a docs origin
// other than the playground's, under a strict CSP: each frame shows its
// scenario's verdicts, takes its content's height, and follows it when a
// person opens more of the content: a card's taint table, then its
// suggestion.
func TestDocsExamplePage(t *testing.T) {
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(serveDocs(t, site.URL, exampleDocsPage(t, site.URL)))
	frames := p.frames(scenario(t, "docs-three-taints"), scenario(t, "noexecute-toleration-seconds"))
	for _, f := range frames {
		inFrame[chromedp.Void](f, `document.documentElement.classList.contains('is-embed')`)
		f.checkVerdicts()
		f.waitFitted()
	}

	// Opening a card's taint table, then a suggestion in it, in the first
	// frame makes its content taller each time: the frame follows. The
	// reader clicks each fold's line with the mouse, once it stands still
	// in view (clickInFrame).
	first := frames[0]
	inFrame[chromedp.Void](first, `!document.querySelector('.card-detail[aria-busy]')`)
	for _, fold := range []string{".js-embed-taints", ".suggestion"} {
		before := first.waitFitted()
		clickInFrame(first, ".card "+fold+" > summary")
		inFrame[chromedp.Void](first, fmt.Sprintf(`document.querySelector('.card %s').open`, fold))
		if after := first.waitFitted(); after <= before {
			t.Errorf("opening %s left the frame's content at %v px (was %v)", fold, after, before)
		}
	}
	p.Screenshot("docs-embed")
	p.CheckNoProblems()
}

// TestDocsHugoShortcode renders a docs page from the Hugo shortcode, as Hugo
// would (hugo_test.go): one frame names an example by slug on the site's
// playground, one is a share link of another scenario, and two more choose
// the view: verdicts only, and editable. All load from a docs origin under
// a strict CSP, show their verdicts, show the YAML as their view has it,
// and fit their content (embed-host.js sizes each frame from the
// shortcode's starting height).
func TestDocsHugoShortcode(t *testing.T) {
	site := browsertest.Serve(t)
	byName := scenario(t, "empty-key-exists")
	shared := scenario(t, "toleration-order-matters")
	verdictsOnly := scenario(t, "docs-three-taints")
	editable := scenario(t, "noexecute-toleration-seconds")
	state, err := json.Marshal(map[string]any{"v": 1, "nodes": shared.Nodes, "pods": shared.Pods, "options": shared.Settings})
	if err != nil {
		t.Fatal(err)
	}
	page := newHugoPage("en")
	siteParams := sitePlayground(site.URL + "/")
	html := "<!doctype html>\n<title>Docs</title>\n<h1>Taints</h1>\n" +
		renderShortcode(t, page, siteParams, map[string]string{"example": byName.Slug, "title": byName.Title}) +
		"\n<p>And a share link:</p>\n" +
		renderShortcode(t, page, siteParams, map[string]string{"src": site.URL + "/#s=" + deflated(string(state)), "height": "300"}) +
		"\n<p>The verdicts only:</p>\n" +
		renderShortcode(t, page, siteParams, map[string]string{"example": verdictsOnly.Slug, "view": "verdicts"}) +
		"\n<p>Editable:</p>\n" +
		renderShortcode(t, page, siteParams, map[string]string{"example": editable.Slug, "view": "edit"})

	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(serveDocs(t, site.URL, html))
	frames := p.frames(byName, shared, verdictsOnly, editable)
	// A share link carries no explanation: the scenario's is expected only by name.
	frames[1].scenario.Explanation = ""
	views := []string{"read", "read", "verdicts", "edit"}
	for i, f := range frames {
		// A lazy frame loads once the reader scrolls to it.
		browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('iframe')[%d].scrollIntoView()`, i)))
		inFrame[chromedp.Void](f, `document.documentElement.classList.contains('is-embed')`)
		f.checkVerdicts()
		checkYAMLShown(f, views[i])
		f.waitFitted()
	}
	p.Screenshot("docs-hugo")
	p.CheckNoProblems()
}

// openEmbedBuilder clicks "Copy embed snippet" and waits until the builder
// shows: it opens once the page has made the link, a moment later.
func (p *playground) openEmbedBuilder() {
	p.t.Helper()
	p.clickButton("Copy embed snippet")
	p.waitFor(`document.querySelector('.js-embed-views').checkVisibility()`)
}

// builtSnippet waits for the embed snippet builder to measure the view
// chosen, and its figure to hold for a second, and returns the snippet and
// the height it says.
func (p *playground) builtSnippet() (snippet string, height float64) {
	p.t.Helper()
	height = browsertest.Run(p.Page, chromedp.Poll[float64](`(() => {
		const height = Number(document.querySelector('.js-embed-height').dataset.height);
		const held = window.__held || (window.__held = { height: 0, since: 0 });
		if (held.height !== height) Object.assign(held, { height, since: performance.now() });
		return height > 0 && performance.now() - held.since >= 1000 && height;
	})()`, chromedp.WithPollingTimeout(90*time.Second)))
	snippet = browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('.js-embed-output').value`))
	if text := p.text(".js-embed-height"); !strings.Contains(text, fmt.Sprintf("%v px", height)) {
		p.t.Errorf("the builder says %q; want the height, %v px", text, height)
	}
	if want := fmt.Sprintf(` height="%v" `, height); !strings.Contains(snippet, want) {
		p.t.Errorf("the snippet lacks the measured height, %s:\n%s", want, snippet)
	}
	return snippet, height
}

// TestEmbedSnippetOfAnExample picks a scenario in the gallery and opens the
// embed snippet builder: the snippet names the scenario instead of carrying
// its text, in the view chosen (read at first), and the builder measures its
// height at 800 px wide. Choosing "the verdicts only" changes the snippet and
// the height. Pasted into a docs page of another origin, 800 px of column
// wide, it shows the scenario's verdicts in a frame as high as the builder
// said.
func TestEmbedSnippetOfAnExample(t *testing.T) {
	p := open(t, "/")
	p.Do(chromedp.EmulateViewport(docsViewport, 900))
	picked := scenario(t, "noexecute-toleration-seconds")
	p.pickExample(picked.Title, picked.Title)
	scenarioView{p: p, scenario: picked}.checkVerdicts()
	p.openEmbedBuilder()
	read, readHeight := p.builtSnippet()
	if want := `<iframe src="` + p.site.URL + `/?embed&amp;example=` + picked.Slug + `&amp;view=read" `; !strings.Contains(read, want) {
		t.Errorf("the embed snippet lacks %q:\n%s", want, read)
	}
	// A frame below the fold loads when the reader scrolls near it.
	if !strings.Contains(read, ` loading="lazy" `) {
		t.Errorf("the embed snippet does not load lazily:\n%s", read)
	}
	p.Screenshot("embed-builder")
	p.click(`.js-embed-views input[value="verdicts"]`)
	p.waitFor(`document.querySelector('.js-embed-output').value.includes('view=verdicts')`)
	snippet, height := p.builtSnippet()
	if want := `<iframe src="` + p.site.URL + `/?embed&amp;example=` + picked.Slug + `&amp;view=verdicts" `; !strings.Contains(snippet, want) {
		t.Errorf("the embed snippet of the verdicts view lacks %q:\n%s", want, snippet)
	}
	t.Logf("%s at %d px wide, measured by the builder: read %v px, verdicts %v px", picked.Slug, docsColumn, readHeight, height)
	if height >= readHeight {
		t.Errorf("the verdicts view measures %v px, the read view %v px; the read view has the YAML's line more", height, readHeight)
	}
	p.allowClipboard()
	p.click(".js-embed-copy")
	p.waitText(".js-embed-status", "Copied.")
	p.CheckNoProblems()

	p.Navigate(serveDocs(t, p.site.URL, "<!doctype html>\n<title>Docs</title>\n"+snippet))
	frame := p.frames(picked)[0]
	frame.checkVerdicts()
	if fitted := frame.waitFitted(); math.Abs(fitted-height) > fitTolerance {
		t.Errorf("pasted in a docs page the frame fits %v px; the builder said %v px", fitted, height)
	}
	p.CheckNoProblems()
}

// readmeSnippet is the embed snippet README.md shows, in its "Embed it in a
// docs page" section's html block.
var readmeSnippet = regexp.MustCompile("(?s)## Embed it in a docs page.*?```html\n(.*?)\n```")

// TestReadmeEmbedSnippet opens the docs' three taints, as the README's
// example does, and the embed snippet builder in its default view: the
// snippet README.md shows is what the builder writes, on the playground's
// placeholder address, with the height it measures (within a few px).
func TestReadmeEmbedSnippet(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := readmeSnippet.FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md's \"Embed it in a docs page\" has no html block")
	}
	p := open(t, "/?example=docs-three-taints")
	p.Do(chromedp.EmulateViewport(docsViewport, 900))
	p.openEmbedBuilder()
	built, height := p.builtSnippet()
	built = strings.ReplaceAll(built, p.site.URL, examplePlayground)
	heightAttribute := regexp.MustCompile(` height="(\d+)" `)
	shown := heightAttribute.FindStringSubmatch(string(m[1]))
	if shown == nil {
		t.Fatalf("README.md's snippet has no height:\n%s", m[1])
	}
	if readmeHeight, _ := strconv.ParseFloat(shown[1], 64); math.Abs(readmeHeight-height) > readmeTolerance {
		t.Errorf("README.md's snippet is %v px high; the builder measures %v px", readmeHeight, height)
	}
	if got, want := heightAttribute.ReplaceAllString(string(m[1]), ` height="…" `), heightAttribute.ReplaceAllString(built, ` height="…" `); got != want {
		t.Errorf("README.md's snippet is not what the builder writes:\nREADME.md:\n%s\nthe builder:\n%s", got, want)
	}
	p.CheckNoProblems()
}
