package engine

import (
	"fmt"
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
)

// The work budget of one evaluation. The editors take up to 10,000 nodes and
// 10,000 pods, but their product is what costs: every pair is a cell. The
// limits are checked after Load and before any pair is evaluated.
const (
	// MaxPairs is the most pod × node pairs one evaluation covers. Above it
	// nothing is evaluated and the report says why (a "limit" diagnostic).
	// 1,000,000 pairs take about a second in the page and under 200 MB of
	// WASM memory, since only one row of cells is kept at a time (make bench,
	// "largest workspace").
	MaxPairs = 1_000_000
	// FullReportPairs is the most pairs whose cells all go in the report (500
	// nodes × 50 pods, about 4 MB of JSON). A larger workspace gets a windowed
	// report: counts over every pair, the cells of one window of the matrix
	// and every running cell.
	FullReportPairs = 25_000
	// MaxWindowCells bounds the cells one window holds, whatever it asks for.
	MaxWindowCells = 10_000
)

// Window is a rectangle of the matrix: Pods pods from pod index Pod, and
// Nodes nodes from node index Node.
type Window struct {
	Pod   int `json:"pod"`
	Node  int `json:"node"`
	Pods  int `json:"pods"`
	Nodes int `json:"nodes"`
}

// FirstWindow is the page's first page of the matrix: 50 pods × 40 nodes.
var FirstWindow = Window{Pods: 50, Nodes: 40}

// Counts sum up every pair of a workspace, whether or not its cells are in
// the report.
type Counts struct {
	// Pairs is pods × nodes.
	Pairs int `json:"pairs"`
	// Fits counts the pairs whose cell Fits, as read (rejected objects
	// included); Running the cells whose pod runs on the node.
	Fits    int `json:"fits"`
	Running int `json:"running"`
	// Rejected counts the pairs whose pod or node the API server would
	// reject (Pod.Rejected, Node.Rejected), and RejectedFits those of them
	// that Fit as read: Fits - RejectedFits pairs really can schedule.
	Rejected     int `json:"rejected"`
	RejectedFits int `json:"rejectedFits"`
	// PodFits is, for each pod, how many nodes it fits on.
	PodFits []int `json:"podFits"`
}

// Pairs is how many pod × node pairs the workspace has.
func (w *Workspace) Pairs() int { return len(w.Pods) * len(w.Nodes) }

// OverLimit reports whether the workspace has more pairs than its limit
// (PairLimit, or MaxPairs), so that nothing is evaluated.
func (w *Workspace) OverLimit() bool { return w.Pairs() > w.pairLimit() }

// pairLimit is PairLimit, or MaxPairs when it is 0.
func (w *Workspace) pairLimit() int {
	if w.PairLimit > 0 {
		return w.PairLimit
	}
	return MaxPairs
}

// limitDiagnostic is the error Load adds to a workspace over its limit of
// pairs: it names the limit and what to do.
func limitDiagnostic(pods, nodes, limit int) core.Diagnostic {
	return core.Diagnostic{
		Severity: core.SeverityError,
		Code:     core.CodeLimit,
		Message: fmt.Sprintf("%s pods × %s nodes make %s pairs, more than the %s one evaluation covers, so no verdict was computed. "+
			"Remove or filter pods or nodes (kubectl get -l <selector>, or one namespace or node pool at a time), "+
			"or ask a cluster-wide question in the what-if panel (What if I run…), which answers in counts and lists, not pair by pair.",
			thousands(pods), thousands(nodes), thousands(pods*nodes), thousands(limit)),
	}
}

// EvaluateWindow computes the verdict of every pod on every node within the
// budget:
//
//  1. Over MaxPairs, nothing is evaluated: the report has the objects, the
//     diagnostics (the limit's among them), Counts.Pairs and no cells.
//  2. Up to FullReportPairs, Cells holds every pair, pod-major, and Window is nil.
//  3. Between the two, every pair is evaluated one pod's row at a time (the
//     PreferNoSchedule score is normalized across the row) and counted, but
//     Cells keeps only the window's cells, pod-major, followed by the running
//     cells outside it (at most one per pod); Window says which window.
func (w *Workspace) EvaluateWindow(win Window) *Report {
	return w.evaluateWithin(win, w.Pairs() <= FullReportPairs)
}

// EvaluatePage is EvaluateWindow for a page that shows the matrix one window
// at a time, as the playground does: the report holds every cell only when
// the window covers the whole matrix, and otherwise, whatever the size, the
// window's cells and the running cells, with counts over every pair. 500
// nodes × 50 pods then cross to the page as 2,000 cells, about 0.4 MB of
// JSON, rather than 25,000 (5 MB) of which the page shows 2,000.
func (w *Workspace) EvaluatePage(win Window) *Report {
	clipped := w.clip(win)
	return w.evaluateWithin(win, clipped.Pods >= len(w.Pods) && clipped.Nodes >= len(w.Nodes))
}

// evaluateWithin evaluates every pair within the budget; full says whether
// the report holds every cell or only the window's and the running ones.
func (w *Workspace) evaluateWithin(win Window, full bool) *Report {
	report := &Report{
		Kubernetes:  core.KubernetesVersion,
		Options:     w.Options,
		Nodes:       w.Nodes,
		Pods:        w.Pods,
		Cells:       []Cell{},
		Diagnostics: w.Diagnostics,
		Counts:      Counts{Pairs: w.Pairs(), PodFits: make([]int, len(w.Pods))},
	}
	if w.OverLimit() {
		report.OverLimit = true
		report.Counts.PodFits = []int{}
		return report
	}
	width := len(w.Nodes)
	var row, running []Cell
	if full {
		report.Cells = make([]Cell, w.Pairs())
	} else {
		win = w.clip(win)
		report.Window = &win
		row = make([]Cell, width)
		// Room for the running cells outside the window, about one per pod
		// with spec.nodeName, so that collecting them copies nothing.
		bound := 0
		for p := range w.Pods {
			if w.Pods[p].NodeName != "" {
				bound++
			}
		}
		running = make([]Cell, 0, bound)
		report.Cells = make([]Cell, 0, win.Pods*win.Nodes+bound)
	}
	rows := w.newRowEvaluator()
	for p := range w.Pods {
		if full {
			row = report.Cells[p*width : (p+1)*width]
			report.Counts.add(w, p, width, rows.evaluate(p, row))
			continue
		}
		// Only the window's cells are kept, so only they are filled, and the
		// running ones: the page's countdown follows every running pod,
		// wherever the matrix is.
		from, to := 0, 0
		inRows := p >= win.Pod && p < win.Pod+win.Pods
		if inRows {
			from, to = win.Node, win.Node+win.Nodes
		}
		report.Counts.add(w, p, width, rows.evaluateColumns(p, row, from, to))
		report.Cells = append(report.Cells, row[from:to]...)
		for _, n := range rows.running {
			if n < from || n >= to {
				running = append(running, row[n])
			}
		}
	}
	report.Cells = append(report.Cells, running...)
	if w.HasDevices() {
		in := w.DeviceInput(w.Now)
		report.Devices, report.DeviceRules = DeviceVerdicts(in), DeviceRuleStatuses(in)
	}
	return report
}

// add counts one pod's row of width nodes from what evaluate tallied.
func (c *Counts) add(w *Workspace, p, width int, tally rowTally) {
	c.Fits += tally.fits
	c.PodFits[p] += tally.fits
	c.Running += tally.running
	if len(w.Pods[p].Rejected) > 0 {
		c.Rejected += width
		c.RejectedFits += tally.fits
		return
	}
	c.Rejected += tally.rejected
	c.RejectedFits += tally.rejectedFits
}

// Cells evaluates the window's cells, pod-major, for a page that shows a
// windowed report one page at a time. It evaluates the window's pods' whole
// rows, since scores are normalized across nodes, and returns the window as
// clipped to the workspace. Its work is bounded by the window, not by the
// workspace: it serves a workspace over MaxPairs too, as Explain does.
func (w *Workspace) Cells(win Window) (Window, []Cell) {
	win = w.clip(win)
	cells := make([]Cell, 0, win.Pods*win.Nodes)
	row := make([]Cell, len(w.Nodes))
	rows := w.newRowEvaluator()
	for p := win.Pod; p < win.Pod+win.Pods; p++ {
		rows.evaluateColumns(p, row, win.Node, win.Node+win.Nodes)
		cells = append(cells, row[win.Node:win.Node+win.Nodes]...)
	}
	return win, cells
}

// clip moves the window inside the workspace and bounds it: at least one pod
// and one node when there are any, at most MaxWindowCells cells, and at most
// MaxPairs pairs evaluated for its rows.
func (w *Workspace) clip(win Window) Window {
	clamp := func(v, low, high int) int { return max(low, min(v, high)) }
	win.Nodes = clamp(win.Nodes, min(1, len(w.Nodes)), min(len(w.Nodes), MaxWindowCells))
	rows := len(w.Pods)
	if win.Nodes > 0 {
		rows = min(rows, max(1, MaxWindowCells/win.Nodes), max(1, MaxPairs/len(w.Nodes)))
	}
	win.Pods = clamp(win.Pods, min(1, len(w.Pods)), rows)
	win.Pod = clamp(win.Pod, 0, len(w.Pods)-win.Pods)
	win.Node = clamp(win.Node, 0, len(w.Nodes)-win.Nodes)
	return win
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
