package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestProblemCapPerEditor: the page caps each editor's problems on its
// own; past the cap one note, of the severity of what it hides, counts
// them, and a node whose error is hidden is still rejected.
func TestProblemCapPerEditor(t *testing.T) {
	var list strings.Builder
	list.WriteString("apiVersion: v1\nkind: List\nitems:\n")
	for i := range 1_001 {
		fmt.Fprintf(&list, "- {apiVersion: v1, kind: Pod, metadata: {name: p%d}}\n", i)
	}
	list.WriteString("- {apiVersion: v1, kind: Node, metadata: {name: n1}, spec: {unschedulabel: true}}\n")
	w := Load(list.String(), list.String(), core.DefaultOptions())
	if len(w.Nodes) != 1 || len(w.Nodes[0].Rejected) == 0 || len(w.Pods) != 1_001 {
		t.Fatalf("%d nodes (rejected: %q) and %d pods, want 1 rejected node and 1,001 pods", len(w.Nodes), w.Nodes[0].Rejected, len(w.Pods))
	}
	count := map[string]int{}
	var notes []string
	for _, d := range w.Diagnostics {
		count[d.Source.Editor]++
		if d.Code == core.CodeLimit {
			notes = append(notes, d.Source.Editor+" "+d.Severity+" "+d.Message)
		}
	}
	want := []string{"nodes error 2 more problems not shown: 1 warning, 1 error"}
	if diff := cmp.Diff(want, notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	if count[core.EditorNodes] != core.MaxProblemsShown+1 || count[core.EditorPods] != 1 {
		t.Errorf("%d diagnostics in Nodes and %d in Pods, want 1,001 (a note) and 1", count[core.EditorNodes], count[core.EditorPods])
	}
}

// TestProblemCapNoteIsAWarning: a cap that hides only warnings is a warning.
func TestProblemCapNoteIsAWarning(t *testing.T) {
	c := core.NewProblemCap()
	for i := range 1_234 + core.MaxProblemsShown {
		c.Admit(&core.Diagnostic{Severity: core.SeverityWarning, Source: core.Source{Editor: core.EditorPods, Line: i + 1}})
	}
	want := []core.Diagnostic{{Severity: core.SeverityWarning, Code: core.CodeLimit,
		Message: "1,234 more problems not shown: 1,234 warnings, 0 errors", Source: core.Source{Editor: core.EditorPods, Line: 1_001},
		Hidden: &core.HiddenProblems{Warnings: 1_234}}}
	if diff := cmp.Diff(want, c.Notes()); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
}
