package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestRejectedPodsAreNotJudged: a pod the API server would refuse is
// counted as rejected, never as schedulable, in Verdicts, and the blast
// radius of a command lists it as not judged instead of newly schedulable.
func TestRejectedPodsAreNotJudged(t *testing.T) {
	const nodes = "kind: Node\nmetadata: {name: n1}\nspec:\n  taints: [{key: a, effect: NoSchedule}]\n"
	const pods = "kind: Pod\nmetadata: {name: bad}\nspec:\n  tolerations: [{key: a, operator: Exits}]\n" +
		"---\nkind: Pod\nmetadata: {name: good}\n"
	w := Load(nodes, pods, core.DefaultOptions())
	radius, err := w.WhatIf("kubectl taint nodes n1 a:NoSchedule-")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{1}, radius.NewlySchedulable); diff != "" {
		t.Errorf("newly schedulable (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{0}, radius.NotJudged); diff != "" {
		t.Errorf("not judged (-want +got):\n%s", diff)
	}
	after := Load("kind: Node\nmetadata: {name: n1}\n", pods, core.DefaultOptions()).Verdicts()
	want := VerdictSummary{Pods: 2, Nodes: 1, Schedulable: 1, Rejected: 1, Errors: 1, Warnings: after.Summary.Warnings}
	if diff := cmp.Diff(want, after.Summary); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if got := after.Pods[0]; got.Verdict != VerdictRejected || got.AsRead != VerdictSchedulable {
		t.Errorf("pod bad: verdict %q as read %q, want rejected, as read schedulable", got.Verdict, got.AsRead)
	}
}
