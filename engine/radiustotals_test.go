package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// totalsNodes are two GPU nodes and a web node of the pool label "pool",
// and one node without it.
const totalsNodes = `apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: gpu-1, labels: {pool: gpu}}}
- {apiVersion: v1, kind: Node, metadata: {name: gpu-2, labels: {pool: gpu}}}
- {apiVersion: v1, kind: Node, metadata: {name: web-1, labels: {pool: web}}}
- {apiVersion: v1, kind: Node, metadata: {name: plain-1}}
`

// totalsPods are a Deployment's two replicas (owned by its ReplicaSet), a
// DaemonSet's two pods, a bare pod that tolerates maintenance for 300 s, and
// a pasted Deployment that is pending.
const totalsPods = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-5d9f7c-aaaaa
    namespace: shop
    labels: {pod-template-hash: 5d9f7c}
    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-5d9f7c, uid: a, controller: true}]
  spec: {nodeName: web-1}
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-5d9f7c-bbbbb
    namespace: shop
    labels: {pod-template-hash: 5d9f7c}
    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-5d9f7c, uid: a, controller: true}]
  spec: {nodeName: gpu-1}
- apiVersion: v1
  kind: Pod
  metadata:
    name: node-exporter-x1
    namespace: monitoring
    ownerReferences: [{apiVersion: apps/v1, kind: DaemonSet, name: node-exporter, uid: b, controller: true}]
  spec:
    nodeName: gpu-1
    tolerations: [{operator: Exists}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: node-exporter-x2
    namespace: monitoring
    ownerReferences: [{apiVersion: apps/v1, kind: DaemonSet, name: node-exporter, uid: b, controller: true}]
  spec:
    nodeName: plain-1
    tolerations: [{operator: Exists}]
- apiVersion: v1
  kind: Pod
  metadata: {name: trainer, namespace: ml}
  spec:
    nodeName: gpu-2
    tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 300}]
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: backup, namespace: ops}
  spec:
    template:
      spec:
        containers: [{name: c, image: i}]
`

// TestWhatIfTotals counts a blast radius by pool and by workload, against
// counts made by hand: tainting every node NoExecute evicts both web
// replicas now (one in pool web, one in gpu), the trainer after 300 s, keeps
// the DaemonSet's pods, and leaves the pending backup nowhere to go.
func TestWhatIfTotals(t *testing.T) {
	w := engine.Load(totalsNodes, totalsPods, core.Options{})
	radius, err := w.WhatIf("kubectl taint nodes --all maintenance=now:NoExecute")
	if err != nil {
		t.Fatal(err)
	}
	running := func(now, later, stay int) engine.RunningTotals {
		return engine.RunningTotals{EvictedNow: now, EvictedLater: later, Stay: stay}
	}
	want := engine.RadiusTotals{
		PoolLabel: "pool",
		Pools: []engine.PoolTotals{
			{Pool: "", Nodes: 1, RunningTotals: running(0, 0, 1)},
			{Pool: "gpu", Nodes: 2, RunningTotals: running(1, 1, 1)},
			{Pool: "web", Nodes: 1, RunningTotals: running(1, 0, 0)},
		},
		Workloads: []engine.WorkloadTotals{
			{Workload: engine.Workload{Namespace: "ml", Kind: "Pod", Name: "trainer"}, RunningTotals: running(0, 1, 0)},
			{Workload: engine.Workload{Namespace: "monitoring", Kind: "DaemonSet", Name: "node-exporter"}, RunningTotals: running(0, 0, 2)},
			{Workload: engine.Workload{Namespace: "ops", Kind: "Deployment", Name: "backup"}, NoLongerSchedulable: 1},
			{Workload: engine.Workload{Namespace: "shop", Kind: "Deployment", Name: "web"}, RunningTotals: running(2, 0, 0)},
		},
	}
	if diff := cmp.Diff(want, radius.Totals); diff != "" {
		t.Errorf("totals (-hand count +WhatIf):\n%s", diff)
	}

	seconds := func(s int64) *int64 { return &s }
	wantRows := []engine.RadiusRow{
		{Namespace: "shop", Pod: "web-5d9f7c-aaaaa", Node: "web-1", Pool: "web", Workload: "Deployment/web", Outcome: "evicted now", When: seconds(0)},
		{Namespace: "shop", Pod: "web-5d9f7c-bbbbb", Node: "gpu-1", Pool: "gpu", Workload: "Deployment/web", Outcome: "evicted now", When: seconds(0)},
		{Namespace: "ml", Pod: "trainer", Node: "gpu-2", Pool: "gpu", Workload: "Pod/trainer", Outcome: "evicted later", When: seconds(300)},
		{Namespace: "monitoring", Pod: "node-exporter-x1", Node: "gpu-1", Pool: "gpu", Workload: "DaemonSet/node-exporter", Outcome: "stays"},
		{Namespace: "monitoring", Pod: "node-exporter-x2", Node: "plain-1", Pool: "", Workload: "DaemonSet/node-exporter", Outcome: "stays"},
		{Namespace: "ops", Pod: "backup", Workload: "Deployment/backup", Outcome: "no longer schedulable"},
	}
	if diff := cmp.Diff(wantRows, w.Rows(radius)); diff != "" {
		t.Errorf("rows (-hand +Rows):\n%s", diff)
	}
}

// TestPoolLabel picks the most specific pool label any node carries.
func TestPoolLabel(t *testing.T) {
	node := func(labels map[string]string) core.Node { return core.Node{Name: "n", Labels: labels} }
	for _, tc := range []struct {
		name  string
		nodes []core.Node
		want  string
	}{
		{"no node has a pool label", []core.Node{node(nil), node(map[string]string{"zone": "a"})}, ""},
		{"the plain pool label", []core.Node{node(nil), node(map[string]string{"pool": "db"})}, "pool"},
		{"a cloud's label wins over pool, on any node", []core.Node{node(map[string]string{"pool": "db"}), node(map[string]string{"cloud.google.com/gke-nodepool": "np-1"})}, "cloud.google.com/gke-nodepool"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := engine.PoolLabel(tc.nodes); got != tc.want {
				t.Errorf("PoolLabel = %q; want %q", got, tc.want)
			}
		})
	}
}

// TestPodWorkload names the workload of a pod as a person reading kubectl
// get pods would.
func TestPodWorkload(t *testing.T) {
	for _, tc := range []struct {
		name string
		pod  core.Pod
		want string
	}{
		{"a bare pod is its own workload", core.Pod{Name: "debug", Kind: "Pod"}, "Pod/debug"},
		{"a pasted workload's template", core.Pod{Name: "web", Kind: "Deployment"}, "Deployment/web"},
		{"the controller", core.Pod{Name: "pg-0", Kind: "Pod", Owner: &core.OwnerReference{Kind: "StatefulSet", Name: "pg"}}, "StatefulSet/pg"},
		{"a ReplicaSet with the pod's template hash is its Deployment's",
			core.Pod{Name: "web-5d9f7c-x", Kind: "Pod", Labels: map[string]string{"pod-template-hash": "5d9f7c"}, Owner: &core.OwnerReference{Kind: "ReplicaSet", Name: "web-5d9f7c"}}, "Deployment/web"},
		{"a ReplicaSet of another hash stays a ReplicaSet",
			core.Pod{Name: "web-x", Kind: "Pod", Labels: map[string]string{"pod-template-hash": "111"}, Owner: &core.OwnerReference{Kind: "ReplicaSet", Name: "web-5d9f7c"}}, "ReplicaSet/web-5d9f7c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := engine.PodWorkload(&tc.pod).String(); got != tc.want {
				t.Errorf("PodWorkload = %q; want %q", got, tc.want)
			}
		})
	}
}
