package engine

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/admission"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/scheduler"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// TestTaintNodeByCondition runs upstream's integration cases: the taints the
// controller puts on a node, and which pods then fit. Upstream runs them with a
// one-hour node monitor grace period, so only the NoSchedule pass happens, and
// with the PodTolerationRestriction admission plugin, which is what gives
// Burstable and Guaranteed pods their memory-pressure toleration.
// Source: k/k test/integration/scheduler/taint/taint_test.go @81ef1944, Apache-2.0.
func TestTaintNodeByCondition(t *testing.T) {
	podRes := map[string]string{"cpu": "100m", "memory": "100Mi"}
	bestEffortPod := core.Pod{Name: "besteffort-pod"}
	burstablePod := core.Pod{Name: "burstable-pod", Containers: []core.Resources{{Requests: podRes}}}
	guaranteePod := core.Pod{Name: "guarantee-pod", Containers: []core.Resources{{Requests: podRes, Limits: podRes}}}
	toleration := func(key string) core.Toleration {
		return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	}
	notReadyToleration := toleration(core.TaintNodeNotReady)
	unschedulableToleration := toleration(core.TaintNodeUnschedulable)
	memoryPressureToleration := toleration(core.TaintNodeMemoryPressure)
	diskPressureToleration := toleration(core.TaintNodeDiskPressure)
	networkUnavailableToleration := toleration(core.TaintNodeNetworkUnavailable)
	pidPressureToleration := toleration(core.TaintNodePIDPressure)
	noSchedule := func(key string) core.Taint { return core.Taint{Key: key, Effect: core.TaintEffectNoSchedule} }
	condition := func(conditionType, status string) core.NodeCondition {
		return core.NodeCondition{Type: conditionType, Status: status}
	}
	type podCase struct {
		pod         core.Pod
		tolerations []core.Toleration
		fits        bool
	}
	tests := []struct {
		name           string
		nodeConditions []core.NodeCondition
		unschedulable  bool
		expectedTaints []core.Taint
		pods           []podCase
	}{
		{
			name:           "not-ready node",
			nodeConditions: []core.NodeCondition{condition(core.NodeReady, core.ConditionFalse)},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodeNotReady)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []core.Toleration{notReadyToleration}, fits: true},
			},
		},
		{
			name:           "unschedulable node",
			unschedulable:  true,
			nodeConditions: []core.NodeCondition{condition(core.NodeReady, core.ConditionTrue)},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodeUnschedulable)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []core.Toleration{unschedulableToleration}, fits: true},
			},
		},
		{
			name:           "memory pressure node",
			nodeConditions: []core.NodeCondition{condition(core.NodeMemoryPressure, core.ConditionTrue), condition(core.NodeReady, core.ConditionTrue)},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodeMemoryPressure)},
			// In MemoryPressure condition, both Burstable and Guarantee pods are scheduled;
			// BestEffort pod with toleration are also scheduled.
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: bestEffortPod, tolerations: []core.Toleration{memoryPressureToleration}, fits: true},
				{pod: bestEffortPod, tolerations: []core.Toleration{diskPressureToleration}, fits: false},
				{pod: burstablePod, fits: true},
				{pod: guaranteePod, fits: true},
			},
		},
		{
			name:           "disk pressure node",
			nodeConditions: []core.NodeCondition{condition(core.NodeDiskPressure, core.ConditionTrue), condition(core.NodeReady, core.ConditionTrue)},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodeDiskPressure)},
			// In DiskPressure condition, only pods with toleration can be scheduled.
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []core.Toleration{diskPressureToleration}, fits: true},
				{pod: bestEffortPod, tolerations: []core.Toleration{memoryPressureToleration}, fits: false},
			},
		},
		{
			name:           "network unavailable and node is ready",
			nodeConditions: []core.NodeCondition{condition(core.NodeNetworkUnavailable, core.ConditionTrue), condition(core.NodeReady, core.ConditionTrue)},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodeNetworkUnavailable)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: burstablePod, tolerations: []core.Toleration{networkUnavailableToleration}, fits: true},
			},
		},
		{
			name:           "network unavailable and node is not ready",
			nodeConditions: []core.NodeCondition{condition(core.NodeNetworkUnavailable, core.ConditionTrue), condition(core.NodeReady, core.ConditionFalse)},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodeNetworkUnavailable), noSchedule(core.TaintNodeNotReady)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: burstablePod, tolerations: []core.Toleration{networkUnavailableToleration}, fits: false},
				{pod: burstablePod, tolerations: []core.Toleration{networkUnavailableToleration, notReadyToleration}, fits: true},
			},
		},
		{
			name:           "pid pressure node",
			nodeConditions: []core.NodeCondition{condition(core.NodePIDPressure, core.ConditionTrue), condition(core.NodeReady, core.ConditionTrue)},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodePIDPressure)},
			pods: []podCase{
				{pod: bestEffortPod, fits: false},
				{pod: burstablePod, fits: false},
				{pod: guaranteePod, fits: false},
				{pod: bestEffortPod, tolerations: []core.Toleration{pidPressureToleration}, fits: true},
			},
		},
		{
			name: "multi taints on node",
			nodeConditions: []core.NodeCondition{
				condition(core.NodePIDPressure, core.ConditionTrue), condition(core.NodeMemoryPressure, core.ConditionTrue),
				condition(core.NodeDiskPressure, core.ConditionTrue), condition(core.NodeReady, core.ConditionTrue),
			},
			expectedTaints: []core.Taint{noSchedule(core.TaintNodeDiskPressure), noSchedule(core.TaintNodeMemoryPressure), noSchedule(core.TaintNodePIDPressure)},
		},
	}
	// Upstream checks that the node has the expected taints in any order.
	byKey := cmpopts.SortSlices(func(a, b core.Taint) bool { return a.Key < b.Key })
	apiFields := cmpopts.IgnoreFields(core.Taint{}, "Origin", "Source")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			node := core.Node{Name: "node-1", Unschedulable: tc.unschedulable, Conditions: tc.nodeConditions}
			node.Taints = slices.DeleteFunc(tainteviction.ControllerTaints(&node, true), func(t core.Taint) bool { return tainteviction.IsNoExecute(&t) })
			if diff := cmp.Diff(tc.expectedTaints, node.Taints, byKey, apiFields); diff != "" {
				t.Errorf("taints (-want +got):\n%s", diff)
			}
			for i, p := range tc.pods {
				pod := p.pod
				pod.Tolerations = p.tolerations
				admission.Admit(&pod, core.Options{PodTolerationRestriction: true})
				fits := scheduler.TaintTolerationFilter(&pod, &node, false) < 0 && scheduler.NodeUnschedulableFilter(&pod, &node, false)
				if fits != p.fits {
					t.Errorf("pod %d (%s with %d tolerations) fits = %v, want %v", i, pod.Name, len(p.tolerations), fits, p.fits)
				}
			}
		})
	}
}
