package examples

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestAll checks what the gallery needs from every file: a title, a group,
// an explanation of 2–5 sentences, something to check, and a place of its own
// in the gallery order.
func TestAll(t *testing.T) {
	scenarios, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(scenarios) < 15 {
		t.Errorf("got %d scenarios, want at least 15", len(scenarios))
	}
	for i, s := range scenarios {
		t.Run(s.Slug, func(t *testing.T) {
			if s.Title == "" || s.Nodes == "" || s.Pods == "" {
				t.Errorf("title, nodes and pods are required; got title %q, %d bytes of nodes, %d bytes of pods", s.Title, len(s.Nodes), len(s.Pods))
			}
			if n := sentences(s.Explanation); n < 2 || n > 5 {
				t.Errorf("explanation has %d sentences, want 2 to 5: %q", n, s.Explanation)
			}
			if len(s.Expect.Cells)+len(s.Expect.Timeline)+len(s.Expect.Added)+len(s.Expect.Errors)+len(s.Expect.Devices) == 0 {
				t.Error("expect holds no cell, timeline entry, added toleration, error or device verdict")
			}
			if s.Until > 0 && len(s.Expect.Timeline) == 0 {
				t.Error("until is set, so expect.timeline must list the entries")
			}
			if i == 0 {
				return
			}
			prev := scenarios[i-1]
			if gi, gp := slices.Index(Groups, s.Group), slices.Index(Groups, prev.Group); gi < gp || (gi == gp && s.Order <= prev.Order) {
				t.Errorf("comes after %s (%s, order %d) with group %s, order %d: want groups in Groups order and orders unique and increasing within a group",
					prev.Slug, prev.Group, prev.Order, s.Group, s.Order)
			}
		})
	}
}

// TestTags checks that the gallery's tag filters cover it: every scenario
// has a tag, from the known set (parse refuses others), and every tag of the
// set is on some scenario, so no chip filters to nothing.
func TestTags(t *testing.T) {
	scenarios, err := All()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]int{}
	for _, s := range scenarios {
		if len(s.Tags) == 0 {
			t.Errorf("%s has no tag; want one or more of %v", s.Slug, Tags)
		}
		for _, tag := range s.Tags {
			if !slices.Contains(Tags, tag) {
				t.Errorf("%s: tag %q is not one of %v", s.Slug, tag, Tags)
			}
			used[tag]++
		}
	}
	for _, tag := range Tags {
		if used[tag] == 0 {
			t.Errorf("no scenario has the tag %q", tag)
		}
	}
}

// sentences counts the sentences of a plain-prose explanation.
func sentences(text string) int {
	text = strings.TrimSpace(text)
	n := 0
	for i, r := range text {
		if strings.ContainsRune(".!?", r) && (i == len(text)-1 || text[i+1] == ' ' || text[i+1] == '\n') {
			n++
		}
	}
	return n
}

// TestScenarios evaluates every scenario with the engine and compares the
// verdicts with the ones its file expects.
func TestScenarios(t *testing.T) {
	scenarios, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		t.Run(s.Slug, func(t *testing.T) {
			ws := engine.Load(s.Nodes, s.Pods, s.Settings)
			report := ws.Evaluate()
			checkDiagnostics(t, report.Diagnostics, &s.Expect)
			checkCells(t, ws, report, s.Expect.Cells)
			checkAdded(t, ws, s.Expect.Added)
			checkDevices(t, ws, report, &s.Expect)
			if s.Until > 0 {
				checkTimeline(t, ws, &s)
			}
		})
	}
}

// checkDiagnostics compares every error, and every warning when the file
// lists them.
func checkDiagnostics(t *testing.T, diagnostics []core.Diagnostic, expect *Expect) {
	t.Helper()
	check := func(severity string, want []DiagnosticExpectation) {
		var got []DiagnosticExpectation
		var messages []string
		for _, d := range diagnostics {
			if d.Severity != severity {
				continue
			}
			got = append(got, DiagnosticExpectation{Code: d.Code, Editor: d.Source.Editor, Line: d.Source.Line, Field: d.Source.Field})
			messages = append(messages, fmt.Sprintf("%s:%d: %s", d.Source.Editor, d.Source.Line, d.Message))
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%ss (-want +got):\n%s\nthe %ss: %s", severity, diff, severity, strings.Join(messages, "\n"))
		}
	}
	check(core.SeverityError, expect.Errors)
	if expect.Warnings != nil {
		check(core.SeverityWarning, *expect.Warnings)
	}
}

// checkCells compares each expected pod/node verdict with the report's cell,
// field by field for the fields the file sets.
func checkCells(t *testing.T, ws *engine.Workspace, report *engine.Report, cells []CellExpectation) {
	t.Helper()
	for _, want := range cells {
		p, err := podIndex(ws, want.Pod)
		if err != nil {
			t.Errorf("cell %s/%s: %v", want.Pod, want.Node, err)
			continue
		}
		n := slices.IndexFunc(report.Nodes, func(node core.Node) bool { return node.Name == want.Node })
		if n < 0 {
			t.Errorf("cell %s/%s: no node is named %q", want.Pod, want.Node, want.Node)
			continue
		}
		got := observedCell(&want, &report.Cells[p*len(report.Nodes)+n], &report.Nodes[n])
		if diff := cmp.Diff(want, got); diff != "" {
			detail, _ := ws.Explain(p, n)
			t.Errorf("pod %s on node %s (-want +got):\n%s\nengine: %s", want.Pod, want.Node, diff, detail.Reason)
		}
	}
}

// observedCell is the cell in the expectation's shape, with only the fields
// the expectation sets.
func observedCell(want *CellExpectation, cell *engine.Cell, node *core.Node) CellExpectation {
	got := CellExpectation{Pod: want.Pod, Node: want.Node}
	if want.Fits != nil {
		got.Fits = &cell.Fits
	}
	if want.Taints != "" {
		got.Taints = cell.Taints
	}
	if want.BlockedBy != nil {
		blockedBy := ""
		if cell.BlockedBy >= 0 {
			blockedBy = node.Taints[cell.BlockedBy].String()
		}
		got.BlockedBy = &blockedBy
	}
	if want.Unschedulable != nil {
		got.Unschedulable = &cell.Unschedulable
	}
	if want.Message != nil {
		got.Message = &cell.Message
	}
	if want.Score != nil {
		got.Score = &cell.Score
	}
	if want.Eviction != nil && cell.Eviction != nil {
		got.Eviction = &EvictionExpectation{Kind: cell.Eviction.Kind, Seconds: cell.Eviction.Seconds}
	}
	return got
}

// checkAdded compares, for each pod the file names, the tolerations a
// controller or an admission plugin added or rewrote.
func checkAdded(t *testing.T, ws *engine.Workspace, added map[string][]TolerationExpectation) {
	t.Helper()
	names := make([]string, 0, len(added))
	for name := range added {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p, err := podIndex(ws, name)
		if err != nil {
			t.Errorf("added: %v", err)
			continue
		}
		var got []TolerationExpectation
		for _, tol := range ws.Pods[p].Tolerations {
			if tol.AddedBy != "" {
				got = append(got, TolerationExpectation{Key: tol.Key, Operator: string(tol.Operator), Value: tol.Value,
					Effect: string(tol.Effect), TolerationSeconds: tol.TolerationSeconds, AddedBy: tol.AddedBy})
			}
		}
		if diff := cmp.Diff(added[name], got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("tolerations added to pod %s (-want +got):\n%s", name, diff)
		}
	}
}

// checkTimeline simulates the scenario's events and compares every entry; an
// event the engine could not apply is a failure too.
func checkTimeline(t *testing.T, ws *engine.Workspace, s *Scenario) {
	t.Helper()
	timeline := ws.Simulate(s.Events, s.Until)
	for _, ignored := range timeline.Ignored {
		t.Errorf("the engine ignored an event: %s", ignored.Reason)
	}
	var got []TimelineExpectation
	var reasons []string
	for _, e := range timeline.Entries {
		got = append(got, TimelineExpectation{At: e.At, Kind: e.Kind, Pod: ws.Pods[e.Pod].Name, Deadline: e.Deadline})
		reasons = append(reasons, fmt.Sprintf("%g s %s %s: %s", e.At, e.Kind, ws.Pods[e.Pod].Name, e.Reason))
	}
	if diff := cmp.Diff(s.Expect.Timeline, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("timeline (-want +got):\n%s\nthe engine's entries:\n%s", diff, strings.Join(reasons, "\n"))
	}
}
