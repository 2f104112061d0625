package engine

import (
	"cmp"
	"sort"
)

// RadiusTotals count a blast radius by node pool and by workload, so that a
// command on 5,000 nodes reads as a few lines instead of 150,000 pods.
type RadiusTotals struct {
	// PoolLabel is the node label whose value names a node's pool (see
	// PoolLabel); "" when no node has one of PoolLabels.
	PoolLabel string `json:"poolLabel"`
	// Pools are the pools with a changed node, by pool name; nodes without
	// the label are the pool "".
	Pools []PoolTotals `json:"pools"`
	// Workloads are the workloads with a pod in one of the radius's pod
	// lists, by namespace, kind and name.
	Workloads []WorkloadTotals `json:"workloads"`
}

// RunningTotals count the running pods of the changed nodes by verdict.
type RunningTotals struct {
	EvictedNow   int `json:"evictedNow"`
	EvictedLater int `json:"evictedLater"`
	Stay         int `json:"stay"`
}

// PoolTotals is one pool's changed nodes and their running pods.
type PoolTotals struct {
	Pool  string `json:"pool"`
	Nodes int    `json:"nodes"`
	RunningTotals
}

// WorkloadTotals is one workload's pods in the blast radius: running ones by
// verdict and pending ones by what the command does to their chances.
type WorkloadTotals struct {
	Workload
	RunningTotals
	NoLongerSchedulable int `json:"noLongerSchedulable"`
	NewlySchedulable    int `json:"newlySchedulable"`
}

// Totals counts r, a blast radius of w, by the pools that poolLabel names
// and by workload (PodWorkload).
func (w *Workspace) Totals(r *BlastRadius, poolLabel string) RadiusTotals {
	pools := map[string]*PoolTotals{}
	pool := func(node int) *PoolTotals {
		name := w.Nodes[node].Labels[poolLabel]
		if pools[name] == nil {
			pools[name] = &PoolTotals{Pool: name}
		}
		return pools[name]
	}
	workloads := map[Workload]*WorkloadTotals{}
	workload := func(p int) *WorkloadTotals {
		key := PodWorkload(&w.Pods[p])
		if workloads[key] == nil {
			workloads[key] = &WorkloadTotals{Workload: key}
		}
		return workloads[key]
	}
	for _, change := range r.Nodes {
		pool(change.Node).Nodes++
	}
	for _, e := range r.EvictedNow {
		pool(e.Node).EvictedNow++
		workload(e.Pod).EvictedNow++
	}
	for _, e := range r.EvictedLater {
		pool(e.Node).EvictedLater++
		workload(e.Pod).EvictedLater++
	}
	for _, e := range r.Stay {
		pool(e.Node).Stay++
		workload(e.Pod).Stay++
	}
	for _, p := range r.NoLongerSchedulable {
		workload(p).NoLongerSchedulable++
	}
	for _, p := range r.NewlySchedulable {
		workload(p).NewlySchedulable++
	}
	totals := RadiusTotals{PoolLabel: poolLabel, Pools: []PoolTotals{}, Workloads: []WorkloadTotals{}}
	for _, t := range pools {
		totals.Pools = append(totals.Pools, *t)
	}
	// sort.Slice, not slices.SortFunc: the generic sort is compiled anew for
	// each struct it sorts, 22 KB of WASM code each, while sort.Slice's is
	// linked already. The keys are unique, so the order is the same.
	sort.Slice(totals.Pools, func(a, b int) bool { return totals.Pools[a].Pool < totals.Pools[b].Pool })
	for _, t := range workloads {
		totals.Workloads = append(totals.Workloads, *t)
	}
	sort.Slice(totals.Workloads, func(a, b int) bool {
		w, v := totals.Workloads[a].Workload, totals.Workloads[b].Workload
		return cmp.Or(cmp.Compare(w.Namespace, v.Namespace), cmp.Compare(w.Kind, v.Kind), cmp.Compare(w.Name, v.Name)) < 0
	})
	return totals
}
