package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// TestPodFiltersAgreeWithTheFilters checks the per-pod precomputation the
// matrix uses (scheduler.PodFilters over a TaintTable) against the filters
// and the PreferNoSchedule count run pair by pair, on generated workspaces
// with the Lt/Gt gate on and off.
func TestPodFiltersAgreeWithTheFilters(t *testing.T) {
	for seed := range uint64(6) {
		w := GenerateWorkspace(120, 40, seed)
		table := scheduler.NewTaintTable(w.Nodes)
		var filters scheduler.PodFilters
		for _, gate := range []bool{false, true} {
			for p := range w.Pods {
				pod := &w.Pods[p]
				filters.Reset(table, pod, gate)
				for n := range w.Nodes {
					node := &w.Nodes[n]
					got, gotCount := filters.Run(node, n)
					want := scheduler.RunFilters(pod, node, gate)
					wantCount := scheduler.CountIntolerableTaintsPreferNoSchedule(node.Taints, scheduler.TolerationsPreferNoSchedule(pod.Tolerations), gate)
					if diff := cmp.Diff(want, got); diff != "" || gotCount != wantCount {
						t.Fatalf("seed %d, gate %v, pod %d on node %d: (-RunFilters +PodFilters):\n%s\nPreferNoSchedule %d, want %d", seed, gate, p, n, diff, gotCount, wantCount)
					}
				}
			}
		}
	}
}
