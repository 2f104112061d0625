package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples/generated"
)

// generatedCommands are what an operator would try on the generated cluster:
// a pool tainted NoExecute, every node drained, a zone partitioned, taints
// removed (pending pods gain a node) and added (pending pods lose theirs).
var generatedCommands = []string{
	"kubectl taint nodes -l pool=gpu nvidia.com/gpu=present:NoExecute",
	"kubectl taint nodes --all maintenance=now:NoExecute",
	"kubectl taint nodes -l topology.kubernetes.io/zone=zone-a node.kubernetes.io/unreachable:NoExecute",
	"kubectl taint nodes -l pool=gpu nvidia.com/gpu:NoSchedule-",
	"kubectl taint nodes -l pool=db upgrade=now:NoSchedule",
	"kubectl taint nodes -l 'pool in (spot,system)' cloud.example.com/spot-",
	"kubectl taint nodes -l pool=nowhere x=y:NoSchedule",
}

// TestWhatIfMatchesFullEvaluation checks WhatIf, which looks only at the
// changed nodes and the pods they concern, against the page's full path on
// small generated clusters: evaluate the whole matrix before and after the
// command, row by row, and read every cell. Totals, which count these lists,
// are checked in TestWhatIfTotals.
func TestWhatIfMatchesFullEvaluation(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		w := generated.Cluster(generated.Spec{Nodes: 300, PodsPerNode: 12, Seed: seed})
		for _, command := range generatedCommands {
			t.Run(fmt.Sprintf("seed %d: %s", seed, command), func(t *testing.T) {
				got, err := w.WhatIf(command)
				if err != nil {
					t.Fatal(err)
				}
				want := radiusFromFullEvaluation(t, w, command)
				if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(engine.BlastRadius{}, "Totals")); diff != "" {
					t.Errorf("WhatIf (-full evaluation +WhatIf):\n%s", diff)
				}
			})
		}
	}
}

// radiusFromFullEvaluation is the blast radius read off two full reports.
func radiusFromFullEvaluation(t *testing.T, w *engine.Workspace, command string) *engine.BlastRadius {
	t.Helper()
	cmd, err := kubectl.ParseTaintCommand(command)
	if err != nil {
		t.Fatal(err)
	}
	nodesAfter, applyErr := cmd.Apply(w.Nodes)
	afterWorkspace := *w
	afterWorkspace.Nodes = nodesAfter
	want := &engine.BlastRadius{Command: cmd, Nodes: []engine.NodeChange{},
		EvictedNow: []engine.PodEviction{}, EvictedLater: []engine.PodEviction{}, Stay: []engine.PodEviction{},
		NoLongerSchedulable: []int{}, NewlySchedulable: []int{}, Errors: []string{}}
	if applyErr != nil {
		want.Errors = strings.Split(applyErr.Error(), "\n") // errors.Join's one line per node
	}
	changed := make([]bool, len(w.Nodes))
	for n := range w.Nodes {
		added, removed := taintDifference(nodesAfter[n].Taints, w.Nodes[n].Taints), taintDifference(w.Nodes[n].Taints, nodesAfter[n].Taints)
		if len(added) > 0 || len(removed) > 0 {
			changed[n] = true
			want.Nodes = append(want.Nodes, engine.NodeChange{Node: n, Taints: nodesAfter[n].Taints, Added: added, Removed: removed})
		}
	}
	if len(want.Nodes) == 0 {
		return want
	}
	// Every pair, one pod's row at a time: the workspace is over the budget
	// of one evaluation (engine.MaxPairs), not of one window.
	row := func(w *engine.Workspace, p int) []engine.Cell {
		_, cells := w.Cells(engine.Window{Pod: p, Pods: 1, Nodes: len(w.Nodes)})
		return cells
	}
	for p := range w.Pods {
		fitsBefore, fitsAfter := false, false
		before, after := row(w, p), row(&afterWorkspace, p)
		for n := range w.Nodes {
			if c := &after[n]; c.Running && changed[n] {
				e := engine.PodEviction{Pod: p, Node: n, Before: before[n].Eviction.Kind, Eviction: *c.Eviction}
				switch e.Eviction.Kind {
				case tainteviction.EvictNow:
					want.EvictedNow = append(want.EvictedNow, e)
				case tainteviction.EvictAfter:
					want.EvictedLater = append(want.EvictedLater, e)
				default:
					want.Stay = append(want.Stay, e)
				}
			}
			fitsBefore = fitsBefore || before[n].Fits
			fitsAfter = fitsAfter || after[n].Fits
		}
		switch {
		case w.Pods[p].NodeName != "":
		case fitsBefore && !fitsAfter:
			want.NoLongerSchedulable = append(want.NoLongerSchedulable, p)
		case fitsAfter && !fitsBefore:
			want.NewlySchedulable = append(want.NewlySchedulable, p)
		}
	}
	return want
}

// taintDifference is the taints of a that b lacks (key, value and effect).
func taintDifference(a, b []core.Taint) []core.Taint {
	out := []core.Taint{}
	for _, t := range a {
		if !slices.ContainsFunc(b, func(o core.Taint) bool { return o.Key == t.Key && o.Value == t.Value && o.Effect == t.Effect }) {
			out = append(out, t)
		}
	}
	return out
}

// BenchmarkWhatIf runs operators' commands on the generated 5,000-node
// cluster with 30 pods each (generated.Large), the operator-sized
// cluster: one pool of about 400 GPU nodes tainted NoExecute, and every node:
//
//	go test ./engine -run '^$' -bench WhatIf -benchmem
func BenchmarkWhatIf(b *testing.B) {
	w := generated.Cluster(generated.Large)
	for _, bc := range []struct{ name, command string }{
		{name: "gpu-pool", command: "kubectl taint nodes -l pool=gpu nvidia.com/gpu=present:NoExecute"},
		{name: "all", command: "kubectl taint nodes --all maintenance=now:NoExecute"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := w.WhatIf(bc.command); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
