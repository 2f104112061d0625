package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// TestPodFiltersAgreeWithTheFilters checks the per-pod precomputation the
// matrix uses (scheduler.PodFilters over a TaintTable) against the filters
// and the PreferNoSchedule count run pair by pair, and CountFits against
// their tally over a range of nodes, on generated workspaces
// with the Lt/Gt gate on and off.
func TestPodFiltersAgreeWithTheFilters(t *testing.T) {
	for seed := range uint64(6) {
		w := GenerateWorkspace(120, 40, seed)
		selectOnSeveralLabels(w)
		table := scheduler.NewTaintTable(w.Nodes)
		var filters scheduler.PodFilters
		for _, gate := range []bool{false, true} {
			for p := range w.Pods {
				pod := &w.Pods[p]
				filters.Reset(table, pod, gate)
				wantFits, wantMost := 0, 0 // over nodes 7 to 99, for CountFits
				for n := range w.Nodes {
					node := &w.Nodes[n]
					got, gotCount := filters.Run(node, n)
					want := scheduler.RunFilters(pod, node, gate)
					wantCount := scheduler.CountIntolerableTaintsPreferNoSchedule(node.Taints, scheduler.TolerationsPreferNoSchedule(pod.Tolerations), gate)
					if diff := cmp.Diff(want, got); diff != "" || gotCount != wantCount {
						t.Fatalf("seed %d, gate %v, pod %d on node %d: (-RunFilters +PodFilters):\n%s\nPreferNoSchedule %d, want %d", seed, gate, p, n, diff, gotCount, wantCount)
					}
					if fits, count := filters.Fits(node, n); fits != (want.Message == "") || count != wantCount {
						t.Fatalf("seed %d, gate %v, pod %d on node %d: Fits says %v and %d; RunFilters' message is %q and the count %d", seed, gate, p, n, fits, count, want.Message, wantCount)
					}
					if n >= 7 && n < 100 && want.Message == "" {
						wantFits, wantMost = wantFits+1, max(wantMost, wantCount)
					}
				}
				if fits, most := filters.CountFits(w.Nodes, 7, 100); fits != wantFits || most != wantMost {
					t.Fatalf("seed %d, gate %v, pod %d: CountFits over nodes 7 to 99 says %d fit, most PreferNoSchedule %d; RunFilters gives %d and %d", seed, gate, p, fits, most, wantFits, wantMost)
				}
			}
		}
	}
}

// selectOnSeveralLabels gives most nodes a second label and some pods
// nodeSelectors of two or three labels (one no node has), between pods that
// select one label or none, so that PodFilters' columns of selected nodes
// are narrowed, and then reused by a pod that selects less.
func selectOnSeveralLabels(w *Workspace) {
	for n := range w.Nodes {
		if n%3 != 0 {
			w.Nodes[n].Labels["disk"] = []string{"ssd", "hdd"}[n%2]
		}
	}
	for p := range w.Pods {
		switch p % 5 {
		case 1:
			w.Pods[p].NodeSelector = map[string]string{"zone": "a", "disk": "ssd"}
		case 2:
			w.Pods[p].NodeSelector = map[string]string{"zone": "b", "disk": "hdd", "rack": "r1"}
		case 3:
			w.Pods[p].NodeSelector = map[string]string{"disk": "hdd"}
		}
	}
}
