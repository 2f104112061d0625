package api

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/engine"
)

// workspaceText is nodes one-line nodes and pods pods, every third pod
// running on a node, as the two editors' text.
func workspaceText(nodes, pods int) (nodesText, podsText string) {
	var n, p strings.Builder
	for i := range nodes {
		fmt.Fprintf(&n, "---\n{kind: Node, metadata: {name: node-%d}, spec: {taints: [{key: k%d, effect: NoSchedule}]}}\n", i, i%3)
	}
	for i := range pods {
		bound := ""
		if i%3 == 0 {
			bound = fmt.Sprintf("nodeName: node-%d, ", i%nodes)
		}
		fmt.Fprintf(&p, "---\n{kind: Pod, metadata: {name: pod-%d}, spec: {%scontainers: [{name: c, image: i}], tolerations: [{key: k%d, operator: Exists, effect: NoSchedule}]}}\n", i, bound, i%2)
	}
	return n.String(), p.String()
}

// evaluateArg is evaluate's argument for the text and a window.
func evaluateArg(t *testing.T, nodes, pods string, window *engine.Window) string {
	t.Helper()
	arg := map[string]any{"nodes": nodes, "pods": pods}
	if window != nil {
		arg["window"] = window
	}
	data, err := json.Marshal(arg)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestEvaluateWithinTheBudget: the largest workspace allowed crosses the
// bridge as its objects, counts, one window and the running cells, a few MB
// and not a million cells; one pair more crosses no cell at all.
func TestEvaluateWithinTheBudget(t *testing.T) {
	nodes, pods := workspaceText(1000, 1000)
	var s Session
	answer := Respond(s.Call("evaluate", []byte(evaluateArg(t, nodes, pods, nil))))
	var env struct {
		Value engine.Report `json:"value"`
	}
	if err := json.Unmarshal(answer, &env); err != nil {
		t.Fatal(err)
	}
	report := env.Value
	if report.Counts.Pairs != engine.MaxPairs || report.Window == nil || *report.Window != engine.FirstWindow {
		t.Fatalf("counts %d pairs, window %v; want MaxPairs and the first window", report.Counts.Pairs, report.Window)
	}
	// Node n is tainted k(n%3), pod p tolerates k(p%2) and every third pod
	// is bound to node p%1000 by spec.nodeName.
	fits := 0
	for p := range 1000 {
		for n := range 1000 {
			if n%3 == p%2 && (p%3 != 0 || n == p%1000) {
				fits++
			}
		}
	}
	if report.Counts.Fits != fits {
		t.Errorf("counts %d fits, want %d", report.Counts.Fits, fits)
	}
	if want := 334; report.Counts.Running != want {
		t.Errorf("counts %d running, want %d", report.Counts.Running, want)
	}
	// The objects themselves take about 1.4 MB; every cell would take 170 MB.
	cells, err := json.Marshal(report.Cells)
	if err != nil {
		t.Fatal(err)
	}
	if limit := 4 << 20; len(answer) > limit || len(cells) > limit/4 {
		t.Errorf("the answer for %d pairs is %d bytes, its cells %d; want at most %d and %d", engine.MaxPairs, len(answer), len(cells), limit, limit/4)
	}
	// Of the 334 running pods, the 14 bound to nodes 0, 3, …, 39 run inside
	// the first window (pods 0–49 × nodes 0–39); pods 42, 45 and 48 are in
	// its rows but run outside its columns, so their cells come after it.
	if want := 50*40 + 334 - 14; len(report.Cells) != want {
		t.Errorf("%d cells, want the window's 2,000 and the 320 running cells outside it", len(report.Cells))
	}

	node := "---\n{kind: Node, metadata: {name: one-more}}\n"
	pod := "---\n{kind: Pod, metadata: {name: one-more}, spec: {containers: [{name: c, image: i}]}}\n"
	over := Respond(s.Call("evaluate", []byte(evaluateArg(t, nodes+node, pods+pod, nil))))
	var overEnv struct {
		Value engine.Report `json:"value"`
	}
	if err := json.Unmarshal(over, &overEnv); err != nil {
		t.Fatal(err)
	}
	if !overEnv.Value.OverLimit || len(overEnv.Value.Cells) != 0 {
		t.Errorf("1,001 × 1,001: overLimit %v with %d cells", overEnv.Value.OverLimit, len(overEnv.Value.Cells))
	}
	if d := overEnv.Value.Diagnostics; len(d) != 1 || d[0].Code != "limit" || !strings.Contains(d[0].Message, "1,002,001 pairs") {
		t.Errorf("1,001 × 1,001: %d diagnostics, the first %v; want only the limit", len(d), d[0])
	}
}

// TestCells pages a windowed report: each page holds the window asked for,
// clipped to the workspace, with the cells explain gives for the same pairs.
func TestCells(t *testing.T) {
	var s Session
	if _, err := call(t, s.export("cells"), `{"pod": 0, "node": 0, "pods": 1, "nodes": 1}`); err == nil || err.Message != "cells: call evaluate first" {
		t.Errorf("cells before evaluate: %v", err)
	}
	nodes, pods := workspaceText(300, 100)
	if _, err := call(t, s.export("evaluate"), evaluateArg(t, nodes, pods, &engine.Window{Pod: 50, Node: 40, Pods: 50, Nodes: 40})); err != nil {
		t.Fatal(err)
	}
	value, callErr := call(t, s.export("cells"), `{"pod": 80, "node": 280, "pods": 50, "nodes": 40}`)
	if callErr != nil {
		t.Fatal(callErr)
	}
	var page CellsPage
	if err := json.Unmarshal(value, &page); err != nil {
		t.Fatal(err)
	}
	want := engine.Window{Pod: 50, Node: 260, Pods: 50, Nodes: 40}
	if diff := cmp.Diff(want, page.Window); diff != "" {
		t.Errorf("window (-want +got):\n%s", diff)
	}
	if len(page.Cells) != 2000 {
		t.Fatalf("%d cells, want 2,000", len(page.Cells))
	}
	for _, i := range []int{0, 777, 1999} {
		cell := page.Cells[i]
		if cell.Pod != want.Pod+i/40 || cell.Node != want.Node+i%40 {
			t.Errorf("cell %d is pod %d on node %d", i, cell.Pod, cell.Node)
		}
		detail, err := s.workspace.Explain(cell.Pod, cell.Node)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(detail.Cell, cell); diff != "" {
			t.Errorf("cell %d (-explain +cells):\n%s", i, diff)
		}
	}
}
