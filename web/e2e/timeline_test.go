package e2e

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// pageHorizon is how far past its last event the countdown simulates the
// clock (HORIZON in countdown.js): a pod that stays runs to there.
const pageHorizon = 10 * 365 * 86400

// timelineChart is what the timeline's SVG draws, read from its attributes.
type timelineChart struct {
	End, X0, X1 float64
	Pods        []struct {
		Pod, Node, End string
		From, To    float64
		X, Width    float64
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
    End: parseFloat(svg.dataset.end), X0: parseFloat(svg.dataset.x0), X1: parseFloat(svg.dataset.x1),
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
// page runs it: natively, with the page's horizon.
func engineTimeline(t *testing.T, s examples.Scenario) (*engine.Workspace, *tainteviction.Timeline) {
	t.Helper()
	ws := engine.Load(s.Nodes, s.Pods, s.Settings)
	last := 0.0
	for _, e := range s.Events {
		last = math.Max(last, e.At)
	}
	return ws, ws.Simulate(s.Events, last+pageHorizon)
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
			c := p.chart()
			if c.End <= 0 || c.X1 <= c.X0 {
				t.Fatalf("the chart's scale is end %g, x %g to %g", c.End, c.X0, c.X1)
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
			p.Do(chromedp.ScrollIntoView(chromedp.CSS(".js-timeline")))
			p.finish("timeline-" + slug)
		})
	}
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
