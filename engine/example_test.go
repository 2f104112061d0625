package engine_test

import (
	"fmt"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// The Kubernetes docs' example: a node with three taints and a pod that
// tolerates two of them.
const (
	exampleNodes = `kubectl taint nodes node1 key1=value1:NoSchedule
kubectl taint nodes node1 key1=value1:NoExecute
kubectl taint nodes node1 key2=value2:NoSchedule
`
	examplePods = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx
  tolerations:
  - key: key1
    operator: Equal
    value: value1
    effect: NoSchedule
  - key: key1
    operator: Equal
    value: value1
    effect: NoExecute
`
)

// Load reads the two texts as the page's editors do; problems become
// diagnostics with their line and field, in the apiserver's words (its
// node validation names the path metadata.taints), and the rest is still
// read.
func ExampleLoad() {
	nodes := `apiVersion: v1
kind: Node
metadata:
  name: node1
spec:
  taints:
  - key: gpu
    value: "true"
    effect: NoShedule
`
	w := engine.Load(nodes, examplePods, core.DefaultOptions())
	for _, d := range w.Diagnostics {
		fmt.Printf("%s:%d: %s: %s\n", d.Source.Editor, d.Source.Line, d.Severity, d.Message)
	}
	fmt.Println(len(w.Nodes), "node,", len(w.Pods), "pod")
	// Output:
	// nodes:9: error: metadata.taints[0].effect: Unsupported value: "NoShedule": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"
	// pods:10: warning: toleration #1 tolerates none of the taints on these nodes, so it changes nothing here (check its key, value and effect against the nodes' taints)
	// pods:14: warning: toleration #2 tolerates none of the taints on these nodes, so it changes nothing here (check its key, value and effect against the nodes' taints)
	// 1 node, 1 pod
}

// Evaluate gives a verdict for every pod on every node, with the taint that
// blocks it.
func ExampleWorkspace_Evaluate() {
	w := engine.Load(exampleNodes, examplePods, core.DefaultOptions())
	report := w.Evaluate()
	for _, cell := range report.Cells {
		node := &report.Nodes[cell.Node]
		fmt.Printf("%s on %s: fits=%v", report.Pods[cell.Pod].Name, node.Name, cell.Fits)
		if cell.BlockedBy >= 0 {
			fmt.Printf(", blocked by %s", node.Taints[cell.BlockedBy].String())
		}
		fmt.Printf(" (%s)\n", cell.Message)
	}
	// Output:
	// nginx on node1: fits=false, blocked by key2=value2:NoSchedule (node(s) had untolerated taint(s))
}

// Explain gives one pod on one node taint by taint, the untolerated first,
// each with why and, for an untolerated taint, the toleration that would
// tolerate it.
func ExampleWorkspace_Explain() {
	w := engine.Load(exampleNodes, examplePods, core.DefaultOptions())
	detail, err := w.Explain(0, 0)
	if err != nil {
		panic(err)
	}
	for _, v := range detail.Taints {
		fmt.Printf("%s tolerated=%v\n", w.Nodes[0].Taints[v.Taint].String(), v.Tolerated)
		if v.Suggestion != nil {
			s := v.Suggestion
			fmt.Printf("  add: key=%s operator=%s value=%s effect=%s\n", s.Key, s.Operator, s.Value, s.Effect)
		}
	}
	// Output:
	// key2=value2:NoSchedule tolerated=false
	//   add: key=key2 operator=Equal value=value2 effect=NoSchedule
	// key1=value1:NoExecute tolerated=true
	// key1=value1:NoSchedule tolerated=true
}

// Simulate runs the taint-eviction controller on a clock: a pod running on
// a node that gets a NoExecute taint it tolerates for 60 s is evicted 60 s
// later.
func ExampleWorkspace_Simulate() {
	pods := `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: node1
  tolerations:
  - key: maintenance
    operator: Exists
    effect: NoExecute
    tolerationSeconds: 60
`
	w := engine.Load("kubectl taint nodes node1 zone=a:PreferNoSchedule\n", pods, core.DefaultOptions())
	events := []tainteviction.Event{{
		At:    10,
		Kind:  tainteviction.EventAddTaint,
		Node:  "node1",
		Taint: &core.Taint{Key: "maintenance", Value: "planned", Effect: core.TaintEffectNoExecute},
	}}
	for _, e := range w.Simulate(events, 600).Entries {
		fmt.Printf("at %g s: %s %s\n", e.At, w.Pods[e.Pod].Name, e.Kind)
	}
	// Output:
	// at 10 s: web scheduled
	// at 70 s: web evicted
}

// WhatIf tells an operator what one `kubectl taint nodes` command would do
// before it is run on the cluster: web, which tolerates nothing, is evicted;
// batch tolerates dedicated only for NoSchedule, so the NoExecute taint
// leaves it nowhere to go.
func ExampleWorkspace_WhatIf() {
	pods := `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: node1
---
apiVersion: v1
kind: Pod
metadata:
  name: batch
spec:
  tolerations:
  - key: dedicated
    operator: Exists
    effect: NoSchedule
`
	w := engine.Load("kubectl taint nodes node1 zone=a:PreferNoSchedule\n", pods, core.DefaultOptions())
	radius, err := w.WhatIf("kubectl taint nodes node1 dedicated=gpu:NoExecute")
	if err != nil {
		panic(err)
	}
	for _, e := range radius.EvictedNow {
		fmt.Println("evicted now:", w.Pods[e.Pod].Name)
	}
	for _, p := range radius.NoLongerSchedulable {
		fmt.Println("no longer schedulable:", w.Pods[p].Name)
	}
	// Output:
	// evicted now: web
	// no longer schedulable: batch
}
