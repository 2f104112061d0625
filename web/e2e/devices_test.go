package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestDeviceExamplesOpen opens every device example of the gallery by its
// link: the page must show each example's verdicts, node and device, and
// report no problem.
func TestDeviceExamplesOpen(t *testing.T) {
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	p := open(t, "/")
	opened := 0
	for _, s := range all {
		if !strings.HasPrefix(s.Slug, "device-") {
			continue
		}
		p.Navigate(p.site.URL + "/?example=" + s.Slug)
		view := scenarioView{p: p, scenario: s}
		view.checkVerdicts()
		view.checkDeviceCards()
		if wide := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`)); wide {
			t.Errorf("%s scrolls sideways", s.Slug)
		}
		opened++
	}
	if opened < 5 {
		t.Errorf("opened %d device examples, want at least 5", opened)
	}
	p.finish("")
}

// deviceCard is what a verdict card shows of its pod's devices.
type deviceCard struct {
	Pod     string   `json:"pod"`
	Verdict string   `json:"verdict"`
	Lines   []string `json:"lines"`
	Why     string   `json:"why"`
	English int      `json:"english"`
	Rows    []struct {
		Device string `json:"device"`
		Result string `json:"result"`
	} `json:"rows"`
}

const deviceCardsJS = `JSON.stringify([...document.querySelectorAll('.js-results .card')].map((card) => {
  const section = card.querySelector('.js-device-verdict');
  return {
    pod: card.querySelector('.card-pod').textContent,
    verdict: section ? section.dataset.verdict : '',
    lines: [...card.querySelectorAll('.verdict')].map((line) => line.textContent),
    why: section ? section.querySelector('.js-device-why').textContent : '',
    english: section ? section.querySelectorAll('[lang="en"]').length : 0,
    rows: section ? [...section.querySelectorAll('.js-device-row')].map((row) => ({ device: row.dataset.device, result: row.dataset.result })) : [],
  };
}))`

// evictionResult is the device row's result for an eviction kind.
var evictionResult = map[string]string{"now": "evicted-now", "after": "evicted-after"}

// checkDeviceCards checks the device section of every card of each pod the
// scenario's device expectations speak of: its verdict; for a pod its
// devices evict, the row of the device that decides, with the eviction's
// kind, and the card's first verdict line and the summary naming the
// device; for a pod that stays, no row that evicts; for a pending pod, a
// device it can get or none. Every sentence is said from the catalogs (no
// message id shows), and in a language other than English none falls back
// to English.
func (f scenarioView) checkDeviceCards() {
	t := f.p.t
	t.Helper()
	if len(f.scenario.Expect.Devices) == 0 {
		t.Fatalf("%s expects no device verdict", f.scenario.Slug)
	}
	inFrame[chromedp.Void](f, `document.querySelector('.js-results .js-device-verdict') && !document.querySelector('.js-results [aria-busy]')`)
	var cards []deviceCard
	if err := json.Unmarshal([]byte(inFrame[string](f, deviceCardsJS)), &cards); err != nil {
		t.Fatal(err)
	}
	summary := inFrame[string](f, `document.querySelector('.js-results-summary').textContent`)
	english := inFrame[string](f, `document.documentElement.lang`) == "en"
	for _, want := range f.scenario.Expect.Devices {
		shown := 0
		for _, card := range cards {
			if card.Pod != want.Pod {
				continue
			}
			shown++
			where := fmt.Sprintf("%s: the card of %s", f.scenario.Slug, want.Pod)
			if card.Verdict != want.Verdict {
				t.Errorf("%s has device verdict %q; want %q", where, card.Verdict, want.Verdict)
			}
			if card.Why == "" || strings.HasPrefix(card.Why, "device.") {
				t.Errorf("%s says %q of its devices; want a sentence of the catalog", where, card.Why)
			}
			if !english && card.English > 0 {
				t.Errorf("%s has %d device sentences in English", where, card.English)
			}
			checkDeviceRows(t, where, want, card)
		}
		if shown == 0 {
			t.Errorf("%s: no card of %s among %v", f.scenario.Slug, want.Pod, cards)
		}
		if want.Device != "" && (!strings.Contains(summary, want.Pod) || !strings.Contains(summary, "/"+want.Device)) {
			t.Errorf("%s: the summary %q does not name %s and its device %s", f.scenario.Slug, summary, want.Pod, want.Device)
		}
	}
}

// checkDeviceRows checks a card's device rows and its verdict line against
// the pod's device expectation.
func checkDeviceRows(t *testing.T, where string, want examples.DeviceExpectation, card deviceCard) {
	t.Helper()
	results := make([]string, len(card.Rows))
	for i, row := range card.Rows {
		results[i] = row.Result
	}
	switch {
	case want.Device != "":
		decides := slices.IndexFunc(card.Rows, func(row struct {
			Device string `json:"device"`
			Result string `json:"result"`
		}) bool {
			return strings.HasSuffix(row.Device, "/"+want.Device) && row.Result == evictionResult[want.Eviction.Kind]
		})
		if decides < 0 {
			t.Errorf("%s has rows %+v; want %s %s", where, card.Rows, want.Device, evictionResult[want.Eviction.Kind])
		}
		if len(card.Lines) == 0 || !strings.Contains(card.Lines[0], "/"+want.Device) {
			t.Errorf("%s says %q; want its first line to name device %s", where, card.Lines, want.Device)
		}
	case want.Verdict == "stays":
		if slices.Contains(results, "evicted-now") || slices.Contains(results, "evicted-after") {
			t.Errorf("%s stays but has rows %v", where, results)
		}
	case want.Verdict == "unschedulable":
		if len(results) == 0 || slices.Contains(results, "allocatable") {
			t.Errorf("%s cannot get a device but has rows %v", where, results)
		}
	case want.Verdict == "schedulable":
		if !slices.Contains(results, "allocatable") {
			t.Errorf("%s can get a device but has rows %v", where, results)
		}
	}
}

// TestDeviceCardsInEveryContext shows the device cards of a driver's health
// taint and of a claim two pods share in the docs embed (dark, 800 px) and
// on a phone (light, 390 × 844), where no table makes the page scroll
// sideways, and in Japanese (and a device example each in Portuguese and
// Chinese), where no device sentence nor anything else on the page, the
// countdown and timeline included, is in English.
func TestDeviceCardsInEveryContext(t *testing.T) {
	slugs := []string{"device-health-taint", "device-shared-claim"}
	t.Run("embed", func(t *testing.T) {
		p := openWithScheme(t, "dark")
		p.Do(chromedp.EmulateViewport(docsViewport, 900))
		for _, slug := range slugs {
			s := scenario(t, slug)
			p.Navigate(serveDocs(t, p.site.URL, framesPage(p.site.URL, "/?embed&example="+slug)))
			f := p.frames(s)[0]
			f.checkVerdicts()
			f.checkDeviceCards()
			evictsLater := slices.ContainsFunc(s.Expect.Devices, func(d examples.DeviceExpectation) bool {
				return d.Eviction != nil && d.Eviction.Kind == "after"
			})
			if shown := shownIn(f, ".countdown"); shown != evictsLater {
				t.Errorf("%s: the embed shows its clock: %v; want %v (a device evicts later: %v)", slug, shown, evictsLater, evictsLater)
			}
		}
		p.finish("device-embed")
	})
	t.Run("phone", func(t *testing.T) {
		p := openPhone(t, "light")
		for _, slug := range slugs {
			p.Navigate(p.site.URL + "/?example=" + slug)
			f := scenarioView{p: p, scenario: scenario(t, slug)}
			f.checkVerdicts()
			f.checkDeviceCards()
			if wide := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > innerWidth`)); wide {
				t.Errorf("%s on a phone scrolls sideways", slug)
			}
		}
		p.finish("device-phone")
	})
	t.Run("languages", func(t *testing.T) {
		p := open(t, "/?lang=ja")
		for language, slugs := range map[string][]string{"ja": slugs, "pt-br": {"device-taint-rule-docs"}, "zh-cn": {"device-toleration-seconds"}} {
			for _, slug := range slugs {
				p.Navigate(p.site.URL + "/?lang=" + language + "&example=" + slug)
				f := scenarioView{p: p, scenario: scenario(t, slug)}
				f.checkVerdicts()
				f.checkDeviceCards()
				p.scanView("the device cards of "+slug, language)
			}
		}
		p.finish("")
	})
}

// TestNodeOnlyPageHasNoDevices opens the default, node-only page: no card
// has a device section, the countdown lists no device taint, and the page
// never fetches the engine's English catalog, which only device verdicts
// need.
func TestNodeOnlyPageHasNoDevices(t *testing.T) {
	p := open(t, "/")
	p.waitFor(`document.querySelector('.js-results .card .js-taint-row')`)
	if n := browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelectorAll('.js-device-verdict, .js-countdown-device-taints, .js-timeline-device-taint').length`)); n != 0 {
		t.Errorf("the node-only page shows %d device parts", n)
	}
	fetched := browsertest.Run(p.Page, chromedp.Evaluate[bool](`performance.getEntriesByType('resource').some((entry) => entry.name.includes('engine-en.json'))`))
	if fetched {
		t.Error("the node-only page fetched engine-en.json")
	}
	p.finish("")
}

// TestDeviceCountdownAndTimeline plays the clock of pods a DeviceTaintRule
// evicts after their tolerationSeconds, in the full page (dark) and on a
// phone (light): each pod's row counts down to its device's eviction and
// names the device; the node lists its devices' NoExecute taints; the
// timeline draws a lane per device taint, which its table lists too, and
// each pod's countdown to the deadline the example expects; skipping to the next eviction evicts the
// pod with the shortest grace first.
func TestDeviceCountdownAndTimeline(t *testing.T) {
	s := scenario(t, "device-toleration-seconds")
	for _, context := range []string{"page", "phone"} {
		t.Run(context, func(t *testing.T) {
			var p *playground
			if context == "phone" {
				p = openPhone(t, "light")
			} else {
				p = openWithScheme(t, "dark")
			}
			p.Navigate(p.site.URL + "/?example=" + s.Slug)
			scenarioView{p: p, scenario: s}.checkVerdicts()
			checkDeviceCountdown(t, p, s)
			p.finish("device-countdown-" + context)
		})
	}
}

// checkDeviceCountdown checks the countdown and the timeline of a device
// example against its expected device verdicts and timeline.
func checkDeviceCountdown(t *testing.T, p *playground, s examples.Scenario) {
	t.Helper()
	row := func(pod string) string { return fmt.Sprintf(`.js-countdown-row[data-pod=%q]`, pod) }
	state := func(pod string) string {
		return browsertest.Run(p.Page, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).dataset.state`, row(pod))))
	}
	first, firstSeconds := "", int64(-1)
	for _, want := range s.Expect.Devices {
		wantState := map[string]string{"now": "evicted", "after": "scheduled"}[want.Eviction.Kind]
		p.waitFor(fmt.Sprintf(`document.querySelector(%q)?.dataset.state === %q`, row(want.Pod), wantState))
		if reason := p.text(row(want.Pod) + " .js-countdown-reason"); !strings.Contains(reason, "/"+want.Device) {
			t.Errorf("%s's countdown says %q; want it to name device %s", want.Pod, reason, want.Device)
		}
		if n := browsertest.Run(p.Page, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll('.js-countdown-device-taints [data-device$=%q]').length`, "/"+want.Device))); n == 0 {
			t.Errorf("the countdown lists no NoExecute taint of device %s", want.Device)
		}
		if n := browsertest.Run(p.Page, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll('.js-timeline-device-taint[data-device$=%q]').length`, "/"+want.Device))); n == 0 {
			t.Errorf("the timeline draws no taint of device %s", want.Device)
		}
		if want.Eviction.Kind == "after" && (firstSeconds < 0 || want.Eviction.Seconds < firstSeconds) {
			first, firstSeconds = want.Pod, want.Eviction.Seconds
		}
	}
	chart := browsertest.Run(p.Page, chromedp.Evaluate[timelineChart](timelineChartJS))
	for _, want := range s.Expect.Devices {
		listed := slices.ContainsFunc(chart.Rows, func(row struct {
			Kind, Node, Pod, Text string
			At                    float64
		}) bool {
			return row.Kind == "device-taint" && row.At == 0 && strings.Contains(row.Text, "/"+want.Device)
		})
		if !listed {
			t.Errorf("the timeline's table lists no taint of device %s at 0: %+v", want.Device, chart.Rows)
		}
	}
	for _, want := range s.Expect.Timeline {
		if want.Kind != "scheduled" {
			continue
		}
		found := slices.ContainsFunc(chart.Countdowns, func(c struct {
			Pod                string
			From, To, Deadline float64
			X, Width           float64
		}) bool {
			return c.Pod == want.Pod && c.Deadline == want.Deadline
		})
		if !found {
			t.Errorf("the timeline has countdowns %+v; want %s's to %v s", chart.Countdowns, want.Pod, want.Deadline)
		}
	}
	p.click(".js-clock-skip")
	p.waitFor(fmt.Sprintf(`document.querySelector(%q).dataset.state === 'evicted'`, row(first)))
	for _, want := range s.Expect.Devices {
		if want.Eviction.Kind == "after" && want.Eviction.Seconds > firstSeconds {
			if got := state(want.Pod); got != "scheduled" {
				t.Errorf("after skipping to %s's eviction at %d s, %s is %q; want it still counting down", first, firstSeconds, want.Pod, got)
			}
		}
	}
}

// TestDeviceRowLinksLines points at the row of the shared claim's device:
// the Nodes editor highlights the device's taint in its ResourceSlice, from
// its key to its timeAdded, and the Pods editor the toleration the eviction
// controller reads, the copy in the claim's allocation result (the last
// toleration of the taint's key in the text), not the request's own.
func TestDeviceRowLinksLines(t *testing.T) {
	s := scenario(t, "device-shared-claim")
	lineOf := func(text, part string, last bool) int {
		lines := strings.Split(text, "\n")
		found := 0
		for i, line := range lines {
			if strings.Contains(line, part) {
				found = i + 1
				if !last {
					break
				}
			}
		}
		if found == 0 {
			t.Fatalf("%s has no line with %q", s.Slug, part)
		}
		return found
	}
	key := lineOf(s.Nodes, "key: gpu.example.com/unhealthy", false)
	added := lineOf(s.Nodes, "timeAdded:", false)
	var wantNodes []string
	for line := key; line <= added; line++ {
		wantNodes = append(wantNodes, fmt.Sprint(line))
	}
	wantPods := []string{fmt.Sprint(lineOf(s.Pods, "{key: gpu.example.com/unhealthy", true))}

	p := open(t, "/?example="+s.Slug)
	p.waitFor(`document.querySelector('.js-results .card .js-device-row')`)
	p.Do(chromedp.Focus(chromedp.CSS(".js-results .card .js-device-row")))
	if got := p.lines("nodes", "line--linked"); !slices.Equal(got, wantNodes) {
		t.Errorf("lines linked in Nodes for the device's taint: %v; want %v", got, wantNodes)
	}
	if got := p.lines("pods", "line--linked"); !slices.Equal(got, wantPods) {
		t.Errorf("lines linked in Pods for the toleration: %v; want %v (the allocation result's copy)", got, wantPods)
	}
	p.finish("")
}
