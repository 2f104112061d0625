package e2e

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// nodesNamed is a Nodes text with one node per name, tainted gpu:NoSchedule
// when the name starts with "gpu".
func nodesNamed(names ...string) string {
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: %s\n", name)
		if strings.HasPrefix(name, "gpu") {
			b.WriteString("spec:\n  taints:\n  - key: gpu\n    effect: NoSchedule\n")
		}
	}
	return b.String()
}

// podsNamed is a Pods text with one pod per name, tolerating gpu when the
// name starts with "gpu".
func podsNamed(names ...string) string {
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: %s\nspec:\n", name)
		if strings.HasPrefix(name, "gpu") {
			b.WriteString("  tolerations:\n  - key: gpu\n    operator: Exists\n")
		}
		b.WriteString("  containers:\n  - name: app\n    image: nginx\n")
	}
	return b.String()
}

// TestMatrixByKeyboard: many pairs show as a matrix first; arrow keys move
// between cells and Enter opens the cell's card.
func TestMatrixByKeyboard(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", nodesNamed("cpu-1", "gpu-1", "gpu-2"))
	p.paste("pods", podsNamed("web", "gpu-job", "batch"))
	p.waitFor(`document.querySelectorAll('.matrix-cell').length === 9`)
	symbols := browsertest.Run(p.Page, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.matrix tbody tr')].map((tr) => [...tr.querySelectorAll('.matrix-cell')].map((td) => td.textContent).join(''))`))
	if got, want := strings.Join(symbols, " "), "✓✕✕ ✓✓✓ ✓✕✕"; got != want {
		t.Errorf("matrix rows = %q; want %q", got, want)
	}
	p.Do(chromedp.Focus(chromedp.CSS(".matrix-cell[tabindex='0']")),
		chromedp.KeyEvent(kb.ArrowDown+kb.ArrowRight+kb.Enter))
	card := p.waitText(".js-results .card", "gpu-job")
	if !strings.Contains(card, "gpu-1") || !strings.Contains(card, "Schedules") {
		t.Errorf("the opened card says %q; want gpu-job on gpu-1, schedules", card)
	}
	p.finish("matrix")
}

// TestPhoneWidth lays the page out at a phone's width without sideways scrolling.
func TestPhoneWidth(t *testing.T) {
	p := open(t, "/")
	p.Do(chromedp.EmulateViewport(390, 844))
	p.waitFor(`document.documentElement.scrollWidth <= document.documentElement.clientWidth`)
	p.finish("phone")
}

// TestPickAnExample picks a gallery scenario with the keyboard (searching
// for it, then Enter): its text, its explanation and its clock event load,
// and playing the clock shows the event cancel an eviction.
func TestPickAnExample(t *testing.T) {
	p := open(t, "/")
	p.pickExample("tolerationSeconds removed", scenario(t, "noexecute-toleration-seconds").Title)
	p.waitText(".js-example-description", "postgres-0 has 3600")
	p.waitText(`.js-countdown-row[data-pod="cache-0"]`, "Evicted at t = 0.0 s")
	p.waitText(`.js-countdown-row[data-pod="batch-0"]`, "evicted in 15 min (900 s)")
	p.waitText(`.js-countdown-row[data-pod="postgres-0"]`, "evicted in 1 h (3600 s)")
	if events := p.text(".js-clock-events"); !strings.Contains(events, "maintenance:NoExecute removed from db-1") {
		t.Errorf("the scenario's clock events are %q", events)
	}
	p.click(`.js-clock-speeds input[value="600"]`)
	p.clickButton("Play")
	p.waitText(`.js-countdown-row[data-pod="postgres-0"]`, "eviction cancelled at t = 30 min (1800 s)")
	p.clickButton("Pause")
	p.waitText(`.js-countdown-row[data-pod="batch-0"]`, "Evicted at t = 15 min (900 s)")
	p.finish("example")
}

// TestExampleDeadlineNeverMoves loads the scenario whose clock edits the
// pod's tolerations (a setTolerations event for pod 0): the events load and
// the eviction runs at the deadline first scheduled.
func TestExampleDeadlineNeverMoves(t *testing.T) {
	p := open(t, "/")
	p.pickExample("deadline", scenario(t, "deadline-never-moves").Title)
	p.waitText(".js-example-description", "evicted at 700 seconds")
	p.waitText(".js-clock-events", "api-0 given")
	if got := len(p.texts(".js-clock-events li")); got != 4 {
		t.Errorf("%d clock events; want the scenario's 4", got)
	}
	p.waitText(`.js-countdown-row[data-pod="api-0"]`, "no eviction scheduled")
	p.clickButton("Skip to next eviction")
	p.waitText(`.js-countdown-row[data-pod="api-0"]`, "Evicted at t = 11 min 40 s (700 s)")
	p.finish("")
}

// TestMatrixPages shows 60 nodes 40 at a time; the pager's buttons move
// between the pages and keep the keyboard where it was.
func TestMatrixPages(t *testing.T) {
	p := open(t, "/")
	names := make([]string, 60)
	for i := range names {
		names[i] = fmt.Sprintf("node-%02d", i)
	}
	p.paste("nodes", nodesNamed(names...))
	p.paste("pods", podsNamed("web", "batch"))
	p.waitText(".js-results-summary", "2 pods × 60 nodes")
	if got := p.text(".pager-range"); got != "Nodes 1–40 of 60" {
		t.Errorf("the pager says %q", got)
	}
	if got := len(p.texts(".matrix-cell")); got != 2*40 {
		t.Errorf("%d cells drawn on the first page; want %d", got, 2*40)
	}
	p.clickButton("Next nodes ▸")
	p.waitText(".pager-range", "Nodes 41–60 of 60")
	if got := p.texts(".matrix-node"); len(got) != 20 || got[0] != "node-40" {
		t.Errorf("the second page's columns are %q", got)
	}
	if focused := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.activeElement.tagName + ' ' + document.activeElement.textContent.slice(0, 40)`)); focused != "BUTTON ◂ Previous nodes" {
		t.Errorf("after the last page the keyboard is on %q; want the previous-page button", focused)
	}
	p.finish("")
}

// TestMatrixHeadersStayInView scrolls a matrix of 50 pods × 40 nodes, which
// overflows its box both ways, with the mouse wheel down and right, then
// with the arrow keys: the node names (the header row) stay at the box's
// top and the pod names at its left while the cells move under them.
func TestMatrixHeadersStayInView(t *testing.T) {
	nodesText, podsText := bench.Workspace(40, 50, 7)
	p := open(t, "/")
	p.Do(chromedp.EmulateViewport(700, 800))
	p.paste("nodes", nodesText)
	p.paste("pods", podsText)
	p.waitFor(`document.querySelectorAll('.matrix-cell').length === 2000`)
	type layout struct {
		ScrollTop, ScrollLeft            float64
		BoxTop, BoxLeft                  float64
		HeaderTop, PodLeft, CornerTop    float64
		CellTop, CellLeft                float64
		OverflowsDown, OverflowsSideways bool
		X, Y                             float64
	}
	measure := func() layout {
		return browsertest.Run(p.Page, chromedp.Evaluate[layout](`(() => {
			const box = document.querySelector('.matrix-scroll');
			const b = box.getBoundingClientRect();
			const header = document.querySelectorAll('.matrix thead th')[5].getBoundingClientRect();
			const pod = document.querySelectorAll('.matrix tbody th')[20].getBoundingClientRect();
			const corner = document.querySelector('.matrix-corner').getBoundingClientRect();
			const cell = document.querySelector('.matrix tbody tr').cells[1].getBoundingClientRect();
			return { ScrollTop: box.scrollTop, ScrollLeft: box.scrollLeft, BoxTop: b.top + box.clientTop, BoxLeft: b.left + box.clientLeft,
				HeaderTop: header.top, PodLeft: pod.left, CornerTop: corner.top, CellTop: cell.top, CellLeft: cell.left,
				OverflowsDown: box.scrollHeight > box.clientHeight + 50, OverflowsSideways: box.scrollWidth > box.clientWidth + 50,
				X: b.left + b.width / 2, Y: b.top + Math.min(b.height, innerHeight - b.top) / 2 };
		})()`))
	}
	p.Do(chromedp.ScrollIntoView(chromedp.CSS(".matrix-scroll")))
	before := measure()
	if !before.OverflowsDown || !before.OverflowsSideways {
		t.Fatalf("the matrix does not overflow its box both ways (down %v, sideways %v): nothing to test", before.OverflowsDown, before.OverflowsSideways)
	}
	check := func(how string, was layout) {
		t.Helper()
		now := measure()
		if now.ScrollTop <= was.ScrollTop && now.ScrollLeft <= was.ScrollLeft {
			t.Fatalf("%s did not scroll the matrix (top %v, left %v)", how, now.ScrollTop, now.ScrollLeft)
		}
		if math.Abs(now.HeaderTop-now.BoxTop) > 1 || math.Abs(now.CornerTop-now.BoxTop) > 1 {
			t.Errorf("after %s (scrolled to %v, %v) the node names are at y = %v, the corner at %v; want them at the box's top, %v", how, now.ScrollTop, now.ScrollLeft, now.HeaderTop, now.CornerTop, now.BoxTop)
		}
		if now.ScrollLeft > 0 && math.Abs(now.PodLeft-now.BoxLeft) > 1 {
			t.Errorf("after %s (scrolled %v px sideways) the pod names are at x = %v; want them at the box's left, %v", how, now.ScrollLeft, now.PodLeft, now.BoxLeft)
		}
		if now.CellTop >= was.CellTop && now.CellLeft >= was.CellLeft {
			t.Errorf("after %s the cells did not move under the names", how)
		}
	}
	// The wheel over the matrix, down, then right, as a trackpad scrolls:
	// never quite straight (DevTools takes a wheel event only with both
	// deltas set; Chromium scrolls along the larger).
	wheel := func(dx, dy float64) {
		at := measure()
		p.Do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at.X, at.Y))
		p.Do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, at.X, at.Y, func(e *input.DispatchMouseEventParams) {
			e.DeltaX, e.DeltaY = dx, dy
		}))
	}
	wheel(1, 300)
	p.waitFor(`document.querySelector('.matrix-scroll').scrollTop > 0`)
	check("the wheel down", before)
	down := measure()
	wheel(200, 1)
	p.waitFor(fmt.Sprintf(`document.querySelector('.matrix-scroll').scrollLeft > %v`, down.ScrollLeft))
	check("the wheel right", down)

	// The keyboard, as a person tabs into the grid (its first cell, which
	// scrolls back to it), then Arrow Down and End to the last cell.
	p.Do(chromedp.Focus(chromedp.CSS(`.matrix-cell[tabindex="0"]`)))
	p.waitFor(`document.querySelector('.matrix-scroll').scrollTop === 0 && document.querySelector('.matrix-scroll').scrollLeft === 0`)
	first := measure()
	for range 49 {
		p.Do(chromedp.KeyEvent(kb.ArrowDown))
	}
	p.Do(chromedp.KeyEvent(kb.End))
	p.waitFor(`document.activeElement.dataset.cell === String(49 * 40 + 39)`)
	check("Arrow Down and End", first)
	p.finish("matrix-scrolled")
}
