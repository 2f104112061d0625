package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
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
