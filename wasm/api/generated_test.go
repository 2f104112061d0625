package api

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples/generated"
)

// callValue calls an export and unmarshals its value, failing the test on an error.
func callValue[T any](t *testing.T, fn Func, arg string) T {
	t.Helper()
	value, callErr := call(t, fn, arg)
	if callErr != nil {
		t.Fatal(callErr)
	}
	var got T
	if err := json.Unmarshal(value, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestLoadGeneratedSummarizesTheCluster(t *testing.T) {
	var s Session
	spec := generated.Spec{Nodes: 200, PodsPerNode: 30, Seed: 5}
	got := callValue[GeneratedSummary](t, s.export("loadGenerated"), `{"nodes": 200, "podsPerNode": 30, "seed": 5}`)
	w := generated.Cluster(spec)
	want := GeneratedSummary{Nodes: 200, Pods: len(w.Pods), Running: 6000, Pending: len(w.Pods) - 6000}
	for _, node := range w.Nodes {
		if node.Unschedulable {
			want.Cordoned++
		}
	}
	pools := 0
	for _, p := range got.Pools {
		pools += p.Nodes
	}
	if pools != 200 || len(got.Pools) != len(generated.Pools) {
		t.Errorf("pools %+v do not add up to the 200 nodes of %d pools", got.Pools, len(generated.Pools))
	}
	if got.HeapInuse == 0 || got.Sys < got.HeapInuse {
		t.Errorf("heap in use %d and sys %d", got.HeapInuse, got.Sys)
	}
	got.Pools, got.HeapInuse, got.Sys, got.Milliseconds = nil, 0, 0, 0
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
}

func TestGeneratedArgumentErrors(t *testing.T) {
	var s Session
	for _, tc := range []struct {
		name string
		fn   Func
		arg  string
		want *Error
	}{
		{name: "what-if before a load", fn: s.export("whatIfGenerated"), arg: `{"command": "kubectl taint nodes --all a=b:NoSchedule"}`,
			want: &Error{Message: "whatIfGenerated: call loadGenerated first"}},
		{name: "items before a what-if", fn: s.export("whatIfItems"), arg: `{"list": "nodes", "limit": 1}`,
			want: &Error{Message: "whatIfItems: call whatIf or whatIfGenerated first"}},
		{name: "too many nodes", fn: s.export("loadGenerated"), arg: `{"nodes": 5001, "podsPerNode": 30}`,
			want: &Error{Message: "loadGenerated: nodes: 5001 is not between 1 and 5000", Field: "nodes"}},
		{name: "too many pods per node", fn: s.export("loadGenerated"), arg: `{"nodes": 10, "podsPerNode": 1000}`,
			want: &Error{Message: "loadGenerated: podsPerNode: 1000 is not between 0 and 110", Field: "podsPerNode"}},
		{name: "a misspelt argument", fn: s.export("loadGenerated"), arg: `{"node": 10}`,
			want: &Error{Message: `loadGenerated: unknown argument "node"`, Field: "node"}},
		{name: "a limit past the page size", fn: s.export("whatIfGenerated"), arg: `{"command": "x", "limit": 1001}`,
			want: &Error{Message: "whatIfGenerated: limit 1001 is not between 0 and 1000", Field: "limit"}},
		{name: "a negative offset", fn: s.export("whatIfItems"), arg: `{"list": "stay", "offset": -1}`,
			want: &Error{Message: "whatIfItems: offset -1 is negative", Field: "offset"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, got := call(t, tc.fn, tc.arg)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWhatIfGeneratedPagesTheRadius checks the view and its pages against the
// engine's own BlastRadius on the same generated cluster.
func TestWhatIfGeneratedPagesTheRadius(t *testing.T) {
	var s Session
	const command = "kubectl taint nodes -l pool=gpu nvidia.com/gpu=present:NoExecute"
	if _, err := call(t, s.export("loadGenerated"), `{"nodes": 300, "podsPerNode": 20, "seed": 9}`); err != nil {
		t.Fatal(err)
	}
	w := generated.Cluster(generated.Spec{Nodes: 300, PodsPerNode: 20, Seed: 9})
	radius, err := w.WhatIf(command)
	if err != nil {
		t.Fatal(err)
	}
	view := callValue[RadiusView](t, s.export("whatIfGenerated"), fmt.Sprintf(`{"command": %q, "limit": 3}`, command))
	wantCounts := map[string]int{"errors": 0, "nodes": len(radius.Nodes), "evictedNow": len(radius.EvictedNow),
		"evictedLater": len(radius.EvictedLater), "stay": len(radius.Stay),
		"noLongerSchedulable": len(radius.NoLongerSchedulable), "newlySchedulable": len(radius.NewlySchedulable)}
	if diff := cmp.Diff(wantCounts, view.Counts); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	if len(radius.EvictedNow) < 10 || len(view.Lists["evictedNow"]) != 3 {
		t.Fatalf("%d evicted now, %d in the view's first page", len(radius.EvictedNow), len(view.Lists["evictedNow"]))
	}
	// Page through every pod evicted now, 7 at a time, and compare names.
	var got []string
	for offset := 0; offset < view.Counts["evictedNow"]+7; offset += 7 {
		arg := fmt.Sprintf(`{"list": "evictedNow", "offset": %d, "limit": 7}`, offset)
		page := callValue[struct {
			Total int            `json:"total"`
			Items []EvictionItem `json:"items"`
		}](t, s.export("whatIfItems"), arg)
		if page.Total != len(radius.EvictedNow) {
			t.Fatalf("page at %d has total %d", offset, page.Total)
		}
		for _, item := range page.Items {
			if item.Kind != tainteviction.EvictNow {
				t.Errorf("%s is in evictedNow with kind %s", item.Pod, item.Kind)
			}
			got = append(got, item.Pod+" on "+item.Node)
		}
	}
	var want []string
	for _, e := range radius.EvictedNow {
		want = append(want, w.Pods[e.Pod].Namespace+"/"+w.Pods[e.Pod].Name+" on "+w.Nodes[e.Node].Name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("evicted now, paged (-engine +pages):\n%s", diff)
	}
	_, callErr := call(t, s.export("whatIfItems"), `{"list": "evicted", "limit": 1}`)
	wantErr := &Error{Message: `whatIfItems: list "evicted" is not one of errors, nodes, evictedNow, evictedLater, stay, noLongerSchedulable, newlySchedulable`, Field: "list"}
	if diff := cmp.Diff(wantErr, callErr); diff != "" {
		t.Errorf("unknown list (-want +got):\n%s", diff)
	}
}

// TestEvaluateDropsTheGeneratedCluster checks that editing the editors frees
// the generated cluster, and that its what-if never used the editors'.
func TestEvaluateDropsTheGeneratedCluster(t *testing.T) {
	var s Session
	if _, err := call(t, s.export("loadGenerated"), `{"nodes": 10, "podsPerNode": 5}`); err != nil {
		t.Fatal(err)
	}
	if _, err := call(t, s.export("whatIf"), `{"command": "kubectl taint nodes --all a=b:NoSchedule"}`); err == nil || err.Message != "whatIf: call evaluate first" {
		t.Errorf("whatIf on the editors' cluster before any evaluate: %v", err)
	}
	if _, err := call(t, s.export("evaluate"), `{"nodes": "", "pods": ""}`); err != nil {
		t.Fatal(err)
	}
	if _, err := call(t, s.export("whatIfGenerated"), `{"command": "kubectl taint nodes --all a=b:NoSchedule"}`); err == nil || err.Message != "whatIfGenerated: call loadGenerated first" {
		t.Errorf("whatIfGenerated after evaluate: %v", err)
	}
}
