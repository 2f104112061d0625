// Package generated builds a large, realistic cluster directly as an
// engine.Workspace, deterministic from a seed: the operator-sized example of
// the what-if (5,000 nodes, the Kubernetes scalability limit, 30 pods each).
// As YAML it would be far over the editors' 16 MiB, and the page's matrix of
// every pod on every node would not fit in memory, so the page asks the
// engine for it by size and seed instead of by text.
package generated

import (
	"fmt"
	"strconv"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// Spec says which cluster to build; the same Spec always builds the same one.
type Spec struct {
	Nodes       int    `json:"nodes"`
	PodsPerNode int    `json:"podsPerNode"`
	Seed        uint64 `json:"seed"`
}

// Large is the operator-sized cluster.
var Large = Spec{Nodes: 5000, PodsPerNode: 30, Seed: 1}

// MaxNodes and MaxPodsPerNode bound a Spec, so that no argument can ask the
// WASM for more memory than it has: 5,000 nodes is the Kubernetes scalability
// limit and 110 pods the kubelet's default --max-pods.
const (
	MaxNodes       = 5000
	MaxPodsPerNode = 110
)

// Validate names the field of a Spec out of range.
func (s Spec) Validate() error {
	switch {
	case s.Nodes < 1 || s.Nodes > MaxNodes:
		return fmt.Errorf("nodes: %d is not between 1 and %d", s.Nodes, MaxNodes)
	case s.PodsPerNode < 0 || s.PodsPerNode > MaxPodsPerNode:
		return fmt.Errorf("podsPerNode: %d is not between 0 and %d", s.PodsPerNode, MaxPodsPerNode)
	}
	return nil
}

// Cluster builds the workspace of spec (which must Validate):
//
//  1. Each node joins a pool (Pools, by weight) and a zone, gets the pool's
//     labels and taints, and one in 200 is cordoned (spec.unschedulable with
//     its controller taint).
//  2. Each node runs the DaemonSets' pods, then pods of its pool's workloads
//     whose selectors accept it, drawn by weight, up to PodsPerNode.
//  3. One pod in 100 more is pending (no spec.nodeName), drawn from every
//     workload, including one whose toleration has a typo and fits no node.
//  4. Every pod is admitted with core.DefaultOptions (DefaultTolerationSeconds,
//     the DaemonSet controller's tolerations); pods of one workload share
//     their tolerations and selectors, as the objects of one template do.
func Cluster(spec Spec) *engine.Workspace {
	r := &random{state: spec.Seed}
	opts := core.DefaultOptions()
	w := &engine.Workspace{Options: opts, Nodes: make([]core.Node, spec.Nodes), Diagnostics: []core.Diagnostic{}}
	poolOf := make([]*Pool, spec.Nodes)
	for n := range w.Nodes {
		pool := draw(r, Pools, func(p *Pool) int { return p.Weight })
		poolOf[n] = pool
		w.Nodes[n] = pool.node(n, zones[r.IntN(len(zones))], r.IntN(200) == 0)
	}
	templates := admittedTemplates(opts)
	pending := spec.Nodes * spec.PodsPerNode / 100
	w.Pods = make([]core.Pod, 0, spec.Nodes*spec.PodsPerNode+pending)
	serial := make(map[*Workload]int, len(templates))
	add := func(workload *Workload, nodeName string) {
		pod := templates[workload]
		pod.Name = workload.Name + "-" + zeroPadded(serial[workload])
		pod.NodeName = nodeName
		serial[workload]++
		w.Pods = append(w.Pods, pod)
	}
	for n := range w.Nodes {
		count := 0
		for _, daemon := range DaemonSets {
			if count < spec.PodsPerNode {
				add(daemon, w.Nodes[n].Name)
				count++
			}
		}
		eligible := attracted(poolOf[n].Workloads, templates, &w.Nodes[n])
		for ; count < spec.PodsPerNode && len(eligible) > 0; count++ {
			add(draw(r, eligible, workloadWeight), w.Nodes[n].Name)
		}
	}
	for range pending {
		add(draw(r, PendingWorkloads, workloadWeight), "")
	}
	return w
}

// attracted are the workloads whose node selector and required affinity
// accept the node (the pool's taints they all tolerate).
func attracted(workloads []*Workload, templates map[*Workload]core.Pod, node *core.Node) []*Workload {
	var out []*Workload
	for _, workload := range workloads {
		pod := templates[workload]
		if placement := scheduler.MatchPlacement(&pod, node); placement.NodeSelector && placement.Affinity {
			out = append(out, workload)
		}
	}
	return out
}

// zeroPadded writes n with at least five digits, as fmt's %05d does, for a
// fraction of its cost in the WASM: a cluster names 150,000 pods.
func zeroPadded(n int) string {
	digits := strconv.Itoa(n)
	if len(digits) >= 5 {
		return digits
	}
	return "0000"[:5-len(digits)] + digits
}

// zones are the topology.kubernetes.io/zone values.
var zones = []string{"zone-a", "zone-b", "zone-c"}

// admittedTemplates is one admitted pod per workload.
func admittedTemplates(opts core.Options) map[*Workload]core.Pod {
	templates := map[*Workload]core.Pod{}
	for _, workload := range append(append([]*Workload{}, DaemonSets...), PendingWorkloads...) {
		templates[workload] = workload.template(opts)
	}
	for _, pool := range Pools {
		for _, workload := range pool.Workloads {
			templates[workload] = workload.template(opts)
		}
	}
	return templates
}

// draw picks one item by weight; every weight is positive.
func draw[T any](r *random, items []T, weight func(T) int) T {
	total := 0
	for _, item := range items {
		total += weight(item)
	}
	x := r.IntN(total)
	for _, item := range items[:len(items)-1] {
		if x < weight(item) {
			return item
		}
		x -= weight(item)
	}
	return items[len(items)-1]
}
