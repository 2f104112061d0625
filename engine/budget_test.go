package engine

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// everyRow evaluates every pair of w, one pod's row at a time, as the
// reference the budgeted reports are checked against.
func everyRow(w *Workspace) [][]Cell {
	rows := make([][]Cell, len(w.Pods))
	for p := range w.Pods {
		rows[p] = make([]Cell, len(w.Nodes))
		w.newRowEvaluator().evaluate(p, rows[p])
	}
	return rows
}

// countRows is Counts computed from every row, the slow obvious way.
func countRows(w *Workspace, rows [][]Cell) Counts {
	c := Counts{Pairs: w.Pairs(), PodFits: make([]int, len(w.Pods))}
	for p, row := range rows {
		for n, cell := range row {
			rejected := len(w.Pods[p].Rejected) > 0 || len(w.Nodes[n].Rejected) > 0
			if cell.Fits {
				c.Fits++
				c.PodFits[p]++
			}
			if rejected {
				c.Rejected++
			}
			if rejected && cell.Fits {
				c.RejectedFits++
			}
			if cell.Running {
				c.Running++
			}
		}
	}
	return c
}

// TestEvaluateWindow checks the windowed report against every row: the
// counts over every pair, the window's cells in pod-major order, then every
// running cell outside the window; and that a row reused for another pod
// keeps nothing of the last (a running cell's eviction, say).
func TestEvaluateWindow(t *testing.T) {
	w := GenerateWorkspace(300, 120, 3) // 36,000 pairs: over FullReportPairs
	w.Pods[4].Rejected = []string{"spec.tolerations[0].operator: Unsupported value"}
	w.Nodes[7].Rejected = []string{"spec.taints[0].effect: Required value"}
	rows := everyRow(w)
	tests := []struct {
		name   string
		window Window
		want   Window
	}{
		{"first page", FirstWindow, Window{Pod: 0, Node: 0, Pods: 50, Nodes: 40}},
		{"a page in the middle", Window{Pod: 50, Node: 120, Pods: 50, Nodes: 40}, Window{Pod: 50, Node: 120, Pods: 50, Nodes: 40}},
		{"the last page is moved inside", Window{Pod: 100, Node: 280, Pods: 50, Nodes: 40}, Window{Pod: 70, Node: 260, Pods: 50, Nodes: 40}},
		{"a window too large is cut to MaxWindowCells", Window{Pods: 120, Nodes: 300}, Window{Pods: 33, Nodes: 300}},
		{"an empty window gets one cell", Window{Pod: -5, Node: -1}, Window{Pods: 1, Nodes: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			report := w.EvaluateWindow(tc.window)
			if report.Window == nil {
				t.Fatal("a report of 36,000 pairs has no window")
			}
			if diff := cmp.Diff(tc.want, *report.Window); diff != "" {
				t.Errorf("window (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(countRows(w, rows), report.Counts); diff != "" {
				t.Errorf("counts (-every row +report):\n%s", diff)
			}
			var want []Cell
			win := tc.want
			for p := win.Pod; p < win.Pod+win.Pods; p++ {
				want = append(want, rows[p][win.Node:win.Node+win.Nodes]...)
			}
			for p, row := range rows {
				for n, cell := range row {
					inWindow := p >= win.Pod && p < win.Pod+win.Pods && n >= win.Node && n < win.Node+win.Nodes
					if cell.Running && !inWindow {
						want = append(want, cell)
					}
				}
			}
			if diff := cmp.Diff(want, report.Cells); diff != "" {
				t.Errorf("cells (-every row +report):\n%s", diff)
			}
			_, page := w.Cells(tc.window)
			if diff := cmp.Diff(want[:win.Pods*win.Nodes], page); diff != "" {
				t.Errorf("Cells of the same window (-report +Cells):\n%s", diff)
			}
		})
	}
	if report := w.EvaluateWindow(FirstWindow); report.Counts.Running == 0 || report.Counts.Rejected == 0 {
		t.Errorf("the generated workspace should have running and rejected pairs: %+v", report.Counts)
	}
}

// TestEvaluateFullReport: up to FullReportPairs, the report holds every cell
// and no window.
func TestEvaluateFullReport(t *testing.T) {
	w := GenerateWorkspace(500, 50, 5) // exactly FullReportPairs
	report := w.Evaluate()
	if report.Window != nil || report.OverLimit {
		t.Fatalf("a report of %d pairs has window %v, over limit %v", w.Pairs(), report.Window, report.OverLimit)
	}
	rows := everyRow(w)
	var want []Cell
	for _, row := range rows {
		want = append(want, row...)
	}
	if diff := cmp.Diff(want, report.Cells); diff != "" {
		t.Errorf("cells (-every row +report):\n%s", diff)
	}
	if diff := cmp.Diff(countRows(w, rows), report.Counts); diff != "" {
		t.Errorf("counts (-every row +report):\n%s", diff)
	}
}

// TestEvaluatePage: the page's report holds every cell only when its window
// covers the matrix; otherwise the window's cells and the running ones, with
// the same counts as the full report, whatever the size.
func TestEvaluatePage(t *testing.T) {
	w := GenerateWorkspace(120, 60, 9) // 7,200 pairs: a full report for EvaluateWindow
	rows := everyRow(w)
	page := w.EvaluatePage(FirstWindow)
	if page.Window == nil || *page.Window != FirstWindow {
		t.Fatalf("the page's report of %d pairs has window %v, want %v", w.Pairs(), page.Window, FirstWindow)
	}
	var want []Cell
	for p := range rows {
		if p < FirstWindow.Pods {
			want = append(want, rows[p][:FirstWindow.Nodes]...)
		}
	}
	for p := range rows {
		for n := range rows[p] {
			if rows[p][n].Running && (p >= FirstWindow.Pods || n >= FirstWindow.Nodes) {
				want = append(want, rows[p][n])
			}
		}
	}
	if diff := cmp.Diff(want, page.Cells); diff != "" {
		t.Errorf("cells (-window of every row +page):\n%s", diff)
	}
	if diff := cmp.Diff(countRows(w, rows), page.Counts); diff != "" {
		t.Errorf("counts (-every row +page):\n%s", diff)
	}
	whole := w.EvaluatePage(Window{Pods: len(w.Pods), Nodes: len(w.Nodes)})
	if whole.Window != nil || len(whole.Cells) != w.Pairs() {
		t.Errorf("a window over the whole matrix gives window %v and %d cells, want none and %d", whole.Window, len(whole.Cells), w.Pairs())
	}
}

// TestOverLimitEvaluatesNothing: above MaxPairs, Load adds the limit's error,
// and EvaluateWindow returns the objects and diagnostics without touching a
// pair: a handful of allocations, no cells.
func TestOverLimitEvaluatesNothing(t *testing.T) {
	var nodes, pods strings.Builder
	for i := range 1001 {
		nodes.WriteString("---\n{kind: Node, metadata: {name: node-" + strconv.Itoa(i) + "}}\n")
	}
	for i := range 1000 {
		pods.WriteString("---\n{kind: Pod, metadata: {name: pod-" + strconv.Itoa(i) + "}, spec: {containers: [{name: c, image: i}]}}\n")
	}
	w := Load(nodes.String(), pods.String(), core.DefaultOptions())
	if len(w.Nodes) != 1001 || len(w.Pods) != 1000 {
		t.Fatalf("read %d nodes and %d pods, want 1001 and 1000; diagnostics %v", len(w.Nodes), len(w.Pods), w.Diagnostics)
	}
	want := core.Diagnostic{Severity: core.SeverityError, Code: "limit", Message: "1,000 pods × 1,001 nodes make 1,001,000 pairs, more than the 1,000,000 one evaluation covers, so no verdict was computed. " +
		"Remove or filter pods or nodes (kubectl get -l <selector>, or one namespace or node pool at a time), " +
		"or ask a cluster-wide question in the what-if panel (What if I run…), which answers in counts and lists, not pair by pair."}
	if diff := cmp.Diff([]core.Diagnostic{want}, w.Diagnostics); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	report := w.Evaluate()
	if !report.OverLimit || len(report.Cells) != 0 || report.Counts.Pairs != 1_001_000 || report.Counts.Fits != 0 {
		t.Errorf("over the limit: overLimit %v, %d cells, counts %+v; want true, none, only pairs", report.OverLimit, len(report.Cells), report.Counts)
	}
	if allocs := testing.AllocsPerRun(3, func() { w.Evaluate() }); allocs > 3 {
		t.Errorf("Evaluate over the limit allocates %v times, want at most 3: it must do no work per pair", allocs)
	}
	if _, err := w.Explain(999, 1000); err != nil {
		t.Errorf("Explain over the limit: %v", err)
	}
}

// TestWindowedMemory: evaluating MaxPairs pairs keeps one row, not a million
// cells. The bytes allocated are compared with what a full report's cells
// alone would take.
func TestWindowedMemory(t *testing.T) {
	w := GenerateWorkspace(1000, 1000, 9)
	if w.Pairs() != MaxPairs {
		t.Fatalf("%d pairs, want MaxPairs", w.Pairs())
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	report := w.Evaluate()
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	full := uint64(MaxPairs) * uint64(unsafe.Sizeof(Cell{}))
	if allocated > full/20 {
		t.Errorf("a windowed evaluation of %d pairs allocated %d bytes; every cell would be %d", MaxPairs, allocated, full)
	}
	if report.Counts.Pairs != MaxPairs || len(report.Cells) > FirstWindow.Pods*FirstWindow.Nodes+len(w.Pods) {
		t.Errorf("counts %d pairs and %d cells", report.Counts.Pairs, len(report.Cells))
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1_000_000: "1,000,000", -12345: "-12,345"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
