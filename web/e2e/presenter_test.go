package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// presenterNodes are the docs' node1 (three taints, one NoExecute) and an
// untainted node2.
func presenterNodes() string {
	return docsNodes + "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node2\n"
}

// presenterFragment is a share fragment with db running on node1 (its
// NoExecute taint tolerated for 60 s) and the docs' nginx: four pairs, in
// report order db/node1, db/node2, nginx/node1, nginx/node2.
func presenterFragment(t *testing.T) string {
	t.Helper()
	state, err := json.Marshal(map[string]any{"v": 1, "nodes": presenterNodes(), "pods": runningPod(60) + "---\n" + docsPods})
	if err != nil {
		t.Fatal(err)
	}
	return "#s=" + deflated(string(state))
}

// openPresenter opens the presenter link for the four pairs in a browser
// whose prefers-color-scheme is scheme, and waits for pair 1's reasons.
func openPresenter(t *testing.T, scheme string) *playground {
	t.Helper()
	p := openPresenting(t, "/?present"+presenterFragment(t), scheme)
	p.waitText(".js-presenter", "Pair 1 of 4")
	p.waitText(".js-presenter-taints", "Tolerated")
	return p
}

// openPresenting opens path, a link into the presenter view, in a fresh
// browser whose prefers-color-scheme is scheme ("" leaves it alone), and
// waits for the view's verdict: the page's own first-verdict mark is hidden
// behind the view.
func openPresenting(t *testing.T, path, scheme string) *playground {
	t.Helper()
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	if scheme != "" {
		if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		}); err != nil {
			t.Fatal(err)
		}
	}
	p.Navigate(site.URL + path)
	p.waitPresenterVerdict()
	return p
}

// waitPresenterVerdict waits, as long as a page may take (the engine loads
// slowly on a busy machine), until the presenter view shows a verdict.
func (p *playground) waitPresenterVerdict() {
	p.t.Helper()
	p.Do(chromedp.WaitVisible(chromedp.CSS(".js-presenter-verdict[data-tone]")))
}

// press presses keys on whatever has the focus, as a person at the keyboard does.
func (p *playground) press(keys string) {
	p.t.Helper()
	p.Do(chromedp.KeyEvent(keys))
}

// TestPresenterClockByKeyboard opens the presenter link of a pod under a
// NoExecute countdown: one pair, its verdict and countdown, the rest of the
// page hidden; then the clock's shortcuts change its speed, play, pause,
// reset and skip, and the view says so politely.
func TestPresenterClockByKeyboard(t *testing.T) {
	p := openPresenter(t, "light")
	if got := p.text(".presenter-title"); got != "Pod db on node node1" {
		t.Errorf("the presenter shows %q; want pod db on node node1", got)
	}
	p.waitText(".js-presenter-verdict", "Running here. Evicted in 1 min (tolerationSeconds: 60)")
	p.waitText(".js-presenter-countdown", "Evicted in 1 min (60 s)")
	if hidden := browsertest.Run(p.Page, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector('main.layout')).display === 'none' && getComputedStyle(document.querySelector('.site-header')).display === 'none'`)); !hidden {
		t.Error("the editors and the header are still shown in the presenter view")
	}

	for _, step := range []struct{ key, speed string }{{"2", "10"}, {"+", "60"}, {"-", "10"}, {"4", "600"}} {
		p.press(step.key)
		p.waitText(".js-presenter-speed", "Speed "+step.speed+"×")
		p.waitText(".js-presenter-live", "Speed "+step.speed+"×.")
		// The page's own countdown panel runs the same clock.
		p.waitFor(`document.querySelector('.js-clock-speeds input[value="` + step.speed + `"]').checked`)
	}

	// At 1× the minute to the eviction leaves time to read the announcement; at 600× it passes at once.
	p.press("1")
	p.press(" ")
	p.waitText(".js-presenter-play", "Pause")
	p.waitText(".js-presenter-live", "Playing at 1×.")
	p.press("4")
	p.waitText(".js-presenter-countdown", "Evicted at t = 1 min (60 s)")
	p.waitText(".js-presenter-live", "Evicted at t = 1 min (60 s)")
	p.press(" ")
	p.waitText(".js-presenter-play", "Play")
	p.waitText(".js-presenter-live", "Paused at t = ")
	paused := p.text(".js-presenter-time")
	p.Do(chromedp.Sleep(300 * time.Millisecond))
	if got := p.text(".js-presenter-time"); got != paused {
		t.Errorf("the paused clock moved from %q to %q", paused, got)
	}

	p.press("r")
	p.waitText(".js-presenter-time", "t = 0.0 s")
	p.waitText(".js-presenter-countdown", "Evicted in 1 min (60 s)")
	p.waitText(".js-presenter-live", "Clock reset to 0")
	for _, key := range []string{"s", kb.ArrowRight} {
		p.press(key)
		p.waitText(".js-presenter-time", "t = 1 min (60 s)")
		p.waitText(".js-presenter-countdown", "Evicted at t = 1 min (60 s)")
		p.waitText(".js-presenter-live", "Skipped to the eviction at 1 min (60 s).")
		p.press("R")
		p.waitText(".js-presenter-time", "t = 0.0 s")
	}
	p.finish("presenter")
}

// TestPresenterPairs moves between the pairs with J/K, Page Down/Up,
// Home/End and the buttons; the position, verdict and per-taint reasons
// follow, the address keeps the pair and the share fragment, and Space on a
// pressed button still plays the clock instead of pressing the button again.
func TestPresenterPairs(t *testing.T) {
	p := openPresenter(t, "light")
	pairs := []struct{ position, title, verdict string }{
		{"Pair 1 of 4", "Pod db on node node1", "Running here. Evicted in 1 min"},
		{"Pair 2 of 4", "Pod db on node node2", "Cannot schedule: its spec.nodeName names another node"},
		{"Pair 3 of 4", "Pod nginx on node node1", "Cannot schedule: taint key2=value2:NoSchedule is not tolerated"},
		{"Pair 4 of 4", "Pod nginx on node node2", "Schedules: the node has no taints"},
	}
	expect := func(pair int) {
		t.Helper()
		want := pairs[pair-1]
		p.waitText(".presenter-position", want.position)
		p.waitText(".presenter-title", want.title)
		p.waitText(".js-presenter-verdict", want.verdict)
	}
	steps := []struct {
		name string
		act  func()
		pair int
	}{
		{"J", func() { p.press("j") }, 2},
		{"Page Down", func() { p.press(kb.PageDown) }, 3},
		{"K", func() { p.press("k") }, 2},
		{"Next pair button", func() { p.clickButton("Next pair") }, 3},
		{"End", func() { p.press(kb.End) }, 4},
		{"Page Up", func() { p.press(kb.PageUp) }, 3},
		{"Home", func() { p.press(kb.Home) }, 1},
		{"Page Down past the end stays", func() { p.press(kb.End + kb.PageDown) }, 4},
		{"Previous pair button", func() { p.clickButton("Previous pair") }, 3},
	}
	for _, step := range steps {
		step.act()
		expect(step.pair)
		if url := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search + location.hash`)); !strings.HasPrefix(url, fmt.Sprintf("?present=%d#s=", step.pair)) {
			t.Errorf("after %s the address is …%s; want ?present=%d and the share fragment", step.name, url, step.pair)
		}
	}
	p.waitText(".js-presenter-live", "Pair 3 of 4: Pod nginx on node node1. Cannot schedule: taint key2=value2:NoSchedule is not tolerated")
	taints := p.waitText(".js-presenter-taints", "key2=value2:NoSchedule Not tolerated")
	for _, want := range []string{"key1=value1:NoSchedule Tolerated", "key1=value1:NoExecute Tolerated"} {
		if !strings.Contains(taints, want) {
			t.Errorf("the per-taint reasons %q lack %q", taints, want)
		}
	}
	if hidden := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.presenter-countdown-panel').hidden`)); !hidden {
		t.Error("a pair that is not running shows a countdown")
	}
	if disabled := browsertest.Run(p.Page, chromedp.Evaluate[bool](`[...document.querySelectorAll('.js-presenter button')].find((b) => b.textContent === 'Previous pair').disabled`)); disabled {
		t.Error("Previous pair is disabled on pair 3")
	}

	// A reload opens the same pair: the address names it and still carries the share fragment.
	p.Navigate(browsertest.Run(p.Page, chromedp.Evaluate[string](`location.href`)))
	p.waitPresenterVerdict()
	expect(3)
	p.Do(chromedp.Focus(chromedp.JSPath(`[...document.querySelectorAll('.js-presenter button')].find((b) => b.textContent === 'Previous pair')`)))

	// The focus is on the Previous pair button: Space plays the clock and stays on pair 3.
	p.press(" ")
	p.waitText(".js-presenter-play", "Pause")
	expect(3)
	p.press(" ")
	p.waitText(".js-presenter-play", "Play")

	p.finish("presenter-pairs")
}

// TestPresenterEnterAndLeave enters the view from the page with P (but not
// while typing in a field) and with its button, finds the shortcuts listed on
// the page and in the ? dialog, and leaves with Escape and with the button,
// the focus back on the page's button and the address without ?present.
func TestPresenterEnterAndLeave(t *testing.T) {
	p := open(t, "/")
	presenting := `!document.querySelector('.js-presenter').hidden && document.documentElement.classList.contains('is-presenting')`
	notPresenting := `document.querySelector('.js-presenter').hidden && !location.search.includes('present')`

	p.typeAtEnd("pods", "# p for pods\n")
	p.Do(chromedp.SendKeys(chromedp.CSS(".js-taint-line"), "p r s"))
	if browsertest.Run(p.Page, chromedp.Evaluate[bool](presenting)) {
		t.Fatal("typing p in a field opened the presenter view")
	}
	p.Do(chromedp.Focus(chromedp.CSS("#results")))
	p.press("p")
	p.waitFor(presenting)
	p.waitText(".presenter-title", "Pod nginx on node node1")
	if focused := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.activeElement.className`)); !strings.Contains(focused, "presenter-title") {
		t.Errorf("entering the view focuses %q; want its title", focused)
	}
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != "?present=1" {
		t.Errorf("the address says %q; want ?present=1", search)
	}

	legend := p.text(".js-presenter-keys")
	for _, want := range []string{
		"Space\nPlay or pause the clock", "1 to 4\nSpeed 1×, 10×, 60×, 600×", "+\nFaster", "-\nSlower",
		"S or →\nSkip to the next eviction", "R\nReset the clock", "J or Page Down\nNext pair",
		"K or Page Up\nPrevious pair", "?\nShow or hide this list", "Esc or P\nLeave the presenter view",
	} {
		if !strings.Contains(legend, want) {
			t.Errorf("the shortcut legend lacks %q; it says:\n%s", want, legend)
		}
	}
	p.press("?")
	p.waitFor(`document.querySelector('.js-presenter-help').open`)
	if help := p.text(".js-presenter-help"); !strings.Contains(help, "Space\nPlay or pause the clock") {
		t.Errorf("the ? dialog says %q", help)
	}
	p.Screenshot("presenter-help")
	p.press(kb.Escape)
	p.waitFor(`!document.querySelector('.js-presenter-help').open`)
	if !browsertest.Run(p.Page, chromedp.Evaluate[bool](presenting)) {
		t.Fatal("Escape in the help dialog left the presenter view")
	}

	p.press(kb.Escape)
	p.waitFor(notPresenting)
	if focused := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.activeElement === document.querySelector('.js-present')`)); !focused {
		t.Error("leaving the view does not put the focus back on its button")
	}
	p.clickButton("Presenter view")
	p.waitFor(presenting)
	p.clickButton("Leave presenter view")
	p.waitFor(notPresenting)
	p.finish("")
}

// contrastJS lists each visible element of the presenter view that holds
// text, with its font size and the contrast ratio (WCAG 2) of its colour
// against the first opaque background behind it.
const contrastJS = `(() => {
  const rgba = (css) => {
    const [r, g, b, a = 1] = css.match(/[\d.]+/g).map(Number);
    return { r, g, b, a };
  };
  const luminance = ({ r, g, b }) => {
    const linear = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const background = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const color = rgba(getComputedStyle(at).backgroundColor);
      if (color.a === 1) return color;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  return [...document.querySelectorAll('.js-presenter, .js-presenter *')]
    .filter((el) => el.getClientRects().length > 0 && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
    .map((el) => {
      const style = getComputedStyle(el);
      const [light, dark] = [luminance(rgba(style.color)), luminance(background(el))].sort((a, b) => b - a);
      return { text: el.textContent.trim().slice(0, 60), size: parseFloat(style.fontSize), ratio: (light + 0.05) / (dark + 0.05), background: luminance(background(el)) };
    });
})()`

// textContrast is one entry of contrastJS.
type textContrast struct {
	Text       string
	Size       float64
	Ratio      float64
	Background float64
}

// TestPresenterLargeHighContrast checks, in light and in dark, on every
// pair and in the help dialog, that every text of the view has a contrast
// of at least 7:1 (WCAG AAA) against its background, that the verdict and
// the countdown are at least 24 px, and that a phone's width still fits.
func TestPresenterLargeHighContrast(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := openPresenter(t, scheme)
			if scheme == "dark" {
				p.waitFor(`matchMedia('(prefers-color-scheme: dark)').matches`)
			}
			for pair := 1; pair <= 4; pair++ {
				if pair > 1 {
					p.press("j")
					p.waitText(".presenter-position", fmt.Sprintf("Pair %d of 4", pair))
				}
				p.waitFor(`!document.querySelector('.js-presenter-taints').hasAttribute('aria-busy')`)
				if pair == 4 {
					p.press("?")
					p.waitFor(`document.querySelector('.js-presenter-help').open`)
				}
				texts := browsertest.Run(p.Page, chromedp.Evaluate[[]textContrast](contrastJS))
				if len(texts) < 10 {
					t.Fatalf("pair %d: only %d texts to check: %+v", pair, len(texts), texts)
				}
				for _, text := range texts {
					if text.Ratio < 7 {
						t.Errorf("pair %d: %q has a contrast of %.2f:1; want at least 7:1", pair, text.Text, text.Ratio)
					}
					if dark := text.Background < 0.2; dark != (scheme == "dark") {
						t.Errorf("pair %d: %q stands on a background of luminance %.2f in the %s scheme", pair, text.Text, text.Background, scheme)
					}
				}
			}
			for _, selector := range []string{".js-presenter-verdict", ".presenter-title"} {
				size := browsertest.Run(p.Page, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector('`+selector+`')).fontSize)`))
				if size < 24 {
					t.Errorf("%s is %.1f px; want at least 24", selector, size)
				}
			}
			p.press(kb.Escape)
			p.press("k")
			p.press(kb.Home)
			p.waitText(".js-presenter-countdown", "Evicted in 1 min")
			if size := browsertest.Run(p.Page, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector('.js-presenter-countdown')).fontSize)`)); size < 24 {
				t.Errorf("the countdown is %.1f px; want at least 24", size)
			}
			// At a phone's width the view still fits, without sideways scrolling.
			p.Do(chromedp.EmulateViewport(390, 844))
			p.waitFor(`document.documentElement.scrollWidth <= document.documentElement.clientWidth`)
			p.finish("presenter-" + scheme)
		})
	}
}

// TestPresenterShowsNamesAsText opens the presenter link of the injection
// corpus (hostile_test.go) in node, pod and taint names: on every pair the
// view shows them as text and nothing runs.
func TestPresenterShowsNamesAsText(t *testing.T) {
	state, err := json.Marshal(map[string]any{"v": 1, "nodes": hostileNodes(), "pods": hostilePod(payloads[2], payloads[0], payloads[3])})
	if err != nil {
		t.Fatal(err)
	}
	p := openPresenting(t, "/?present#s="+deflated(string(state)), "")
	for i, payload := range payloads {
		if i > 0 {
			p.press("j")
		}
		p.waitText(".presenter-position", fmt.Sprintf("Pair %d of %d", i+1, len(payloads)))
		p.waitText(".js-presenter-taints", payload+"="+payload+":NoSchedule")
		if got, want := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('.presenter-title').textContent`)), "Pod "+payloads[2]+" on node "+payload; got != want {
			t.Errorf("pair %d is titled %q; want %q", i+1, got, want)
		}
		ran := browsertest.Run(p.Page, chromedp.Evaluate[bool](`typeof `+tripwire+` !== 'undefined' || !!document.querySelector('.js-presenter :is(img, svg, script, [onerror], [onload], [onmouseover], [x])')`))
		if ran {
			t.Fatalf("pair %d: a payload ran or made an element", i+1)
		}
	}
	p.finish("")
}

// TestPresenterExampleLink opens a gallery example by name in the presenter
// view (?example=…&present): both stay in the address, the scenario's clock
// event plays through, and the cancelled eviction is announced.
func TestPresenterExampleLink(t *testing.T) {
	p := openPresenting(t, "/?example=noexecute-toleration-seconds&present", "")
	p.waitText(".presenter-position", "Pair 1 of 3")
	p.waitText(".presenter-title", "Pod postgres-0 on node db-1")
	p.waitText(".js-presenter-countdown", "Evicted in 1 h (3600 s)")
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != "?example=noexecute-toleration-seconds&present=1" {
		t.Errorf("the address says %q; want the example and pair 1", search)
	}

	// At 600× the taint's removal at 1800 s comes within seconds and cancels the eviction.
	p.press("4 ")
	p.waitText(".js-presenter-countdown", "Eviction cancelled at t = 30 min (1800 s); it stays")
	p.waitText(".js-presenter-live", "Eviction cancelled at t = 30 min (1800 s); it stays")
	p.press(" j")
	p.waitText(".presenter-title", "Pod cache-0 on node db-1")
	p.waitText(".js-presenter-countdown", "Evicted at t = 0.0 s")
	p.finish("")
}

// TestPresenterExerciseLink opens a workshop exercise in the presenter view
// (?exercise=…&present): the view shows the exercise's pairs, and leaving it
// finds the exercise open on the page.
func TestPresenterExerciseLink(t *testing.T) {
	p := openPresenting(t, "/?exercise=survive-a-partition&present", "")
	p.waitText(".presenter-title", "Pod postgres-0 on node worker-1")
	p.waitText(".js-presenter-countdown", "Evicted in 5 min (300 s)")
	if shown := browsertest.Run(p.Page, chromedp.Evaluate[bool](`getComputedStyle(document.querySelector('.js-workshop')).display !== 'none'`)); shown {
		t.Error("the workshop panel shows in the presenter view")
	}
	p.press("p")
	p.waitFor(`document.querySelector('.js-presenter').hidden`)
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != "?exercise=survive-a-partition" {
		t.Errorf("after leaving, the address says %q; want the exercise alone", search)
	}
	p.Do(chromedp.WaitVisible(chromedp.CSS(".js-exercise-title")))
	p.finish("")
}
