package engine

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestTaintNodeByCondition runs upstream's integration cases: the taints the
// controller puts on a node, and which pods then fit. Upstream runs them with a
// one-hour node monitor grace period, so only the NoSchedule pass happens, and
// with the PodTolerationRestriction admission plugin, which is what gives
// Burstable and Guaranteed pods their memory-pressure toleration.
// Source: k/k test/integration/scheduler/taint/taint_test.go @81ef1944, Apache-2.0.
func TestTaintNodeByCondition(t *testing.T) {
	podRes := map[string]string{"cpu": "100m", "memory": "100Mi"}
	bestEffortPod := Pod{Name: "besteffort-pod"}
	burstablePod := Pod{Name: "burstable-pod", Containers: []Resources{{Requests: podRes}}}
	guaranteePod := Pod{Name: "guarantee-pod", Containers: []Resources{{Requests: podRes, Limits: podRes}}}
	toleration := func(key string) Toleration {
		return Toleration{Key: key, Operator: TolerationOpExists, Effect: TaintEffectNoSchedule}
	}
	notReadyToleration := toleration(TaintNodeNotReady)
	unschedulableToleration := toleration(TaintNodeUnschedulable)
	memoryPressureToleration := toleration(TaintNodeMemoryPressure)
	diskPressureToleration := toleration(TaintNodeDiskPressure)
	networkUnavailableToleration := toleration(TaintNodeNetworkUnavailable)
	pidPressureToleration := toleration(TaintNodePIDPressure)
	noSchedule := func(key string) Taint { return Taint{Key: key, Effect: TaintEffectNoSchedule} }
	condition := func(conditionType, status string) NodeCondition {
		return NodeCondition{Type: conditionType, Status: status}
	}
	type podCase struct {
		pod         Pod
		tolerations []Toleration
		fits        bool
	}
	tests := []struct {
		name           string
		nodeConditions []NodeCondition
		unschedulable  bool
		expectedTaints []Taint
		pods           []podCase
	}{
		{
			name:           "not-ready node",
			nodeConditions: []NodeCondition{condition(NodeReady, ConditionFalse)},
			expectedTaints: []Taint{noSchedule(TaintNodeNotReady)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []Toleration{notReadyToleration}, fits: true},
			},
		},
		{
			name:           "unschedulable node",
			unschedulable:  true,
			nodeConditions: []NodeCondition{condition(NodeReady, ConditionTrue)},
			expectedTaints: []Taint{noSchedule(TaintNodeUnschedulable)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []Toleration{unschedulableToleration}, fits: true},
			},
		},
		{
			name:           "memory pressure node",
			nodeConditions: []NodeCondition{condition(NodeMemoryPressure, ConditionTrue), condition(NodeReady, ConditionTrue)},
			expectedTaints: []Taint{noSchedule(TaintNodeMemoryPressure)},
			// In MemoryPressure condition, both Burstable and Guarantee pods are scheduled;
			// BestEffort pod with toleration are also scheduled.
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: bestEffortPod, tolerations: []Toleration{memoryPressureToleration}, fits: true},
				{pod: bestEffortPod, tolerations: []Toleration{diskPressureToleration}, fits: false},
				{pod: burstablePod, fits: true},
				{pod: guaranteePod, fits: true},
			},
		},
		{
			name:           "disk pressure node",
			nodeConditions: []NodeCondition{condition(NodeDiskPressure, ConditionTrue), condition(NodeReady, ConditionTrue)},
			expectedTaints: []Taint{noSchedule(TaintNodeDiskPressure)},
			// In DiskPressure condition, only pods with toleration can be scheduled.
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []Toleration{diskPressureToleration}, fits: true},
				{pod: bestEffortPod, tolerations: []Toleration{memoryPressureToleration}, fits: false},
			},
		},
		{
			name:           "network unavailable and node is ready",
			nodeConditions: []NodeCondition{condition(NodeNetworkUnavailable, ConditionTrue), condition(NodeReady, ConditionTrue)},
			expectedTaints: []Taint{noSchedule(TaintNodeNetworkUnavailable)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: burstablePod, tolerations: []Toleration{networkUnavailableToleration}, fits: true},
			},
		},
		{
			name:           "network unavailable and node is not ready",
			nodeConditions: []NodeCondition{condition(NodeNetworkUnavailable, ConditionTrue), condition(NodeReady, ConditionFalse)},
			expectedTaints: []Taint{noSchedule(TaintNodeNetworkUnavailable), noSchedule(TaintNodeNotReady)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: burstablePod, tolerations: []Toleration{networkUnavailableToleration}, fits: false},
				{pod: burstablePod, tolerations: []Toleration{networkUnavailableToleration, notReadyToleration}, fits: true},
			},
		},
		{
			name:           "pid pressure node",
			nodeConditions: []NodeCondition{condition(NodePIDPressure, ConditionTrue), condition(NodeReady, ConditionTrue)},
			expectedTaints: []Taint{noSchedule(TaintNodePIDPressure)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []Toleration{pidPressureToleration}, fits: true},
			},
		},
		{
			name: "multi taints on node",
			nodeConditions: []NodeCondition{
				condition(NodePIDPressure, ConditionTrue), condition(NodeMemoryPressure, ConditionTrue),
				condition(NodeDiskPressure, ConditionTrue), condition(NodeReady, ConditionTrue),
			},
			expectedTaints: []Taint{noSchedule(TaintNodeDiskPressure), noSchedule(TaintNodeMemoryPressure), noSchedule(TaintNodePIDPressure)},
		},
	}
	// Upstream checks that the node has the expected taints in any order.
	byKey := cmpopts.SortSlices(func(a, b Taint) bool { return a.Key < b.Key })
	apiFields := cmpopts.IgnoreFields(Taint{}, "Origin", "Source")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			node := Node{Name: "node-1", Unschedulable: tc.unschedulable, Conditions: tc.nodeConditions}
			node.Taints = slices.DeleteFunc(ControllerTaints(&node, true), func(t Taint) bool { return IsNoExecute(&t) })
			if diff := cmp.Diff(tc.expectedTaints, node.Taints, byKey, apiFields); diff != "" {
				t.Errorf("taints (-want +got):\n%s", diff)
			}
			for i, p := range tc.pods {
				pod := p.pod
				pod.Tolerations = p.tolerations
				Admit(&pod, Options{PodTolerationRestriction: true})
				fits := TaintTolerationFilter(&pod, &node, false) < 0 && NodeUnschedulableFilter(&pod, &node, false)
				if fits != p.fits {
					t.Errorf("pod %d (%s with %d tolerations) fits = %v, want %v", i, pod.Name, len(p.tolerations), fits, p.fits)
				}
			}
		})
	}
}

func TestControllerTaints(t *testing.T) {
	nodeSource := Source{Editor: EditorNodes, Line: 1, Field: "", Fields: map[string]int{"name": 3}}
	readyFalse := NodeCondition{Type: NodeReady, Status: ConditionFalse, Source: Source{Editor: EditorNodes, Line: 9, Field: "status.conditions[0]"}}
	readyUnknown := NodeCondition{Type: NodeReady, Status: ConditionUnknown, Source: Source{Editor: EditorNodes, Line: 9, Field: "status.conditions[0]"}}
	tests := []struct {
		name       string
		node       Node
		conditions bool
		want       []Taint
	}{
		{
			name:       "Ready=False adds not-ready NoSchedule and NoExecute",
			node:       Node{Conditions: []NodeCondition{readyFalse}},
			conditions: true,
			want: []Taint{
				{Key: TaintNodeNotReady, Effect: TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
				{Key: TaintNodeNotReady, Effect: TaintEffectNoExecute, Origin: "condition Ready=False", Source: readyFalse.Source},
			},
		},
		{
			name:       "Ready=Unknown adds unreachable NoSchedule and NoExecute",
			node:       Node{Conditions: []NodeCondition{readyUnknown}},
			conditions: true,
			want: []Taint{
				{Key: TaintNodeUnreachable, Effect: TaintEffectNoSchedule, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
				{Key: TaintNodeUnreachable, Effect: TaintEffectNoExecute, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
			},
		},
		{
			name: "conditions off leaves only spec.unschedulable",
			node: Node{Unschedulable: true, Source: nodeSource, Conditions: []NodeCondition{readyFalse}},
			want: []Taint{
				{Key: TaintNodeUnschedulable, Effect: TaintEffectNoSchedule, Origin: "spec.unschedulable",
					Source: Source{Editor: EditorNodes, Line: 1, Field: "spec.unschedulable"}},
			},
		},
		{
			name: "condition taints come first, unschedulable next, NoExecute last",
			node: Node{Unschedulable: true, Source: nodeSource, Conditions: []NodeCondition{
				readyFalse, {Type: NodeDiskPressure, Status: ConditionTrue}, {Type: NodeMemoryPressure, Status: ConditionFalse},
			}},
			conditions: true,
			want: []Taint{
				{Key: TaintNodeNotReady, Effect: TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
				{Key: TaintNodeDiskPressure, Effect: TaintEffectNoSchedule, Origin: "condition DiskPressure=True"},
				{Key: TaintNodeUnschedulable, Effect: TaintEffectNoSchedule, Origin: "spec.unschedulable",
					Source: Source{Editor: EditorNodes, Line: 1, Field: "spec.unschedulable"}},
				{Key: TaintNodeNotReady, Effect: TaintEffectNoExecute, Origin: "condition Ready=False", Source: readyFalse.Source},
			},
		},
		{
			name: "a taint the node already has, by key and effect, is skipped",
			node: Node{
				Taints:     []Taint{{Key: TaintNodeNotReady, Value: "written", Effect: TaintEffectNoExecute}},
				Conditions: []NodeCondition{readyFalse},
			},
			conditions: true,
			want: []Taint{
				{Key: TaintNodeNotReady, Effect: TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
			},
		},
		{
			name:       "a repeated condition adds its taint once, and only the first Ready decides NoExecute",
			node:       Node{Conditions: []NodeCondition{readyUnknown, readyFalse, readyUnknown}},
			conditions: true,
			want: []Taint{
				{Key: TaintNodeUnreachable, Effect: TaintEffectNoSchedule, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
				{Key: TaintNodeNotReady, Effect: TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
				{Key: TaintNodeUnreachable, Effect: TaintEffectNoExecute, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
			},
		},
		{
			name:       "healthy conditions add nothing",
			node:       Node{Conditions: []NodeCondition{{Type: NodeReady, Status: ConditionTrue}, {Type: NodePIDPressure, Status: ConditionFalse}, {Type: "Custom", Status: ConditionTrue}}},
			conditions: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ControllerTaints(&tc.node, tc.conditions)); diff != "" {
				t.Errorf("ControllerTaints (-want +got):\n%s", diff)
			}
		})
	}
}
