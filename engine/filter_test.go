package engine

import (
	"testing"

	"github.com/go-logr/logr"
	"github.com/google/go-cmp/cmp"
	v1 "k8s.io/api/core/v1"
	corev1helpers "k8s.io/component-helpers/scheduling/corev1"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// filterVerdict is what a cell says about the filters, for comparing with
// upstream's Filter status.
type filterVerdict struct {
	Fits      bool
	Message   string
	BlockedBy int
}

func evaluateOne(pod core.Pod, nodes ...core.Node) *Report {
	w := &Workspace{Nodes: nodes, Pods: []core.Pod{pod}}
	return w.Evaluate()
}

// TestTaintTolerationFilter keeps upstream's cases verbatim (k/k
// pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go
// @cb6ff2d8, TestTaintTolerationFilter), run through Evaluate. Upstream's
// expected status there is the v1.34 message "node(s) had untolerated taint
// {dedicated: user1}"; since v1.35 the status is the generic
// "node(s) had untolerated taint(s)", which cells carry, with BlockedBy naming
// the taint the old message named.
func TestTaintTolerationFilter(t *testing.T) {
	blocked := func(taint int) filterVerdict {
		return filterVerdict{Message: scheduler.MessageUntoleratedTaints, BlockedBy: taint}
	}
	fits := filterVerdict{Fits: true, BlockedBy: -1}
	tests := []struct {
		name string
		pod  core.Pod
		node core.Node
		want filterVerdict
	}{
		{
			name: "A pod having no tolerations can't be scheduled onto a node with nonempty taints",
			pod:  podWithTolerations(nil),
			node: nodeWithTaints(core.Taint{Key: "dedicated", Value: "user1", Effect: "NoSchedule"}),
			want: blocked(0),
		},
		{
			name: "A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule",
			pod:  podWithTolerations([]core.Toleration{{Key: "dedicated", Value: "user1", Effect: "NoSchedule"}}),
			node: nodeWithTaints(core.Taint{Key: "dedicated", Value: "user1", Effect: "NoSchedule"}),
			want: fits,
		},
		{
			name: "A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule",
			pod:  podWithTolerations([]core.Toleration{{Key: "dedicated", Operator: "Equal", Value: "user2", Effect: "NoSchedule"}}),
			node: nodeWithTaints(core.Taint{Key: "dedicated", Value: "user1", Effect: "NoSchedule"}),
			want: blocked(0),
		},
		{
			name: "A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the taints on the node",
			pod:  podWithTolerations([]core.Toleration{{Key: "foo", Operator: "Exists", Effect: "NoSchedule"}}),
			node: nodeWithTaints(core.Taint{Key: "foo", Value: "bar", Effect: "NoSchedule"}),
			want: fits,
		},
		{
			name: "A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can be scheduled onto the node",
			pod: podWithTolerations([]core.Toleration{
				{Key: "dedicated", Operator: "Equal", Value: "user2", Effect: "NoSchedule"},
				{Key: "foo", Operator: "Exists", Effect: "NoSchedule"},
			}),
			node: nodeWithTaints(
				core.Taint{Key: "dedicated", Value: "user2", Effect: "NoSchedule"},
				core.Taint{Key: "foo", Value: "bar", Effect: "NoSchedule"},
			),
			want: fits,
		},
		{
			name: "A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect doesn't match, " +
				"can't be scheduled onto the node",
			pod:  podWithTolerations([]core.Toleration{{Key: "foo", Operator: "Equal", Value: "bar", Effect: "PreferNoSchedule"}}),
			node: nodeWithTaints(core.Taint{Key: "foo", Value: "bar", Effect: "NoSchedule"}),
			want: blocked(0),
		},
		{
			name: "The pod has a toleration that keys and values match the taint on the node, the effect of toleration is empty, " +
				"and the effect of taint is NoSchedule. Pod can be scheduled onto the node",
			pod:  podWithTolerations([]core.Toleration{{Key: "foo", Operator: "Equal", Value: "bar"}}),
			node: nodeWithTaints(core.Taint{Key: "foo", Value: "bar", Effect: "NoSchedule"}),
			want: fits,
		},
		{
			name: "The pod has a toleration that key and value don't match the taint on the node, " +
				"but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node",
			pod:  podWithTolerations([]core.Toleration{{Key: "dedicated", Operator: "Equal", Value: "user2", Effect: "NoSchedule"}}),
			node: nodeWithTaints(core.Taint{Key: "dedicated", Value: "user1", Effect: "PreferNoSchedule"}),
			want: fits,
		},
		{
			name: "The pod has no toleration, " +
				"but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node",
			pod:  podWithTolerations(nil),
			node: nodeWithTaints(core.Taint{Key: "dedicated", Value: "user1", Effect: "PreferNoSchedule"}),
			want: fits,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cell := evaluateOne(tc.pod, tc.node).Cells[0]
			got := filterVerdict{Fits: cell.Fits, Message: cell.Message, BlockedBy: cell.BlockedBy}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("cell filters (-want +got):\n%s", diff)
			}
		})
	}
}

func podWithTolerations(tolerations []core.Toleration) core.Pod {
	return core.Pod{Name: "pod1", Kind: "Pod", Tolerations: tolerations}
}

func nodeWithTaints(taints ...core.Taint) core.Node {
	return core.Node{Name: "nodeA", Taints: taints}
}

// TestFilterOrder checks which filter's message a cell reports when several
// fail: the scheduler runs NodeUnschedulable, NodeName, TaintToleration and
// NodeAffinity in that order and stops at the first failure.
func TestFilterOrder(t *testing.T) {
	cordoned := core.Node{Name: "n1", Unschedulable: true, Labels: map[string]string{"zone": "a"},
		Taints: []core.Taint{{Key: "dedicated", Effect: core.TaintEffectNoSchedule}, scheduler.UnschedulableTaint}}
	tests := []struct {
		name string
		pod  core.Pod
		node core.Node
		want Cell
	}{
		{
			name: "cordoned first",
			pod:  core.Pod{Name: "p", NodeName: "n2", NodeSelector: map[string]string{"zone": "b"}},
			node: cordoned,
			want: Cell{Taints: TaintsBlocked, BlockedBy: 0, Unschedulable: true, Message: scheduler.MessageUnschedulable,
				Placement: scheduler.Placement{NodeSelector: false, Affinity: true}},
		},
		{
			name: "then the node name",
			pod:  core.Pod{Name: "p", NodeName: "n2", NodeSelector: map[string]string{"zone": "b"}, Tolerations: []core.Toleration{{Key: scheduler.UnschedulableTaint.Key, Operator: core.TolerationOpExists}}},
			node: cordoned,
			want: Cell{Taints: TaintsBlocked, BlockedBy: 0, Message: scheduler.MessageNodeName,
				Placement: scheduler.Placement{NodeSelector: false, Affinity: true}},
		},
		{
			name: "then the taints",
			pod:  core.Pod{Name: "p", NodeSelector: map[string]string{"zone": "b"}, Tolerations: []core.Toleration{{Key: scheduler.UnschedulableTaint.Key, Operator: core.TolerationOpExists}}},
			node: cordoned,
			want: Cell{Taints: TaintsBlocked, BlockedBy: 0, Message: scheduler.MessageUntoleratedTaints,
				Placement: scheduler.Placement{NodeName: true, NodeSelector: false, Affinity: true}},
		},
		{
			name: "then node affinity and selector",
			pod:  core.Pod{Name: "p", NodeSelector: map[string]string{"zone": "b"}, Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}},
			node: cordoned,
			want: Cell{Taints: TaintsTolerated, BlockedBy: -1, Message: scheduler.MessageNodeAffinity,
				Placement: scheduler.Placement{NodeName: true, NodeSelector: false, Affinity: true}},
		},
		{
			name: "a tolerated cordon fits, scored",
			pod:  core.Pod{Name: "p", NodeSelector: map[string]string{"zone": "a"}, Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}},
			node: cordoned,
			want: Cell{Taints: TaintsTolerated, BlockedBy: -1, Fits: true, Score: scheduler.MaxNodeScore,
				Placement: scheduler.Placement{NodeName: true, NodeSelector: true, Affinity: true}},
		},
		{
			name: "spec.unschedulable alone, without the taint, still needs the toleration",
			pod:  core.Pod{Name: "p"},
			node: core.Node{Name: "n1", Unschedulable: true},
			want: Cell{Taints: TaintsTolerated, BlockedBy: -1, Unschedulable: true, Message: scheduler.MessageUnschedulable,
				Placement: scheduler.Placement{NodeName: true, NodeSelector: true, Affinity: true}},
		},
		{
			name: "a NoExecute toleration for 0 s still passes the filter",
			pod: core.Pod{Name: "p", Tolerations: []core.Toleration{
				{Key: "k", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(0))}}},
			node: core.Node{Name: "n1", Taints: []core.Taint{{Key: "k", Effect: core.TaintEffectNoExecute}}},
			want: Cell{Taints: TaintsTolerated, BlockedBy: -1, Fits: true, Score: scheduler.MaxNodeScore,
				Placement: scheduler.Placement{NodeName: true, NodeSelector: true, Affinity: true}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := evaluateOne(tc.pod, tc.node).Cells[0]
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("cell (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFilterOracle compares every cell's TaintToleration and NodeUnschedulable
// verdicts with component-helpers on generated workspaces, gate on and off.
func TestFilterOracle(t *testing.T) {
	logger := logr.Discard()
	unschedulable := v1.Taint{Key: v1.TaintNodeUnschedulable, Effect: v1.TaintEffectNoSchedule}
	for seed := range uint64(20) {
		w := GenerateWorkspace(40, 30, seed)
		w.Options.ComparisonOperators = seed%2 == 0
		u := toUpstreamWorkspace(w)
		report := w.Evaluate()
		for _, cell := range report.Cells {
			taints, tols := u.taints[cell.Node], u.tolerations[cell.Pod]
			wantTaint, wantBlocked := corev1helpers.FindMatchingUntoleratedTaint(logger, taints, tols, upstream.DoNotScheduleV1, u.gate)
			if blocked := cell.BlockedBy >= 0; blocked != wantBlocked {
				t.Fatalf("seed %d pod %d node %d: blocked = %v, upstream %v", seed, cell.Pod, cell.Node, blocked, wantBlocked)
			}
			if wantBlocked {
				if diff := cmp.Diff(wantTaint, taints[cell.BlockedBy]); diff != "" {
					t.Fatalf("seed %d pod %d node %d: BlockedBy taint (-upstream +engine):\n%s", seed, cell.Pod, cell.Node, diff)
				}
			}
			wantUnschedulable := u.unschedule[cell.Node] && !corev1helpers.TolerationsTolerateTaint(logger, tols, &unschedulable, u.gate)
			if cell.Unschedulable != wantUnschedulable {
				t.Fatalf("seed %d pod %d node %d: Unschedulable = %v, upstream %v", seed, cell.Pod, cell.Node, cell.Unschedulable, wantUnschedulable)
			}
		}
	}
}
