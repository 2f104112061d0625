package e2e

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
	"github.com/taint-playground/taint-playground/wasm/contract"
)

// timelineChart is what the timeline's SVG draws, read from its attributes.
type timelineChart struct {
	// Until is the end of the engine's simulation the chart draws.
	End, X0, X1, Until float64
	Ticks              []struct {
		X    float64
		Text string
	}
	Pods []struct {
		Pod, Node, End string
		From, To       float64
		X, Width       float64
	}
	Countdowns []struct {
		Pod                string
		From, To, Deadline float64
		X, Width           float64
	}
	Deadlines []struct {
		Pod       string
		Deadline  float64
		X         float64
		Cancelled bool
	}
	Taints []struct {
		Node, Taint, Ended string
		From, To           float64
		X, Width           float64
	}
	CursorAt, CursorX float64
	Label             string
	Rows              []struct {
		Kind, Node, Pod, Text string
		At                    float64
	}
}

const timelineChartJS = `(() => {
  const svg = document.querySelector('.js-timeline-svg');
  if (!svg) return null;
  const num = (el, name) => parseFloat(el.getAttribute(name));
  const all = (selector) => [...svg.querySelectorAll(selector)];
  const cursor = svg.querySelector('.js-timeline-cursor');
  return {
    End: parseFloat(svg.dataset.end), X0: parseFloat(svg.dataset.x0), X1: parseFloat(svg.dataset.x1), Until: parseFloat(svg.dataset.until),
    Ticks: all('.timeline-tick').map((g) => ({ X: num(g.querySelector('line'), 'x1'), Text: g.querySelector('text').textContent })),
    Pods: all('.js-timeline-pod').map((el) => ({ Pod: el.dataset.pod, Node: el.dataset.node, End: el.dataset.end,
      From: parseFloat(el.dataset.from), To: parseFloat(el.dataset.to), X: num(el, 'x'), Width: num(el, 'width') })),
    Countdowns: all('.js-timeline-countdown').map((el) => ({ Pod: el.dataset.pod, From: parseFloat(el.dataset.from),
      To: parseFloat(el.dataset.to), Deadline: parseFloat(el.dataset.deadline), X: num(el, 'x'), Width: num(el, 'width') })),
    Deadlines: all('.js-timeline-deadline').map((el) => ({ Pod: el.dataset.pod, Deadline: parseFloat(el.dataset.deadline),
      X: parseFloat(el.getAttribute('d').slice(1)), Cancelled: el.dataset.cancelled === 'true' })),
    Taints: all('.js-timeline-taint').map((el) => ({ Node: el.dataset.node, Taint: el.dataset.taint, Ended: el.dataset.ended,
      From: parseFloat(el.dataset.from), To: parseFloat(el.dataset.to), X: num(el, 'x'), Width: num(el, 'width') })),
    CursorAt: parseFloat(cursor.dataset.at), CursorX: num(cursor.querySelector('line'), 'x1'),
    Label: svg.getAttribute('aria-label'),
    Rows: [...document.querySelectorAll('.js-timeline-events tbody tr')].map((tr) => ({
      Kind: tr.dataset.kind, At: parseFloat(tr.dataset.at), Node: tr.cells[1].textContent,
      Pod: tr.cells[2].textContent, Text: tr.cells[3].textContent })),
  };
})()`

// chart reads the timeline as drawn, once it is.
func (p *playground) chart() timelineChart {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Poll[timelineChart](timelineChartJS))
}

// x is where the chart puts time t.
func (c *timelineChart) x(t float64) float64 {
	return c.X0 + math.Min(t, c.End)/c.End*(c.X1-c.X0)
}

// near reports whether two positions on the chart are the same to a tenth of a pixel.
func near(a, b float64) bool {
	return math.Abs(a-b) < 0.1
}

// engineTimeline is the engine's timeline of a gallery scenario, run as the
// page runs it: natively, with the page's horizon (contract.Horizon).
func engineTimeline(t *testing.T, s examples.Scenario) (*engine.Workspace, *tainteviction.Timeline) {
	t.Helper()
	ws := engine.Load(s.Nodes, s.Pods, s.Settings)
	last := 0.0
	for _, e := range s.Events {
		last = math.Max(last, e.At)
	}
	return ws, ws.Simulate(s.Events, last+contract.Horizon)
}

// TestTimelineMatchesEngine opens the eviction scenarios by link and checks
// the chart against the engine's own timeline of the same scenario: a bar per
// bound pod from its binding to its eviction (or the right edge when it
// stays), a countdown per scheduled eviction with a mark at its deadline, a
// segment per taint span, all placed on the chart's time scale; the table
// lists the same events, and the image's label says who goes and who stays.
func TestTimelineMatchesEngine(t *testing.T) {
	for _, slug := range []string{"noexecute-toleration-seconds", "rapid-taint-untaint", "deadline-never-moves"} {
		t.Run(slug, func(t *testing.T) {
			s := scenario(t, slug)
			ws, want := engineTimeline(t, s)
			p := open(t, "/?example="+slug)
			p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-timeline-events tbody tr').length === %d`, len(tableKinds(want))))
			checkChart(t, ws, want, p.chart())
			p.Do(chromedp.ScrollIntoView(chromedp.CSS(".js-timeline")))
			p.finish("timeline-" + slug)
		})
	}
}

// checkChart compares the chart as drawn with the engine's timeline want of
// the workspace ws: a bar per bound pod from its binding to its eviction (or
// the right edge when it stays), a countdown per scheduled eviction with a
// mark at its deadline, a segment per taint span, all placed on the chart's
// time scale, whose axis is labelled at even steps; the table lists the same
// events, and the image's label says who goes.
func checkChart(t *testing.T, ws *engine.Workspace, want *tainteviction.Timeline, c timelineChart) {
	t.Helper()
	if c.End <= 0 || c.X1 <= c.X0 {
		t.Fatalf("the chart's scale is end %g, x %g to %g", c.End, c.X0, c.X1)
	}
	if c.Until != want.Until {
		t.Errorf("the chart draws a simulation until %g s; want %g", c.Until, want.Until)
	}

	if len(c.Pods) != len(want.Pods) {
		t.Errorf("the chart draws %d pod bars; the engine has %d bound pods", len(c.Pods), len(want.Pods))
	}
	for _, span := range want.Pods {
		name := ws.Pods[span.Pod].Name
		i := indexOf(len(c.Pods), func(i int) bool { return c.Pods[i].Pod == name })
		if i < 0 {
			t.Errorf("no bar for pod %s", name)
			continue
		}
		bar := c.Pods[i]
		end := "stays"
		if span.Evicted {
			end = "evicted"
		}
		if bar.From != span.From || bar.To != span.To || bar.End != end || bar.Node != ws.Nodes[span.Node].Name {
			t.Errorf("%s's bar is %+v; the engine has it on %s from %g to %g (%s)", name, bar, ws.Nodes[span.Node].Name, span.From, span.To, end)
		}
		if !near(bar.X, c.x(span.From)) || !near(bar.X+bar.Width, c.x(span.To)) {
			t.Errorf("%s's bar spans x %g to %g; want %g to %g", name, bar.X, bar.X+bar.Width, c.x(span.From), c.x(span.To))
		}
		if !span.Evicted && !near(bar.X+bar.Width, c.X1) {
			t.Errorf("%s stays, but its bar ends at x %g before the edge %g", name, bar.X+bar.Width, c.X1)
		}
	}

	var deadlines []string
	for _, e := range want.Entries {
		if e.Kind == tainteviction.EvictionScheduled {
			deadlines = append(deadlines, fmt.Sprintf("%s@%g", ws.Pods[e.Pod].Name, e.Deadline))
		}
	}
	var drawn []string
	for _, d := range c.Deadlines {
		drawn = append(drawn, fmt.Sprintf("%s@%g", d.Pod, d.Deadline))
		if !near(d.X, c.x(d.Deadline)) {
			t.Errorf("%s's deadline %g s is drawn at x %g; want %g", d.Pod, d.Deadline, d.X, c.x(d.Deadline))
		}
	}
	sort.Strings(deadlines)
	sort.Strings(drawn)
	if strings.Join(drawn, " ") != strings.Join(deadlines, " ") {
		t.Errorf("deadline marks %v; the engine schedules %v", drawn, deadlines)
	}
	for _, cd := range c.Countdowns {
		if !near(cd.X, c.x(cd.From)) || !near(cd.X+cd.Width, c.x(cd.To)) || cd.To > cd.Deadline {
			t.Errorf("%s's countdown %+v is not drawn from %g to %g, or ends after its deadline", cd.Pod, cd, c.x(cd.From), c.x(cd.To))
		}
	}

	if len(c.Taints) != len(want.Taints) {
		t.Errorf("the chart draws %d taint segments; the engine has %d taint spans", len(c.Taints), len(want.Taints))
	}
	for i, span := range want.Taints {
		if i >= len(c.Taints) {
			break
		}
		seg := c.Taints[i]
		if seg.Node != ws.Nodes[span.Node].Name || seg.Taint != span.Taint.String() || seg.From != span.From || seg.To != span.To || seg.Ended != span.Ended {
			t.Errorf("taint segment %d is %+v; the engine has %s on %s from %g to %g (%q)", i, seg, span.Taint.String(), ws.Nodes[span.Node].Name, span.From, span.To, span.Ended)
		}
		if !near(seg.X, c.x(span.From)) || !near(seg.X+seg.Width, math.Max(c.x(span.To), c.x(span.From)+1)) {
			t.Errorf("taint segment %d spans x %g to %g; want %g to %g", i, seg.X, seg.X+seg.Width, c.x(span.From), c.x(span.To))
		}
	}

	var kinds []string
	for _, row := range c.Rows {
		kinds = append(kinds, row.Kind+"@"+strconv.FormatFloat(row.At, 'f', -1, 64))
	}
	if got, want := strings.Join(kinds, " "), strings.Join(tableKinds(want), " "); got != want {
		t.Errorf("the table lists\n%s\nwant\n%s", got, want)
	}
	for _, span := range want.Pods {
		name := ws.Pods[span.Pod].Name
		if span.Evicted && !strings.Contains(c.Label, name+" at t = ") {
			t.Errorf("the chart's label does not say when %s goes: %q", name, c.Label)
		}
	}
	checkAxis(t, c)
}

// checkAxis checks the axis's ticks against the chart's scale: "0" at the
// left edge, then one every step up to the end, at most seven, each at the
// x of its time and labelled in the largest unit that divides it.
func checkAxis(t *testing.T, c timelineChart) {
	t.Helper()
	if len(c.Ticks) < 2 || len(c.Ticks) > 7 {
		t.Fatalf("the axis has %d ticks %v; want 2 to 7", len(c.Ticks), c.Ticks)
	}
	step := tickTime(t, c.Ticks[1].Text)
	for i, tick := range c.Ticks {
		at := float64(i) * step
		if want := tickLabel(at); tick.Text != want || !near(tick.X, c.x(at)) {
			t.Errorf("tick %d is %q at x %g; want %q at x %g (a step of %g s)", i, tick.Text, tick.X, want, c.x(at), step)
		}
	}
	if last := float64(len(c.Ticks)-1) * step; last > c.End || last+step <= c.End {
		t.Errorf("the last tick is at %g s, a step of %g s; the chart ends at %g s", last, step, c.End)
	}
}

// tickLabel is how the axis labels a time: 0, then seconds, minutes, hours
// or days, the largest unit that divides it.
func tickLabel(at float64) string {
	switch {
	case at == 0:
		return "0"
	case at < 60 || math.Mod(at, 60) != 0:
		return fmt.Sprintf("%g s", at)
	case at < 3600 || math.Mod(at, 3600) != 0:
		return fmt.Sprintf("%g min", at/60)
	case at < 86400 || math.Mod(at, 86400) != 0:
		return fmt.Sprintf("%g h", at/3600)
	}
	return fmt.Sprintf("%g d", at/86400)
}

// tickTime reads an axis label back as seconds.
func tickTime(t *testing.T, label string) float64 {
	t.Helper()
	number, unit, _ := strings.Cut(label, " ")
	v, err := strconv.ParseFloat(number, 64)
	if err != nil {
		t.Fatalf("the axis label %q is not a time", label)
	}
	return v * map[string]float64{"": 1, "s": 1, "min": 60, "h": 3600, "d": 86400}[unit]
}

// timelineSample is the clock's reading and the chart, read in one
// evaluation: between two frames of the playing clock, so they agree.
type timelineSample struct {
	Clock string
	Chart timelineChart
}

// sample reads the clock and the chart at once.
func (p *playground) sample() timelineSample {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[timelineSample](
		`({ Clock: document.querySelector('.js-clock-time').textContent, Chart: `+timelineChartJS+` })`))
}

// checkSample compares a sample with the engine's simulation of ws under
// events, until the end the chart drew: the chart as in checkChart, and the
// cursor at the clock's time, past the end of each bar the engine has
// evicted by then and inside each other one.
func checkSample(t *testing.T, ws *engine.Workspace, events []tainteviction.Event, got timelineSample) {
	t.Helper()
	c := got.Chart
	want := ws.Simulate(events, c.Until)
	checkChart(t, ws, want, c)
	shown := clockSeconds(t, got.Clock)
	// The clock shows tenths of a second, rounded, under a minute, and whole
	// seconds, floored, from then on (clockText).
	if !(math.Abs(c.CursorAt-shown) <= 0.051 || math.Floor(c.CursorAt) == shown) || !near(c.CursorX, c.x(c.CursorAt)) {
		t.Errorf("with the clock at %q the cursor is at t = %g, x %g; want x %g", got.Clock, c.CursorAt, c.CursorX, c.x(c.CursorAt))
	}
	if c.CursorAt > c.End {
		t.Errorf("the cursor (t = %g) is past the chart's end (%g)", c.CursorAt, c.End)
	}
	for _, span := range want.Pods {
		name := ws.Pods[span.Pod].Name
		i := indexOf(len(c.Pods), func(i int) bool { return c.Pods[i].Pod == name })
		if i < 0 {
			continue // checkChart said so
		}
		bar := c.Pods[i]
		latest := want.Latest(span.Pod, c.CursorAt)
		gone := latest != nil && latest.Kind == tainteviction.EvictionExecuted
		if gone && c.CursorX < bar.X+bar.Width-0.1 || !gone && (c.CursorX < bar.X-0.1 || c.CursorX > bar.X+bar.Width+0.1) {
			t.Errorf("at t = %g the engine has %s %s, but the cursor (x %g) is not %s its bar (x %g to %g)", c.CursorAt, name,
				map[bool]string{true: "evicted", false: "running"}[gone], c.CursorX, map[bool]string{true: "past", false: "on"}[gone], bar.X, bar.X+bar.Width)
		}
	}
}

// TestTimelineWhilePlaying plays the clock of noexecute-toleration-seconds
// and compares the chart with the engine's own simulation, run here, at
// several moments: before and after a person types a NoExecute taint into
// the clock's box while it plays, after Pause and Skip to next eviction
// (which must land on the engine's next eviction), and as the clock plays on
// past the evictions, the chart widening with it.
func TestTimelineWhilePlaying(t *testing.T) {
	const added = "node.kubernetes.io/unreachable:NoExecute"
	s := scenario(t, "noexecute-toleration-seconds")
	ws := engine.Load(s.Nodes, s.Pods, s.Settings)
	events := slices.Clone(s.Events)
	p := open(t, "/?example="+s.Slug)
	p.waitText(".js-timeline-events", "evicted")
	cursorPast := func(at float64) {
		p.t.Helper()
		p.waitFor(fmt.Sprintf(`parseFloat(document.querySelector('.js-timeline-cursor').dataset.at) > %g`, at))
	}

	p.click(`.js-clock-speeds input[value="10"]`)
	p.clickButton("Play")
	for _, at := range []float64{2, 8} {
		cursorPast(at)
		checkSample(t, ws, events, p.sample())
	}

	// The taint goes in at the clock's time when Enter is pressed, while it plays.
	before := p.sample().Chart.CursorAt
	p.command("kubectl taint nodes db-1 " + added)
	p.waitFor(fmt.Sprintf(`[...document.querySelectorAll('.js-timeline-taint')].some((el) => el.dataset.taint === %q)`, added))
	got := p.sample()
	c := got.Chart
	seg := c.Taints[indexOf(len(c.Taints), func(i int) bool { return c.Taints[i].Taint == added })]
	if seg.From < before || seg.From > c.CursorAt {
		t.Fatalf("the taint typed between t = %g and %g was added at %g", before, c.CursorAt, seg.From)
	}
	taint, err := kubectl.ParseTaintSpec(added)
	if err != nil {
		t.Fatal(err)
	}
	events = append(events, tainteviction.Event{At: seg.From, Kind: tainteviction.EventAddTaint, Node: "db-1", Taint: &taint})
	checkSample(t, ws, events, got)
	cursorPast(seg.From + 5)
	checkSample(t, ws, events, p.sample())

	// Pause, then Skip lands on the engine's next eviction.
	p.clickButton("Pause")
	paused := p.sample()
	checkSample(t, ws, events, paused)
	want := ws.Simulate(events, paused.Chart.Until)
	next := nextEviction(t, want, paused.Chart.CursorAt)
	p.clickButton("Skip to next eviction")
	p.waitFor(fmt.Sprintf(`document.querySelector('.js-timeline-cursor').dataset.at === %q`, strconv.FormatFloat(next, 'f', -1, 64)))
	checkSample(t, ws, events, p.sample())

	// Played on at 600×, past the last eviction: the chart widens with the clock.
	last := 0.0
	for _, e := range want.Entries {
		last = math.Max(last, e.At)
	}
	p.click(`.js-clock-speeds input[value="600"]`)
	p.clickButton("Play")
	for _, at := range []float64{next + 60, last + 60, 1.5 * last} {
		cursorPast(at)
		checkSample(t, ws, events, p.sample())
	}
	p.clickButton("Pause")
	p.finish("")
}

// tableKinds are the rows the timeline's table should list, as kind@time in
// time order: taints as they come and go, bindings, then the controller's
// entries, at the same time in that order.
func tableKinds(tl *tainteviction.Timeline) []string {
	type row struct {
		at    float64
		order int
		kind  string
	}
	var rows []row
	for _, span := range tl.Taints {
		rows = append(rows, row{span.From, len(rows), "taint-added"})
		if span.Ended != "" {
			rows = append(rows, row{span.To, len(rows), "taint-" + span.Ended})
		}
	}
	for _, span := range tl.Pods {
		rows = append(rows, row{span.From, len(rows), "bound"})
	}
	for _, e := range tl.Entries {
		rows = append(rows, row{e.At, len(rows), e.Kind})
	}
	sort.SliceStable(rows, func(a, b int) bool { return rows[a].at < rows[b].at })
	kinds := make([]string, len(rows))
	for i, r := range rows {
		kinds[i] = r.kind + "@" + strconv.FormatFloat(r.at, 'f', -1, 64)
	}
	return kinds
}

func indexOf(n int, match func(i int) bool) int {
	for i := range n {
		if match(i) {
			return i
		}
	}
	return -1
}

// clockSeconds reads the whole seconds the clock shows: "t = 12.5 s" or
// "t = 15 min (900 s)".
func clockSeconds(t *testing.T, shown string) float64 {
	t.Helper()
	text := strings.TrimPrefix(shown, "t = ")
	if i := strings.LastIndex(text, "("); i >= 0 {
		text = text[i+1:]
	}
	seconds, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSuffix(text, ")"), " s"), 64)
	if err != nil {
		t.Fatalf("the clock shows %q: %v", shown, err)
	}
	return seconds
}

// nextEviction is the time of the engine's first eviction after t.
func nextEviction(t *testing.T, tl *tainteviction.Timeline, after float64) float64 {
	t.Helper()
	next := math.Inf(1)
	for _, e := range tl.Entries {
		if e.Kind == tainteviction.EvictionExecuted && e.At > after {
			next = math.Min(next, e.At)
		}
	}
	if math.IsInf(next, 1) {
		t.Fatalf("the engine has no eviction after t = %g: %+v", after, tl.Entries)
	}
	return next
}

// TestTimelineCursorFollowsClock plays the clock of
// noexecute-toleration-seconds at 60× and pauses it: the chart and its
// cursor are the engine's simulation at the time the clock shows; Skip to
// next eviction puts the cursor on the engine's next eviction; a taint added
// there with the kubectl box, then removed by its key alone, changes the
// chart as the engine's simulation of those events does, and the table,
// which Show as table shows, lists them; Reset takes the cursor back to 0.
func TestTimelineCursorFollowsClock(t *testing.T) {
	p := open(t, "/?example=noexecute-toleration-seconds")
	p.waitText(".js-timeline-events", "evicted")
	c := p.chart()
	if c.CursorAt != 0 || !near(c.CursorX, c.X0) {
		t.Errorf("before Play the cursor is at t = %g, x %g; want 0 at %g", c.CursorAt, c.CursorX, c.X0)
	}

	s := scenario(t, "noexecute-toleration-seconds")
	ws := engine.Load(s.Nodes, s.Pods, s.Settings)
	events := slices.Clone(s.Events)
	p.click(`.js-clock-speeds input[value="60"]`)
	p.clickButton("Play")
	p.waitFor(`parseFloat(document.querySelector('.js-timeline-cursor').dataset.at) > 20`)
	p.clickButton("Pause")
	paused := p.sample()
	checkSample(t, ws, events, paused)

	next := nextEviction(t, ws.Simulate(events, paused.Chart.Until), paused.Chart.CursorAt)
	p.clickButton("Skip to next eviction")
	p.waitFor(fmt.Sprintf(`document.querySelector('.js-timeline-cursor').dataset.at === %q`, strconv.FormatFloat(next, 'f', -1, 64)))
	if status := p.text(".js-clock-status"); !strings.HasPrefix(status, "Skipped to the eviction at ") || !strings.HasSuffix(status, fmt.Sprintf("(%g s).", next)) {
		t.Errorf("after Skip to the engine's next eviction, at %g s, the clock says %q", next, status)
	}
	checkSample(t, ws, events, p.sample())
	p.Do(chromedp.ScrollIntoView(chromedp.CSS(".js-timeline")))
	p.Screenshot("timeline-after-skip")

	// Taints typed into the clock's box go in at the clock's time: an added
	// one, then a key-only removal, which removes every effect of the key as
	// kubectl does (one event per effect the node has then).
	p.command("kubectl taint nodes db-1 dedicated=db:NoSchedule")
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-clock-events li').length === %d`, len(events)+1))
	dedicated := core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}
	events = append(events, tainteviction.Event{At: next, Kind: tainteviction.EventAddTaint, Node: "db-1", Taint: &dedicated})
	checkSample(t, ws, events, p.sample())
	p.command("kubectl taint nodes db-1 dedicated-")
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-clock-events li').length === %d`, len(events)+1))
	events = append(events, tainteviction.Event{At: next, Kind: tainteviction.EventRemoveTaint, Node: "db-1", Taint: &core.Taint{Key: "dedicated", Effect: core.TaintEffectNoSchedule}})
	checkSample(t, ws, events, p.sample())
	p.command("kubectl taint nodes db-1 nothing-")
	p.waitText(".js-taint-error", `taint "nothing" not found`)

	if visible := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.js-timeline-table').getBoundingClientRect().height > 1`)); visible {
		t.Errorf("the table shows before Show as table is pressed")
	}
	p.clickButton("Show as table")
	p.waitFor(`document.querySelector('.js-timeline-table').getBoundingClientRect().height > 20`)
	if pressed := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('.js-timeline-toggle').getAttribute('aria-pressed')`)); pressed != "true" {
		t.Errorf("Show as table leaves aria-pressed %q", pressed)
	}
	if rows := p.text(".js-timeline-events"); !strings.Contains(rows, "batch-0") || !strings.Contains(rows, "eviction scheduled for t = 15 min (900 s)") {
		t.Errorf("the table says:\n%s", rows)
	}
	p.clickButton("Hide table")

	p.click(".js-clock-reset")
	p.waitFor(`document.querySelector('.js-timeline-cursor').dataset.at === '0'`)
	c = p.chart()
	if !near(c.CursorX, c.X0) {
		t.Errorf("after Reset the cursor is at x %g; want %g", c.CursorX, c.X0)
	}
	p.finish("")
}

// chartColoursJS lists the chart's marks and texts with the contrast (WCAG 2)
// of their colour (a line's stroke, a shape's or text's fill) on the panel's
// background.
const chartColoursJS = `(() => {
  const lum = (c) => {
    const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let bg = document.querySelector('.js-timeline-svg');
  while (bg && getComputedStyle(bg).backgroundColor.replace(/\s/g, '').match(/rgba\(.*,0\)$|transparent/)) bg = bg.parentElement;
  const back = lum(getComputedStyle(bg || document.body).backgroundColor);
  const ratio = (c) => { const a = lum(c); return (Math.max(a, back) + 0.05) / (Math.min(a, back) + 0.05); };
  const one = (selector, text) => {
    const el = document.querySelector(selector);
    if (!el) return { Selector: selector, Ratio: 0, Text: text };
    const style = getComputedStyle(el);
    return { Selector: selector, Ratio: ratio(['line', 'path'].includes(el.tagName) ? style.stroke : style.fill), Text: text };
  };
  return [
    one('.js-timeline-pod', false), one('.js-timeline-countdown', false), one('.js-timeline-deadline', false),
    one('.js-timeline-taint', false), one('.timeline-evicted', false), one('.js-timeline-cursor line', false),
    one('.timeline-node-label', true), one('.timeline-pod-label', true), one('.timeline-taint-label', true),
    one('.timeline-axis text', true), one('.timeline-outcome--evicted', true), one('.timeline-outcome--stays', true),
  ];
})()`

// TestTimelineLightAndDark draws noexecute-toleration-seconds in light and
// dark: every mark stands out from the background (3:1, WCAG's non-text
// contrast) and every text reads (4.5:1).
func TestTimelineLightAndDark(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := openWithScheme(t, scheme)
			p.Navigate(p.site.URL + "/?example=noexecute-toleration-seconds")
			p.waitText(".js-timeline-events", "evicted")
			type colour struct {
				Selector string
				Ratio    float64
				Text     bool
			}
			for _, c := range browsertest.Run(p.Page, chromedp.Evaluate[[]colour](chartColoursJS)) {
				want := 3.0
				if c.Text {
					want = 4.5
				}
				if c.Ratio < want {
					t.Errorf("%s: %s has a contrast of %.2f:1 on the background; want at least %g:1", scheme, c.Selector, c.Ratio, want)
				}
			}
			p.Do(chromedp.ScrollIntoView(chromedp.CSS(".js-timeline")))
			p.finish("timeline-" + scheme)
		})
	}
}

// TestTimelineManyPods pastes 300 pods running on node1, each tolerating its
// NoExecute taint for a different time: the chart draws a readable number of
// rows and says how many it leaves out, while the table lists every pod.
func TestTimelineManyPods(t *testing.T) {
	const pods = 300
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: PodList\nitems:\n")
	for i := range pods {
		fmt.Fprintf(&b, `- apiVersion: v1
  kind: Pod
  metadata: {name: pod-%03d}
  spec:
    nodeName: node1
    tolerations:
    - {key: key1, operator: Exists, effect: NoSchedule}
    - {key: key1, operator: Exists, effect: NoExecute, tolerationSeconds: %d}
    containers: [{name: c, image: nginx}]
`, i, 60*(i+1))
	}
	p := open(t, "/")
	p.paste("pods", b.String())
	p.waitFor(fmt.Sprintf(`document.querySelectorAll('.js-timeline-events tr[data-kind=bound]').length === %d`, pods))
	c := p.chart()
	marks := browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelector('.js-timeline-svg').querySelectorAll('*').length`))
	rows := len(c.Pods)
	t.Logf("%d pods: %d pod rows drawn, %d SVG elements, %d table rows", pods, rows, marks, len(c.Rows))
	if rows == 0 || rows > 48 {
		t.Errorf("the chart draws %d pod rows of %d; want some, at most 48", rows, pods)
	}
	if note := p.text(".js-timeline-note"); !strings.Contains(note, fmt.Sprintf("Drawn: %d of %d running pods", rows, pods)) {
		t.Errorf("the note under the chart says %q", note)
	}
	if evicted := strings.Count(strings.Join(p.texts(".js-timeline-events td:last-child"), "\n"), "ran out"); evicted != pods {
		t.Errorf("the table lists %d evictions; want one per pod, %d", evicted, pods)
	}
	if !strings.Contains(c.Label, "300 pods on 1 node") || !strings.Contains(c.Label, "and 295 more") {
		t.Errorf("the chart's label is %q", c.Label)
	}
	p.finish("")
}

// TestTimelineTableByKeyboard works "Show as table" from the keyboard alone:
// Tab from the clock's kubectl box reaches the button, Enter shows the table
// (aria-pressed, a visible table of the events), the next Tab goes into the
// table, whose region scrolls by keys, and Shift+Tab back then Space hides it.
func TestTimelineTableByKeyboard(t *testing.T) {
	p := open(t, "/?example=noexecute-toleration-seconds")
	p.waitText(".js-timeline-events", "evicted")
	focused := func() string {
		return browsertest.Run(p.Page, chromedp.Evaluate[string](`(() => { const el = document.activeElement; return el ? (el.className || el.tagName) : ''; })()`))
	}
	p.Do(chromedp.Focus(chromedp.CSS(".js-taint-line")))
	for range 10 {
		if strings.Contains(focused(), "js-timeline-toggle") {
			break
		}
		p.press(kb.Tab)
	}
	if got := focused(); !strings.Contains(got, "js-timeline-toggle") {
		t.Fatalf("Tab from the kubectl box does not reach Show as table; the focus is on %q", got)
	}

	p.press(kb.Enter)
	p.waitFor(`document.querySelector('.js-timeline-toggle').getAttribute('aria-pressed') === 'true'`)
	p.waitFor(`document.querySelector('.js-timeline-table').getBoundingClientRect().height > 20`)
	if got := p.text(".js-timeline-toggle"); got != "Hide table" {
		t.Errorf("after Enter the button says %q; want Hide table", got)
	}
	if rows := p.texts(".js-timeline-events tbody tr"); len(rows) == 0 || !strings.Contains(strings.Join(rows, "\n"), "eviction scheduled for t = 15 min (900 s)") {
		t.Errorf("the table shown by Enter lists %q", rows)
	}

	p.press(kb.Tab)
	if got := focused(); !strings.Contains(got, "js-timeline-table") {
		t.Errorf("Tab after Show as table goes to %q, not into the table", got)
	}
	p.Screenshot("timeline-table-keyboard")

	p.Do(chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	if got := focused(); !strings.Contains(got, "js-timeline-toggle") {
		t.Fatalf("Shift+Tab from the table goes to %q, not back to the button", got)
	}
	p.press(" ")
	p.waitFor(`document.querySelector('.js-timeline-toggle').getAttribute('aria-pressed') === 'false'`)
	if visible := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.js-timeline-table').getBoundingClientRect().height > 1`)); visible {
		t.Error("Space on Hide table leaves the table shown")
	}
	p.press(kb.Tab)
	if got := focused(); strings.Contains(got, "js-timeline-table") {
		t.Error("the hidden table still takes the focus")
	}
	p.finish("")
}
