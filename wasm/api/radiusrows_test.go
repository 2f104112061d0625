package api

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples/generated"
)

// whatIfOnGenerated loads a small generated cluster in s, runs command on it
// and returns the engine's own rows of the same what-if.
func whatIfOnGenerated(t *testing.T, s *Session, command string) (*engine.Workspace, *engine.BlastRadius) {
	t.Helper()
	if _, err := call(t, s.export("loadGenerated"), `{"nodes": 200, "podsPerNode": 20, "seed": 4}`); err != nil {
		t.Fatal(err)
	}
	if _, err := call(t, s.export("whatIfGenerated"), fmt.Sprintf(`{"command": %q, "limit": 1}`, command)); err != nil {
		t.Fatal(err)
	}
	w := generated.Cluster(generated.Spec{Nodes: 200, PodsPerNode: 20, Seed: 4})
	radius, err := w.WhatIf(command)
	if err != nil {
		t.Fatal(err)
	}
	return w, radius
}

// TestWhatIfRowsPagesAndSorts pages through every row 150 at a time, in
// the radius's order and sorted by node (descending), and compares with the
// engine's rows.
func TestWhatIfRowsPagesAndSorts(t *testing.T) {
	var s Session
	w, radius := whatIfOnGenerated(t, &s, "kubectl taint nodes --all maintenance=now:NoExecute")
	want := w.Rows(radius)
	pages := func(sort string, descending bool) []engine.RadiusRow {
		var got []engine.RadiusRow
		for offset := 0; ; offset += 150 {
			page := callValue[RowsPage](t, s.export("whatIfRows"), fmt.Sprintf(`{"offset": %d, "limit": 150, "sort": %q, "descending": %v}`, offset, sort, descending))
			if page.Total != len(want) || page.Offset != offset {
				t.Fatalf("page at %d says offset %d, total %d; want %d rows", offset, page.Offset, page.Total, len(want))
			}
			if len(page.Rows) == 0 {
				return got
			}
			got = append(got, page.Rows...)
		}
	}
	if diff := cmp.Diff(want, pages("", false)); diff != "" {
		t.Errorf("rows in the radius's order (-engine +pages):\n%s", diff)
	}
	byNode := slices.Clone(want)
	slices.SortStableFunc(byNode, func(a, b engine.RadiusRow) int { return strings.Compare(b.Node, a.Node) })
	if diff := cmp.Diff(byNode, pages("node", true)); diff != "" {
		t.Errorf("rows by node, descending (-engine +pages):\n%s", diff)
	}
	when := callValue[RowsPage](t, s.export("whatIfRows"), `{"sort": "when", "limit": 1000}`)
	for i := 1; i < len(when.Rows); i++ {
		a, b := when.Rows[i-1].When, when.Rows[i].When
		if a == nil && b != nil || a != nil && b != nil && *a > *b {
			t.Fatalf("sorted by when, row %d (%v) comes before row %d (%v)", i-1, a, i, b)
		}
	}
}

// TestWhatIfDownload checks both downloads against the engine: the JSON is
// the text of its WhatIfReport as whatif -o json writes it
// (engine.WriteJSONDocument), the CSV its WriteRadiusCSV.
func TestWhatIfDownload(t *testing.T) {
	var s Session
	w, radius := whatIfOnGenerated(t, &s, "kubectl taint nodes -l pool=gpu nvidia.com/gpu=present:NoExecute")
	gotJSON := callValue[string](t, s.export("whatIfDownload"), `{"format": "json"}`)
	var wantJSON bytes.Buffer
	if err := engine.WriteJSONDocument(&wantJSON, w.WhatIfReport(radius)); err != nil {
		t.Fatal(err)
	}
	if gotJSON != wantJSON.String() {
		t.Errorf("the JSON download is not the engine's WhatIfReport (%d bytes, want %d)", len(gotJSON), wantJSON.Len())
	}
	csvText := callValue[string](t, s.export("whatIfDownload"), `{"format": "csv"}`)
	var wantCSV bytes.Buffer
	if err := engine.WriteRadiusCSV(&wantCSV, w.Rows(radius)); err != nil {
		t.Fatal(err)
	}
	if csvText != wantCSV.String() {
		t.Errorf("the CSV download differs from WriteRadiusCSV")
	}
	if lines := strings.Count(csvText, "\r\n"); lines != 1+len(w.Rows(radius)) {
		t.Errorf("the CSV has %d lines; want a header and %d rows", lines, len(w.Rows(radius)))
	}
}

// TestWhatIfRowsErrors names the wrong argument, and asks for a what-if first.
func TestWhatIfRowsErrors(t *testing.T) {
	var s Session
	for _, tc := range []struct {
		name string
		fn   Func
		arg  string
		want *Error
	}{
		{"rows before a what-if", s.export("whatIfRows"), `{}`, &Error{Message: "whatIfRows: call whatIf or whatIfGenerated first"}},
		{"a download before a what-if", s.export("whatIfDownload"), `{"format": "csv"}`, &Error{Message: "whatIfDownload: call whatIf or whatIfGenerated first"}},
		{"an unknown column", s.export("whatIfRows"), `{"sort": "age"}`, &Error{Message: `whatIfRows: sort "age" is not one of namespace, pod, node, pool, workload, outcome, when`, Field: "sort"}},
		{"a negative offset", s.export("whatIfRows"), `{"offset": -5}`, &Error{Message: "whatIfRows: offset -5 is negative", Field: "offset"}},
		{"a page past the limit", s.export("whatIfRows"), `{"limit": 5000}`, &Error{Message: "whatIfRows: limit 5000 is not between 0 and 1000", Field: "limit"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, got := call(t, tc.fn, tc.arg)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := call(t, s.export("evaluate"), `{"nodes": "kubectl taint nodes n1 a=b:NoSchedule", "pods": ""}`); err != nil {
		t.Fatal(err)
	}
	if _, err := call(t, s.export("whatIf"), `{"command": "kubectl taint nodes n1 a-"}`); err != nil {
		t.Fatal(err)
	}
	_, got := call(t, s.export("whatIfDownload"), `{"format": "xml"}`)
	if diff := cmp.Diff(&Error{Message: `whatIfDownload: format "xml" is not json or csv`, Field: "format"}, got); diff != "" {
		t.Errorf("an unknown format after the editors' what-if (-want +got):\n%s", diff)
	}
}
