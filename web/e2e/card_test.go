package e2e

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// openPhone opens the page on a 390 × 844 touch screen whose
// prefers-color-scheme is scheme, and waits for the first verdict.
func openPhone(t *testing.T, scheme string) *playground {
	t.Helper()
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatal(err)
	}
	p.Do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	p.Navigate(site.URL + "/")
	p.waitFirstVerdict()
	return p
}

// rect is an element's box in the viewport: its top, bottom and height.
type rect struct{ Top, Bottom, Height float64 }

func (p *playground) rect(selector string) rect {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[rect](fmt.Sprintf(
		`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return { Top: r.top, Bottom: r.bottom, Height: r.height }; })()`, selector)))
}

// TestCardSaysEachFactOnce reads the docs example's card: the blocking taint
// is named once, by the headline; one line says why; the near misses and
// the suggested toleration stay folded until the user opens them. Then the
// cards of a running pod that stays, is evicted later and is evicted now:
// each says each fact once (checkEachFactOnce).
func TestCardSaysEachFactOnce(t *testing.T) {
	p := open(t, "/")
	// A third toleration of key2 with the wrong effect: a near miss.
	p.paste("pods", strings.Replace(docsPods, "  containers:", "  - key: key2\n    operator: Equal\n    value: value2\n    effect: NoExecute\n  containers:", 1))
	why := p.waitText(".js-card-why", "NoExecute")
	if !strings.Contains(why, "Toleration #3 has effect NoExecute") {
		t.Errorf("the why line says %q; want it to name toleration #3", why)
	}
	card := p.text(".js-results .card")
	if n := strings.Count(card, "key2=value2:NoSchedule"); n != 1 {
		t.Errorf("the card names key2=value2:NoSchedule %d times; want once:\n%s", n, card)
	}
	if n := strings.Count(card, why); n != 1 {
		t.Errorf("the card says its why line %q %d times; want once:\n%s", why, n, card)
	}
	t.Logf("the card's visible text is %d characters:\n%s", len([]rune(card)), card)

	// Folded: the near miss and the suggestion say nothing until opened.
	if strings.Contains(card, "tolerations:") || strings.Contains(card, "field effect") {
		t.Errorf("the card shows folded details before they are opened:\n%s", card)
	}
	p.clickElement(`document.querySelector('.js-near-misses summary')`)
	p.waitFor(`document.querySelector('.js-near-misses').open`)
	if got := p.text(".js-near-misses"); !strings.Contains(got, "toleration 3 (line 15), field effect") {
		t.Errorf("the opened near misses say %q", got)
	}
	p.clickElement(`document.querySelector('.suggestion summary')`)
	p.waitFor(`document.querySelector('.suggestion').open`)
	if got := p.text(".suggestion"); !strings.Contains(got, `key: "key2"`) {
		t.Errorf("the opened suggestion says %q", got)
	}
	p.finish("card")

	// A running pod's card: its eviction, then what the scheduler would do
	// with a new pod like it, then one line of why; no fact twice.
	stays := strings.Replace(docsPods, "spec:\n", "spec:\n  nodeName: node1\n", 1)
	evictedNow := strings.Replace(stays, "  - key: \"key1\"\n    operator: \"Equal\"\n    value: \"value1\"\n    effect: \"NoExecute\"\n", "", 1)
	for _, tc := range []struct{ name, pods, headline string }{
		{"stays", stays, "Running here: Stays forever"},
		{"evicted later", runningPod(60), "Running here: Evicted in 1 min"},
		{"evicted now", evictedNow, "Running here: Evicted now"},
	} {
		p.paste("pods", tc.pods)
		p.waitText(".js-verdict", tc.headline)
		p.waitFor(`document.querySelector('.js-results .card-detail') && !document.querySelector('.js-results [aria-busy]')`)
		lines := p.texts(".js-results .card .verdict, .js-results .card .js-card-why, .js-results .card .js-card-clock-note:not([hidden])")
		card := p.text(".js-results .card")
		checkEachFactOnce(t, tc.name, lines, card)
	}
}

// cardFacts are the facts a verdict card may state, each by the phrasings
// the page and the engine use for it.
var cardFacts = map[string]*regexp.Regexp{
	"the pod stays":             regexp.MustCompile(`(?i)stays|never evicted|no time limit|leaves the pod alone`),
	"the pod is evicted now":    regexp.MustCompile(`(?i)evicted now|at once`),
	"the pod is evicted later":  regexp.MustCompile(`(?i)evicted in|deleted \d+ s after`),
	"a new pod cannot schedule": regexp.MustCompile(`(?i)cannot schedule|would not place|does not fit|untolerated taint`),
}

// taintInText finds taints written key=value:Effect.
var taintInText = regexp.MustCompile(`[\w./-]+=[\w./-]*:(NoSchedule|PreferNoSchedule|NoExecute)`)

// checkEachFactOnce checks a card's lines (its verdicts, why and notes):
// each fact of cardFacts is stated by one line at most, no two lines share
// four words in a row, and each taint is named once in the card's visible text.
func checkEachFactOnce(t *testing.T, name string, lines []string, card string) {
	t.Helper()
	for fact, phrasing := range cardFacts {
		var saying []string
		for _, line := range lines {
			if phrasing.MatchString(line) {
				saying = append(saying, line)
			}
		}
		if len(saying) > 1 {
			t.Errorf("%s: %d lines say %s: %q", name, len(saying), fact, saying)
		}
	}
	for i := range lines {
		for j := i + 1; j < len(lines); j++ {
			if phrase := sharedPhrase(lines[i], lines[j], 4); phrase != "" {
				t.Errorf("%s: two lines say %q:\n  %s\n  %s", name, phrase, lines[i], lines[j])
			}
		}
	}
	for _, taint := range taintInText.FindAllString(card, -1) {
		if n := strings.Count(card, taint); n != 1 {
			t.Errorf("%s: the card names %s %d times; want once:\n%s", name, taint, n, card)
		}
	}
	t.Logf("%s: %q", name, lines)
}

// sharedPhrase is a run of n words that both texts contain, or "".
func sharedPhrase(a, b string, n int) string {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '=' && r != ':' })
	}
	runs := map[string]bool{}
	wa := words(a)
	for i := 0; i+n <= len(wa); i++ {
		runs[strings.Join(wa[i:i+n], " ")] = true
	}
	wb := words(b)
	for i := 0; i+n <= len(wb); i++ {
		if run := strings.Join(wb[i:i+n], " "); runs[run] {
			return run
		}
	}
	return ""
}

// TestTaintKeyWrapsOnlyAtSeparators puts a long dotted key in a narrow card:
// the key wraps, but only after "=", ":", "/" or ".", so every piece between
// them lies on one line (a break inside one gives its text two boxes).
func TestTaintKeyWrapsOnlyAtSeparators(t *testing.T) {
	p := open(t, "/")
	p.Do(chromedp.EmulateViewport(320, 800))
	p.paste("nodes", "apiVersion: v1\nkind: Node\nmetadata:\n  name: node1\nspec:\n  taints:\n  - key: example.com/maintenance-window\n    value: maintenance=planned\n    effect: NoSchedule\n")
	p.waitFor(`document.querySelector('.js-taint-row .taint-key')`)
	lines := browsertest.Run(p.Page, chromedp.Evaluate[[]int](`[...document.querySelectorAll('.js-taint-row .taint-key .nobreak')].map((piece) => {
		const range = document.createRange();
		range.selectNodeContents(piece);
		return range.getClientRects().length;
	})`))
	if len(lines) < 4 {
		t.Fatalf("the key is in %d pieces; want it split after its separators", len(lines))
	}
	for i, n := range lines {
		if n != 1 {
			t.Errorf("piece %d of the key lies on %d lines; want 1", i, n)
		}
	}
	wrapped := browsertest.Run(p.Page, chromedp.Evaluate[int](`(() => {
		const tops = new Set([...document.querySelectorAll('.js-taint-row .taint-key .nobreak')].map((piece) => Math.round(piece.getBoundingClientRect().top)));
		return tops.size;
	})()`))
	t.Logf("at 320 px the key lies on %d lines", wrapped)
	p.finish("card-narrow-key")
}

// TestPhoneFirstScreen: on a 390 × 844 phone, light and dark, the first
// verdict's headline is in the first screen without scrolling (its touch
// targets are measured by TestTouchTargetsOnAPhone).
func TestPhoneFirstScreen(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := openPhone(t, scheme)
			headline := p.rect(".js-verdict")
			t.Logf("first verdict at y = %.0f–%.0f", headline.Top, headline.Bottom)
			if headline.Top < 0 || headline.Bottom > 844 {
				t.Errorf("the first verdict lies at y = %.0f–%.0f; want it inside the first 844 px", headline.Top, headline.Bottom)
			}
			p.finish("phone-" + scheme)
		})
	}
}

// TestPhoneClockStaysWithBars plays the clock on a phone, scrolled down to
// the bars of many running pods: the clock's time stays in view.
func TestPhoneClockStaysWithBars(t *testing.T) {
	p := openPhone(t, "light")
	var pods []string
	for i := range 8 {
		pods = append(pods, strings.Replace(runningPod(600+60*i), "name: db\n", fmt.Sprintf("name: db-%d\n", i), 1))
	}
	p.paste("pods", strings.Join(pods, "---\n"))
	p.waitFor(`document.querySelectorAll('.js-countdown-row').length === 8`)
	p.clickButton("Play")
	// Scrolled down with the wheel, as a person scrolls to the last bar.
	lastRowInView := `document.querySelectorAll('.js-countdown-row')[7].getBoundingClientRect().bottom <= innerHeight`
	for i := 0; !browsertest.Run(p.Page, chromedp.Evaluate[bool](lastRowInView)); i++ {
		if i == 40 {
			t.Fatal("40 turns of the wheel did not bring the last bar into view")
		}
		p.Do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, 195, 422, func(e *input.DispatchMouseEventParams) {
			e.DeltaX, e.DeltaY = 1, 200 // DevTools takes a wheel event only with both deltas set
		}))
	}
	p.waitFor(`document.querySelector('.js-clock-time').textContent !== 't = 0.0 s'`)
	panel := p.rect(".js-countdown")
	clock := p.rect(".js-clock-time")
	if panel.Top >= 0 {
		t.Fatalf("the countdown panel starts at y = %.0f: the test did not scroll past the clock", panel.Top)
	}
	if clock.Top < 0 || clock.Bottom > 844 {
		t.Errorf("while playing, scrolled to the bars, the clock's time lies at y = %.0f–%.0f; want it in view", clock.Top, clock.Bottom)
	}
	p.clickButton("Pause")
	p.finish("phone-clock")
}

// visibleText is the text of the first element the selector finds if a
// person can see it (laid out, with a size, not in a closed fold nor
// hidden), else "".
func (p *playground) visibleText(selector string) string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return '';
		const r = el.getBoundingClientRect();
		return r.width > 0 && r.height > 0 ? el.innerText : '';
	})()`, selector)))
}

// TestTaintBoxesSayWhatTheyChange: the Nodes editor, the clock's kubectl
// taint box and the what-if's each show one line saying which taints they
// change. Once the clock changes node1's taints, every view of verdicts
// about node1 shows a line saying it shows the Nodes editor's taints: the
// card, then the matrix, then the presenter view.
func TestTaintBoxesSayWhatTheyChange(t *testing.T) {
	p := open(t, "/")
	for _, want := range []struct{ selector, text string }{
		{".editors .js-scope-note", "The verdicts use these taints"},
		{".js-countdown .js-scope-note", "Changes the clock’s nodes only; the verdicts show the taints in the Nodes editor."},
		{".js-whatif .js-scope-note", "Changes neither the Nodes editor nor the verdicts"},
	} {
		if got := p.visibleText(want.selector); !strings.Contains(got, want.text) {
			t.Errorf("%s shows %q; want a visible line saying %q", want.selector, got, want.text)
		}
	}
	if note := p.visibleText(".js-card-clock-note"); note != "" {
		t.Errorf("before any clock change the card says %q", note)
	}
	p.command("kubectl taint nodes node1 key2=value2:NoSchedule-")
	p.waitText(".js-clock-events", "key2")
	p.waitText(".js-card-clock-note", "node1")
	if note := p.visibleText(".js-card-clock-note"); !strings.Contains(note, "this card shows the taints in the Nodes editor") {
		t.Errorf("the card's clock note shows %q", note)
	}
	p.waitText(".js-verdict", "Cannot schedule: taint key2=value2:NoSchedule is not tolerated")

	// Nine pairs: the matrix.
	p.paste("nodes", docsNodes+nodesNamed("gpu-1", "gpu-2"))
	p.paste("pods", podsNamed("web", "gpu-job", "batch"))
	p.waitFor(`document.querySelectorAll('.matrix-cell').length === 9`)
	if note := p.visibleText(".js-matrix-clock-note"); !strings.Contains(note, "The clock has a taint change for node1; the matrix shows the taints in the Nodes editor") {
		t.Errorf("above the matrix the clock note shows %q", note)
	}
	p.Screenshot("matrix-clock-note")

	p.clickButton("Presenter view")
	p.waitPresenterVerdict()
	p.waitText(".js-presenter", "node1")
	if note := p.visibleText(".js-presenter-clock-note"); !strings.Contains(note, "this verdict shows the taints in the Nodes editor") {
		t.Errorf("the presenter view's clock note shows %q", note)
	}
	p.finish("presenter-clock-note")
}

// chooseOption picks the option of a select by its text from the keyboard,
// as a person does without opening the list: focus, then Arrow Down (or Up)
// until it is selected; each step is a change the page hears.
func (p *playground) chooseOption(selector, text string) {
	p.t.Helper()
	p.Do(chromedp.Focus(chromedp.CSS(selector)))
	state := fmt.Sprintf(`(() => { const s = document.querySelector(%q); return [s.selectedIndex, [...s.options].findIndex((o) => o.text === %q)]; })()`, selector, text)
	for range 20 {
		at := browsertest.Run(p.Page, chromedp.Evaluate[[]int](state))
		switch {
		case at[1] < 0:
			p.t.Fatalf("%s has no option %q", selector, text)
		case at[0] == at[1]:
			return
		case at[0] < at[1]:
			p.Do(chromedp.KeyEvent(kb.ArrowDown))
		default:
			p.Do(chromedp.KeyEvent(kb.ArrowUp))
		}
	}
	p.t.Fatalf("the arrow keys do not reach %q in %s", text, selector)
}

// TestMatrixSortAndFilter sorts the matrix's pods by how many nodes they fit
// and filters pods and nodes by typing, then shows only blocked pods.
func TestMatrixSortAndFilter(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", nodesNamed("cpu-1", "gpu-1", "gpu-2"))
	p.paste("pods", podsNamed("web", "gpu-job", "batch"))
	p.waitFor(`document.querySelectorAll('.matrix-cell').length === 9`)
	rows := func() string {
		return strings.Join(browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.matrix tbody tr')].map((tr) => tr.querySelector('th').textContent + ':' + [...tr.querySelectorAll('.matrix-cell')].map((td) => td.textContent).join(''))`)), " ")
	}
	if got, want := rows(), "web:✓✕✕ gpu-job:✓✓✓ batch:✓✕✕"; got != want {
		t.Errorf("rows = %q; want %q", got, want)
	}
	p.chooseOption(".js-matrix-podSort", "most nodes it fits")
	p.waitFor(`document.querySelector('.matrix tbody th').textContent === 'gpu-job'`)
	if got, want := rows(), "gpu-job:✓✓✓ web:✓✕✕ batch:✓✕✕"; got != want {
		t.Errorf("sorted by most nodes: rows = %q; want %q", got, want)
	}
	p.Do(chromedp.SendKeys(chromedp.CSS(".js-matrix-nodes"), "gpu"))
	p.waitFor(`document.querySelectorAll('.matrix thead th').length === 2`)
	p.clickElement(`document.querySelector('.js-matrix-blocked')`)
	p.waitFor(`document.querySelectorAll('.matrix tbody tr').length === 2`)
	if got, want := rows(), "web:✕✕ batch:✕✕"; got != want {
		t.Errorf("gpu nodes, only blocked pods: rows = %q; want %q", got, want)
	}
	p.Do(chromedp.SendKeys(chromedp.CSS(".js-matrix-pods"), "ba"))
	p.waitFor(`document.querySelectorAll('.matrix tbody tr').length === 1`)
	if got, want := rows(), "batch:✕✕"; got != want {
		t.Errorf("pods named ba: rows = %q; want %q", got, want)
	}
	if status := p.text(".js-matrix-status"); status != "Showing 1 pod of 3 and 2 nodes of 3." {
		t.Errorf("the view's status says %q", status)
	}
	p.clickElement(`document.querySelector('.matrix-cell')`)
	if card := p.waitText(".js-results .card", "batch"); !strings.Contains(card, "gpu-1") {
		t.Errorf("the opened card says %q; want batch on gpu-1", card)
	}
	p.finish("matrix-sorted")
}

// TestWindowedMatrixSorted sorts a windowed workspace's pods (1,000 pods ×
// 300 nodes: the report holds one window's cells) by fewest nodes they fit
// and keeps the nodes whose names contain "5": the rows and columns are
// scattered over the whole matrix, and every cell on screen is the engine's.
func TestWindowedMatrixSorted(t *testing.T) {
	nodesText, podsText := bench.Workspace(300, 1000, 7)
	w := engine.Load(nodesText, podsText, core.DefaultOptions())
	report := w.Evaluate()
	p := open(t, "/")
	p.paste("nodes", nodesText)
	p.paste("pods", podsText)
	p.waitText(".pager-range", "Pods 1–50 of 1000")
	p.chooseOption(".js-matrix-podSort", "fewest nodes it fits")
	p.Do(chromedp.SendKeys(chromedp.CSS(".js-matrix-nodes"), "5"))

	pods := make([]int, len(w.Pods))
	for i := range pods {
		pods[i] = i
	}
	sort.SliceStable(pods, func(a, b int) bool { return report.Counts.PodFits[pods[a]] < report.Counts.PodFits[pods[b]] })
	var nodes []int
	for i, node := range w.Nodes {
		if strings.Contains(node.Name, "5") {
			nodes = append(nodes, i)
		}
	}
	p.waitText("[data-pager=nodes] .pager-range", fmt.Sprintf("of %d", len(nodes)))
	p.waitFor(fmt.Sprintf(`document.querySelector('.matrix tbody th').textContent === %q`, w.Pods[pods[0]].Name))
	got := p.matrixPage()
	if len(got.Pods) != 50 || len(got.Nodes) != 40 {
		t.Fatalf("the page shows %d pods × %d nodes; want 50 × 40", len(got.Pods), len(got.Nodes))
	}
	differ := 0
	for r := range 50 {
		pod := pods[r]
		if got.Pods[r] != w.Pods[pod].Name {
			t.Fatalf("row %d is %s; want %s (fits %d nodes)", r, got.Pods[r], w.Pods[pod].Name, report.Counts.PodFits[pod])
		}
		_, row := w.Cells(engine.Window{Pod: pod, Node: 0, Pods: 1, Nodes: len(w.Nodes)})
		for c := range 40 {
			if got.Nodes[c] != w.Nodes[nodes[c]].Name {
				t.Fatalf("column %d is %s; want %s", c, got.Nodes[c], w.Nodes[nodes[c]].Name)
			}
			if want := symbol(report, row[nodes[c]]); got.Symbols[r][c] != want {
				if differ++; differ <= 5 {
					t.Errorf("pod %s on node %s shows %s; the engine says %s", got.Pods[r], got.Nodes[c], got.Symbols[r][c], want)
				}
			}
		}
	}
	p.finish("windowed-matrix-sorted")
}

// TestEmbedCardAt800 opens the embed 800 px wide: the card's why line and
// its folds fit without sideways scrolling. The docs' three taints have no
// eviction to come, so the embed shows no clock; a scenario with one shows
// the clock with its line saying what its kubectl taint changes.
func TestEmbedCardAt800(t *testing.T) {
	p := open(t, "/?embed")
	p.Do(chromedp.EmulateViewport(800, 700))
	p.waitText(".js-card-why", `"key2"`)
	p.waitFor(`document.documentElement.scrollWidth <= document.documentElement.clientWidth`)
	if p.visibleText(".js-countdown") != "" {
		t.Error("the embed shows the clock for a scenario with no eviction to come")
	}
	p.finish("embed-800-card")

	p.Navigate(p.site.URL + "/?embed&example=noexecute-toleration-seconds")
	p.waitFirstVerdict()
	p.waitFor(`document.querySelector('.js-countdown-row')`)
	if note := p.visibleText(".js-countdown .js-scope-note"); !strings.Contains(note, "Changes the clock’s nodes only") {
		t.Errorf("the embedded clock's line of meaning shows %q", note)
	}
	p.finish("")
}
