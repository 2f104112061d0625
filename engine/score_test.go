package engine

import (
	"testing"

	"github.com/go-logr/logr"
	"github.com/google/go-cmp/cmp"
	v1 "k8s.io/api/core/v1"
	corev1helpers "k8s.io/component-helpers/scheduling/corev1"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// nodeScore is one node's normalized score, as upstream's NodeScoreList holds it.
type nodeScore struct {
	Name  string
	Score int
}

func rowScores(r *Report) []nodeScore {
	var scores []nodeScore
	for _, cell := range r.Cells {
		scores = append(scores, nodeScore{Name: r.Nodes[cell.Node].Name, Score: cell.Score})
	}
	return scores
}

func namedNode(name string, taints ...core.Taint) core.Node {
	return core.Node{Name: name, Taints: taints}
}

// TestTaintTolerationScore keeps upstream's cases verbatim (k/k
// pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go
// @cb6ff2d8, TestTaintTolerationScore), run through Evaluate: PreScore, Score
// and NormalizeScore over the nodes of one pod's row.
func TestTaintTolerationScore(t *testing.T) {
	tests := []struct {
		name  string
		pod   core.Pod
		nodes []core.Node
		want  []nodeScore
	}{
		{
			name: "node with taints tolerated by the pod, gets a higher score than those node with intolerable taints",
			pod: podWithTolerations([]core.Toleration{{
				Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectPreferNoSchedule,
			}}),
			nodes: []core.Node{
				namedNode("nodeA", core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectPreferNoSchedule}),
				namedNode("nodeB", core.Taint{Key: "foo", Value: "blah", Effect: core.TaintEffectPreferNoSchedule}),
			},
			want: []nodeScore{{"nodeA", scheduler.MaxNodeScore}, {"nodeB", 0}},
		},
		{
			name: "the nodes that all of their taints are tolerated by the pod, get the same score, no matter how many tolerable taints a node has",
			pod: podWithTolerations([]core.Toleration{
				{Key: "cpu-type", Operator: core.TolerationOpEqual, Value: "arm64", Effect: core.TaintEffectPreferNoSchedule},
				{Key: "disk-type", Operator: core.TolerationOpEqual, Value: "ssd", Effect: core.TaintEffectPreferNoSchedule},
			}),
			nodes: []core.Node{
				namedNode("nodeA"),
				namedNode("nodeB", core.Taint{Key: "cpu-type", Value: "arm64", Effect: core.TaintEffectPreferNoSchedule}),
				namedNode("nodeC",
					core.Taint{Key: "cpu-type", Value: "arm64", Effect: core.TaintEffectPreferNoSchedule},
					core.Taint{Key: "disk-type", Value: "ssd", Effect: core.TaintEffectPreferNoSchedule}),
			},
			want: []nodeScore{{"nodeA", scheduler.MaxNodeScore}, {"nodeB", scheduler.MaxNodeScore}, {"nodeC", scheduler.MaxNodeScore}},
		},
		{
			name: "the more intolerable taints a node has, the lower score it gets.",
			pod: podWithTolerations([]core.Toleration{{
				Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectPreferNoSchedule,
			}}),
			nodes: []core.Node{
				namedNode("nodeA"),
				namedNode("nodeB", core.Taint{Key: "cpu-type", Value: "arm64", Effect: core.TaintEffectPreferNoSchedule}),
				namedNode("nodeC",
					core.Taint{Key: "cpu-type", Value: "arm64", Effect: core.TaintEffectPreferNoSchedule},
					core.Taint{Key: "disk-type", Value: "ssd", Effect: core.TaintEffectPreferNoSchedule}),
			},
			want: []nodeScore{{"nodeA", scheduler.MaxNodeScore}, {"nodeB", 50}, {"nodeC", 0}},
		},
		{
			name: "only taints and tolerations that have effect PreferNoSchedule are checked by taints-tolerations priority function",
			pod: podWithTolerations([]core.Toleration{
				{Key: "cpu-type", Operator: core.TolerationOpEqual, Value: "arm64", Effect: core.TaintEffectNoSchedule},
				{Key: "disk-type", Operator: core.TolerationOpEqual, Value: "ssd", Effect: core.TaintEffectNoSchedule},
			}),
			nodes: []core.Node{
				namedNode("nodeA"),
				namedNode("nodeB", core.Taint{Key: "cpu-type", Value: "arm64", Effect: core.TaintEffectNoSchedule}),
				namedNode("nodeC",
					core.Taint{Key: "cpu-type", Value: "arm64", Effect: core.TaintEffectPreferNoSchedule},
					core.Taint{Key: "disk-type", Value: "ssd", Effect: core.TaintEffectPreferNoSchedule}),
			},
			want: []nodeScore{{"nodeA", scheduler.MaxNodeScore}, {"nodeB", scheduler.MaxNodeScore}, {"nodeC", 0}},
		},
		{
			name: "Default behaviour No taints and tolerations, lands on node with no taints",
			pod:  podWithTolerations(nil),
			nodes: []core.Node{
				namedNode("nodeA"),
				namedNode("nodeB", core.Taint{Key: "cpu-type", Value: "arm64", Effect: core.TaintEffectPreferNoSchedule}),
			},
			want: []nodeScore{{"nodeA", scheduler.MaxNodeScore}, {"nodeB", 0}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := rowScores(evaluateOne(tc.pod, tc.nodes...))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("scores (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNormalizeScore checks DefaultNormalizeScore(100, reverse) and that only
// the cells where the pod fits are scored.
func TestNormalizeScore(t *testing.T) {
	cell := func(fits bool, count int) Cell { return Cell{Fits: fits, PreferNoSchedule: count} }
	tests := []struct {
		name string
		row  []Cell
		want []int
	}{
		{name: "no untolerated taint anywhere: all 100", row: []Cell{cell(true, 0), cell(true, 0)}, want: []int{100, 100}},
		{name: "integer division: 0, 1, 3 give 100, 67, 0", row: []Cell{cell(true, 0), cell(true, 1), cell(true, 3)}, want: []int{100, 67, 0}},
		{name: "a cell that does not fit scores 0 and sets no maximum", row: []Cell{cell(true, 1), cell(false, 5), cell(true, 2)}, want: []int{50, 0, 0}},
		{name: "only unfit cells carry counts: the fitting ones all score 100", row: []Cell{cell(true, 0), cell(false, 3)}, want: []int{100, 0}},
		{name: "empty row", row: []Cell{}, want: []int{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			NormalizeScore(tc.row)
			got := make([]int, len(tc.row))
			for i := range tc.row {
				got[i] = tc.row[i].Score
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("scores (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPreferNoScheduleOracle compares every cell's PreferNoSchedule count with
// upstream's Score, written with component-helpers, on generated workspaces.
func TestPreferNoScheduleOracle(t *testing.T) {
	logger := logr.Discard()
	for seed := range uint64(20) {
		w := GenerateWorkspace(40, 30, seed)
		w.Options.ComparisonOperators = seed%2 == 1
		u := toUpstreamWorkspace(w)
		for _, cell := range w.Evaluate().Cells {
			var prefer []v1.Toleration
			for _, tol := range u.tolerations[cell.Pod] {
				if tol.Effect == "" || tol.Effect == v1.TaintEffectPreferNoSchedule {
					prefer = append(prefer, tol)
				}
			}
			want := 0
			for _, taint := range u.taints[cell.Node] {
				if taint.Effect == v1.TaintEffectPreferNoSchedule && !corev1helpers.TolerationsTolerateTaint(logger, prefer, &taint, u.gate) {
					want++
				}
			}
			if cell.PreferNoSchedule != want {
				t.Fatalf("seed %d pod %d node %d: PreferNoSchedule = %d, upstream %d", seed, cell.Pod, cell.Node, cell.PreferNoSchedule, want)
			}
		}
	}
}
