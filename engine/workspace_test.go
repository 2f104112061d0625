package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/scheduler"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// TestEvaluateLayout checks the report's shape: one cell per pod × node,
// pod-major, and an eviction verdict exactly where the pod runs.
func TestEvaluateLayout(t *testing.T) {
	w := &Workspace{
		Options: core.DefaultOptions(),
		Nodes:   []core.Node{{Name: "a"}, {Name: "b", Taints: []core.Taint{{Key: "k", Effect: core.TaintEffectNoExecute}}}, {Name: "c"}},
		Pods:    []core.Pod{{Name: "unbound"}, {Name: "on-b", NodeName: "b"}},
	}
	report := w.Evaluate()
	type place struct {
		Pod, Node int
		Running   bool
		Eviction  string
	}
	var got []place
	for _, cell := range report.Cells {
		p := place{Pod: cell.Pod, Node: cell.Node, Running: cell.Running}
		if cell.Eviction != nil {
			p.Eviction = cell.Eviction.Kind
		}
		got = append(got, p)
	}
	want := []place{
		{0, 0, false, ""}, {0, 1, false, ""}, {0, 2, false, ""},
		{1, 0, false, ""}, {1, 1, true, tainteviction.EvictNow}, {1, 2, false, ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cells (-want +got):\n%s", diff)
	}
	if report.Kubernetes != core.KubernetesVersion || report.Options != w.Options {
		t.Errorf("report header = %q %+v, want %q %+v", report.Kubernetes, report.Options, core.KubernetesVersion, w.Options)
	}
}

// TestEvaluateEmptyJSON checks that an empty workspace still gives arrays, not
// nulls, to the page; so do a node without taints and a pod without tolerations.
func TestEvaluateEmptyJSON(t *testing.T) {
	data, err := json.Marshal(Load("", "", core.DefaultOptions()).Evaluate())
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"nodes":[]`, `"pods":[]`, `"cells":[]`, `"diagnostics":[]`} {
		if !strings.Contains(string(data), field) {
			t.Errorf("report JSON %s lacks %s", data, field)
		}
	}
	bare := Load("kind: Node\nmetadata: {name: a}\n", "kind: Pod\nmetadata: {name: b}\n", core.Options{}).Evaluate()
	data, err = json.Marshal(bare)
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"taints":[]`, `"tolerations":[]`} {
		if !strings.Contains(string(data), field) {
			t.Errorf("report JSON %s lacks %s", data, field)
		}
	}
}

// TestEvaluateAllocations keeps Evaluate's promise: no allocation per cell,
// only per pod (its PreferNoSchedule tolerations, its eviction verdict).
func TestEvaluateAllocations(t *testing.T) {
	w := GenerateWorkspace(200, 20, 7)
	for p := range w.Pods {
		for i := range w.Pods[p].Tolerations {
			// Lt and Gt on a non-numeric value allocate upstream's error
			// messages inside matching; keep them out of this count.
			if op := w.Pods[p].Tolerations[i].Operator; op == core.TolerationOpLt || op == core.TolerationOpGt {
				w.Pods[p].Tolerations[i].Value = "5"
			}
		}
	}
	for n := range w.Nodes {
		for i := range w.Nodes[n].Taints {
			w.Nodes[n].Taints[i].Value = "7"
		}
	}
	allocs := testing.AllocsPerRun(5, func() { w.Evaluate() })
	if limit := float64(2 + 4*len(w.Pods)); allocs > limit {
		t.Errorf("Evaluate of %d cells allocates %v times, want at most %v", len(w.Pods)*len(w.Nodes), allocs, limit)
	}
}

func TestExplainOutOfRange(t *testing.T) {
	w := &Workspace{Nodes: []core.Node{{Name: "a"}}, Pods: []core.Pod{{Name: "p"}}}
	tests := []struct {
		name      string
		pod, node int
		want      string
	}{
		{name: "negative pod", pod: -1, node: 0, want: "pod index -1 is out of range: the workspace has 1 pod(s)"},
		{name: "pod past the end", pod: 1, node: 0, want: "pod index 1 is out of range: the workspace has 1 pod(s)"},
		{name: "node past the end", pod: 0, node: 3, want: "node index 3 is out of range: the workspace has 1 node(s)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			detail, err := w.Explain(tc.pod, tc.node)
			if detail != nil || err == nil || err.Error() != tc.want {
				t.Errorf("Explain(%d, %d) = %v, %v; want nil, %q", tc.pod, tc.node, detail, err, tc.want)
			}
		})
	}
}

// TestExplain checks that a cell's detail is the cell Evaluate gives, with one
// verdict per node taint in node order, and the sentence for each outcome.
func TestExplain(t *testing.T) {
	gpu := core.Taint{Key: "gpu", Value: "true", Effect: core.TaintEffectNoSchedule}
	spot := core.Taint{Key: "spot", Effect: core.TaintEffectPreferNoSchedule}
	notReady := core.Taint{Key: "node.kubernetes.io/not-ready", Effect: core.TaintEffectNoExecute}
	w := &Workspace{
		Nodes: []core.Node{
			{Name: "plain"},
			{Name: "gpu-node", Taints: []core.Taint{spot, gpu}},
			{Name: "spot-node", Taints: []core.Taint{spot}},
			{Name: "cordoned", Unschedulable: true, Taints: []core.Taint{scheduler.UnschedulableTaint}},
			{Name: "not-ready", Taints: []core.Taint{notReady}},
			{Name: "evicting", Taints: []core.Taint{{Key: "maintenance", Effect: core.TaintEffectNoExecute}}},
		},
		Pods: []core.Pod{
			{Name: "web", Tolerations: []core.Toleration{{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300)), AddedBy: "DefaultTolerationSeconds"}}},
			{Name: "db", NodeName: "not-ready", Tolerations: []core.Toleration{{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300)), AddedBy: "DefaultTolerationSeconds"}}},
			{Name: "pinned", NodeName: "gpu-node"},
			{Name: "late", NodeName: "evicting"},
		},
	}
	tests := []struct {
		name       string
		pod, node  int
		wantReason string
		wantTaints []bool
	}{
		{name: "fits an untainted node", pod: 0, node: 0, wantTaints: []bool{},
			wantReason: "Pod web fits node plain: the node has no NoSchedule or NoExecute taint (score 100 of 100)."},
		{name: "fits, tolerating the taints", pod: 0, node: 4, wantTaints: []bool{true},
			wantReason: "Pod web fits node not-ready: it tolerates every NoSchedule and NoExecute taint (score 100 of 100)."},
		{name: "blocked", pod: 0, node: 1, wantTaints: []bool{false, false},
			wantReason: "Pod web does not fit node gpu-node: no toleration tolerates the taint gpu=true:NoSchedule."},
		{name: "prefer avoid", pod: 0, node: 2, wantTaints: []bool{false},
			wantReason: "Pod web fits node spot-node, but the node has 1 PreferNoSchedule taint(s) the pod does not tolerate, so the scheduler prefers other nodes (score 0 of 100)."},
		{name: "cordoned", pod: 0, node: 3, wantTaints: []bool{false},
			wantReason: "Pod web does not fit node cordoned: the node is cordoned (spec.unschedulable) and the pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule."},
		{name: "running with a countdown", pod: 1, node: 4, wantTaints: []bool{true},
			wantReason: "Pod db runs on node not-ready: the NoExecute taint node.kubernetes.io/not-ready:NoExecute is tolerated by toleration #1 (added by DefaultTolerationSeconds) for 300 s, the shortest grace among the tolerations used, so the pod is deleted 300 s after the controller sees the taint."},
		{name: "bound by name past a NoSchedule taint", pod: 2, node: 1, wantTaints: []bool{false, false},
			wantReason: "Pod pinned runs on node gpu-node, although the scheduler would not place it there now (node(s) had untolerated taint(s)): the node has no NoExecute taint, so the taint-eviction controller leaves the pod alone."},
		{name: "bound by name, rejected by the kubelet", pod: 3, node: 5, wantTaints: []bool{false},
			wantReason: "Pod late is bound to node evicting by spec.nodeName, but the kubelet does not admit it: Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"},
		{name: "spec.nodeName elsewhere", pod: 1, node: 0, wantTaints: []bool{},
			wantReason: "Pod db does not fit node plain: " + message.InEnglish(scheduler.PlacementReason(&w.Pods[1], &w.Nodes[0]))},
	}
	report := w.Evaluate()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			detail, err := w.Explain(tc.pod, tc.node)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(report.Cells[tc.pod*len(w.Nodes)+tc.node], detail.Cell); diff != "" {
				t.Errorf("Explain's cell differs from Evaluate's (-Evaluate +Explain):\n%s", diff)
			}
			if detail.Reason != tc.wantReason {
				t.Errorf("Reason:\n got %q\nwant %q", detail.Reason, tc.wantReason)
			}
			tolerated := []bool{}
			for i, v := range detail.Taints {
				if v.Taint != i {
					t.Errorf("Taints[%d].Taint = %d, want %d", i, v.Taint, i)
				}
				tolerated = append(tolerated, v.Tolerated)
			}
			if diff := cmp.Diff(tc.wantTaints, tolerated); diff != "" {
				t.Errorf("tolerated per taint (-want +got):\n%s", diff)
			}
			if wantPlacement := message.InEnglish(scheduler.PlacementReason(&w.Pods[tc.pod], &w.Nodes[tc.node])); detail.PlacementReason != wantPlacement {
				t.Errorf("PlacementReason = %q, want %q", detail.PlacementReason, wantPlacement)
			}
		})
	}
}

func TestTolerationsPath(t *testing.T) {
	tests := []struct {
		name  string
		field string
		want  string
	}{
		{name: "pod", field: "spec.tolerations[2]", want: "spec.tolerations"},
		{name: "workload template", field: "spec.template.spec.tolerations[0]", want: "spec.template.spec.tolerations"},
		{name: "sub-field", field: "spec.jobTemplate.spec.template.spec.tolerations[1].effect", want: "spec.jobTemplate.spec.template.spec.tolerations"},
		{name: "unknown source", field: "", want: "spec.tolerations"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tolerationsPath(&core.Toleration{Source: core.Source{Field: tc.field}})
			if got != tc.want {
				t.Errorf("tolerationsPath(%q) = %q, want %q", tc.field, got, tc.want)
			}
		})
	}
}

// TestLoad reads both editors' text end to end: validation under the path the
// tolerations were written at, controller taints after the written ones,
// admission tolerations after the written ones, and diagnostics in text order.
func TestLoad(t *testing.T) {
	nodes := `apiVersion: v1
kind: Node
metadata:
  name: gpu-1
spec:
  unschedulable: true
  taints:
  - key: nvidia.com/gpu
    value: "true"
    effect: NoSchedule
  - key: Bad_Key!
    effect: NoExecute
status:
  conditions:
  - type: Ready
    status: "False"
`
	pods := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: trainer
spec:
  template:
    spec:
      tolerations:
      - key: nvidia.com/gpu
        operator: exists
        effect: NoSchedule
`
	w := Load(nodes, pods, core.DefaultOptions())

	type diagnostic struct {
		Severity, Editor, Field string
		Line                    int
	}
	var gotDiagnostics []diagnostic
	for _, d := range w.Diagnostics {
		if d.Severity == core.SeverityError {
			gotDiagnostics = append(gotDiagnostics, diagnostic{d.Severity, d.Source.Editor, d.Source.Field, d.Source.Line})
		}
	}
	wantDiagnostics := []diagnostic{
		{core.SeverityError, core.EditorNodes, "spec.taints[1].key", 11},
		{core.SeverityError, core.EditorPods, "spec.template.spec.tolerations[0].operator", 10},
	}
	if diff := cmp.Diff(wantDiagnostics, gotDiagnostics); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	for i := 1; i < len(w.Diagnostics); i++ {
		a, b := w.Diagnostics[i-1].Source, w.Diagnostics[i].Source
		if a.Editor > b.Editor || (a.Editor == b.Editor && a.Line > b.Line) {
			t.Errorf("diagnostics %d and %d are out of order: %+v then %+v", i-1, i, a, b)
		}
	}

	var gotTaints []string
	for _, taint := range w.Nodes[0].Taints {
		gotTaints = append(gotTaints, taint.String()+" "+taint.Origin)
	}
	wantTaints := []string{
		"nvidia.com/gpu=true:NoSchedule ",
		"Bad_Key!:NoExecute ",
		"node.kubernetes.io/not-ready:NoSchedule condition Ready=False",
		"node.kubernetes.io/unschedulable:NoSchedule spec.unschedulable",
		"node.kubernetes.io/not-ready:NoExecute condition Ready=False",
	}
	if diff := cmp.Diff(wantTaints, gotTaints); diff != "" {
		t.Errorf("gpu-1 taints (-want +got):\n%s", diff)
	}

	var gotTolerations []string
	for _, tol := range w.Pods[0].Tolerations {
		gotTolerations = append(gotTolerations, tol.Key+" "+tol.AddedBy)
	}
	wantTolerations := []string{
		"nvidia.com/gpu ",
		"node.kubernetes.io/not-ready DefaultTolerationSeconds",
		"node.kubernetes.io/unreachable DefaultTolerationSeconds",
	}
	if diff := cmp.Diff(wantTolerations, gotTolerations); diff != "" {
		t.Errorf("trainer tolerations (-want +got):\n%s", diff)
	}
}

// TestLoadNeverFails feeds Load text that is not Kubernetes at all: it must
// return a workspace with diagnostics, never panic.
func TestLoadNeverFails(t *testing.T) {
	for _, text := range []string{"", "\x00\xff", "{", "- - - [", "kind: Node\nmetadata: 3", strings.Repeat("a: [", 50)} {
		w := Load(text, text, core.DefaultOptions())
		if w == nil || w.Nodes == nil || w.Pods == nil || w.Diagnostics == nil {
			t.Errorf("Load(%q) = %+v: want non-nil slices", text, w)
		}
		w.Evaluate()
	}
}

// TestLoadReportsWrittenIndexes checks that when the decoder drops an unreadable
// toleration, validation still names the next one by the index it was written at.
func TestLoadReportsWrittenIndexes(t *testing.T) {
	pods := `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  tolerations:
  - key: a
    operator: Exists
    effect: NoExecute
    tolerationSeconds: 99999999999999999999
  - key: b
    operator: exists
`
	w := Load("", pods, core.DefaultOptions())
	var got []string
	for _, d := range w.Diagnostics {
		if d.Severity == core.SeverityError {
			got = append(got, d.Source.Field)
		}
	}
	want := []string{"spec.tolerations[0].tolerationSeconds", "spec.tolerations[1].operator"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("error fields (-want +got):\n%s", diff)
	}
	for _, d := range w.Diagnostics {
		if d.Source.Field == "spec.tolerations[1].operator" && !strings.HasPrefix(d.Message, "spec.tolerations[1].operator: ") {
			t.Errorf("message names the wrong index: %q", d.Message)
		}
	}
}

// TestLoadRejected: the validation errors of a pod or a node are its Rejected
// reasons, in the apiserver's "field: message" words; an object without
// errors, warnings or not, has none.
func TestLoadRejected(t *testing.T) {
	nodes := `apiVersion: v1
kind: Node
metadata: {name: bad}
spec:
  taints:
  - {key: a, effect: NoScheduled}
---
apiVersion: v1
kind: Node
metadata: {name: good}
`
	pods := `apiVersion: v1
kind: Pod
metadata: {name: typo}
spec:
  containers: [{name: c, image: i}]
  tolerations:
  - key: a
    operator: Exits
    effect: NoSchedule
---
apiVersion: v1
kind: Pod
metadata: {name: everything}
spec:
  containers: [{name: c, image: i}]
  tolerations:
  - operator: Exists
`
	w := Load(nodes, pods, core.DefaultOptions())
	got := map[string][]string{}
	for _, n := range w.Nodes {
		got["node "+n.Name] = n.Rejected
	}
	for _, p := range w.Pods {
		got["pod "+p.Name] = p.Rejected
	}
	want := map[string][]string{
		// upstream's ValidateNode reports node taints under metadata.
		"node bad":  {`metadata.taints[0].effect: Unsupported value: "NoScheduled": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`},
		"node good": nil,
		"pod typo": {
			`spec.tolerations[0].operator: Unsupported value: "Exits": supported values: "Equal", "Exists"`,
		},
		"pod everything": nil,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Rejected (-want +got):\n%s", diff)
	}
}
