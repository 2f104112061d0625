package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestVerdicts checks each verdict a pod can get, with the nodes and taints
// that decide it.
func TestVerdicts(t *testing.T) {
	nodes := `kubectl taint nodes tainted gpu=true:NoSchedule
kubectl taint nodes evicting maint=now:NoExecute
kubectl taint nodes plain other=x:PreferNoSchedule
`
	pods := `apiVersion: v1
kind: Pod
metadata: {name: anywhere, labels: {app: a}}
---
apiVersion: v1
kind: Pod
metadata: {name: nowhere}
spec: {nodeSelector: {pool: none}}
---
apiVersion: v1
kind: Pod
metadata: {name: now, namespace: ns}
spec: {nodeName: evicting}
---
apiVersion: v1
kind: Pod
metadata: {name: later}
spec:
  nodeName: evicting
  tolerations: [{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
---
apiVersion: v1
kind: Pod
metadata: {name: stays}
spec: {nodeName: plain}
---
apiVersion: v1
kind: Pod
metadata: {name: ghost}
spec: {nodeName: missing}
`
	v := Load(nodes, pods, core.DefaultOptions()).Verdicts()
	type got struct {
		Verdict string
		Fits    []string
		Blocked []Blocked
		Seconds int64
	}
	var gotPods []got
	for _, p := range v.Pods {
		g := got{Verdict: p.Verdict, Fits: p.Fits, Blocked: p.Blocked}
		if p.Eviction != nil {
			g.Seconds = p.Eviction.Seconds
		}
		gotPods = append(gotPods, g)
	}
	want := []got{
		{Verdict: VerdictSchedulable, Fits: []string{"plain"}, Blocked: []Blocked{
			{Node: "tainted", Message: "node(s) had untolerated taint(s)", Taint: 0},
			{Node: "evicting", Message: "node(s) had untolerated taint(s)", Taint: 0}}},
		{Verdict: VerdictUnschedulable, Blocked: []Blocked{
			{Node: "tainted", Message: "node(s) had untolerated taint(s)", Taint: 0},
			{Node: "evicting", Message: "node(s) had untolerated taint(s)", Taint: 0},
			{Node: "plain", Message: "node(s) didn't match Pod's node affinity/selector", Taint: -1}}},
		{Verdict: VerdictEvictedNow},
		{Verdict: VerdictEvictedLater, Seconds: 60},
		{Verdict: VerdictStays},
		{Verdict: VerdictUnknownNode},
	}
	if diff := cmp.Diff(want, gotPods); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	wantSummary := VerdictSummary{Pods: 6, Nodes: 3, Schedulable: 1, Unschedulable: 1, Stays: 1, EvictedNow: 1, EvictedLater: 1, UnknownNode: 1,
		Warnings: len(v.Diagnostics)}
	if diff := cmp.Diff(wantSummary, v.Summary); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}

	v.Select(func(p *PodVerdict) bool { return p.Labels["app"] == "a" })
	if len(v.Pods) != 1 || v.Pods[0].Name != "anywhere" || v.Summary.Pods != 1 || v.Summary.Schedulable != 1 || v.Summary.EvictedNow != 0 {
		t.Errorf("after Select: pods %+v, summary %+v", v.Pods, v.Summary)
	}
}

// TestVerdictsNotAdmitted: a pod bound by nodeName that stays but that the
// kubelet refuses (its node affinity does not match).
func TestVerdictsNotAdmitted(t *testing.T) {
	v := Load("kubectl taint nodes n1 a=b:NoSchedule\n", `apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {nodeName: n1, nodeSelector: {pool: gpu}}
`, core.DefaultOptions()).Verdicts()
	if got := v.Pods[0]; got.Verdict != VerdictNotAdmitted || got.Kubelet == nil || got.Kubelet.Reason == "" {
		t.Errorf("got %+v, want not-admitted with the kubelet's reason", got)
	}
}

// TestVerdictsRowByRow: Workspace.Verdicts, which evaluates one pod's row at
// a time reusing the row, gives what a full report gives.
func TestVerdictsRowByRow(t *testing.T) {
	w := GenerateWorkspace(230, 100, 7)
	if w.Pairs() > FullReportPairs {
		t.Fatalf("the workspace needs a full report to compare with: %d pairs", w.Pairs())
	}
	want, err := ReportVerdicts(w.Evaluate())
	if err != nil {
		t.Fatal(err)
	}
	got := w.Verdicts()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Verdicts differs from ReportVerdicts (-want +got):\n%s", diff)
	}
	if got.Summary.Schedulable+got.Summary.Unschedulable == 0 || got.Summary.Stays+got.Summary.EvictedNow+got.Summary.EvictedLater+got.Summary.NotAdmitted == 0 {
		t.Errorf("the generated workspace should have pending and running pods: %+v", got.Summary)
	}
}

// TestVerdictsOverBudget: a workspace over FullReportPairs still gets a
// verdict for every pod, and ReportVerdicts refuses its windowed report.
func TestVerdictsOverBudget(t *testing.T) {
	w := GenerateWorkspace(300, 100, 3)
	if w.Pairs() <= FullReportPairs || w.OverLimit() {
		t.Fatalf("want a windowed workspace, got %d pairs", w.Pairs())
	}
	if _, err := ReportVerdicts(w.Evaluate()); err != ErrWindowedReport {
		t.Errorf("ReportVerdicts of a windowed report: got %v, want ErrWindowedReport", err)
	}
	v := w.Verdicts()
	counts := w.Evaluate().Counts
	for p := range v.Pods {
		if v.Pods[p].Verdict == "" {
			t.Fatalf("pod %d has no verdict", p)
		}
		if w.Pods[p].NodeName == "" && len(v.Pods[p].Fits) != counts.PodFits[p] {
			t.Errorf("pod %d fits %d nodes, counts say %d", p, len(v.Pods[p].Fits), counts.PodFits[p])
		}
	}
}

// TestVerdictsOverLimit: over MaxPairs nothing is judged.
func TestVerdictsOverLimit(t *testing.T) {
	w := &Workspace{Options: core.DefaultOptions(), Nodes: make([]core.Node, 1001), Pods: make([]core.Pod, 1000), Diagnostics: []core.Diagnostic{}}
	v := w.Verdicts()
	if !v.OverLimit || len(v.Pods) != 0 {
		t.Errorf("got overLimit %v and %d pods, want true and none", v.OverLimit, len(v.Pods))
	}
}
