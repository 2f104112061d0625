package admission

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// qosContainers are upstream's makeContainersByQOS (eviction_manager_test.go).
func qosContainers(class string) []core.Resources {
	resources := map[string]string{"cpu": "100m", "memory": "1Gi"}
	switch class {
	case core.QOSGuaranteed:
		return []core.Resources{{Requests: resources, Limits: resources}}
	case core.QOSBurstable:
		return []core.Resources{{Requests: resources}}
	default:
		return []core.Resources{{}}
	}
}

func pressureNode(conditions ...string) *core.Node {
	node := &core.Node{Name: "node-1"}
	for _, c := range conditions {
		node.Conditions = append(node.Conditions, core.NodeCondition{Type: c, Status: core.ConditionTrue})
	}
	return node
}

// TestAdmitUnderNodeConditions runs upstream's eviction-manager admission
// test: three pods under no condition, MemoryPressure, and MemoryPressure with
// DiskPressure. Source: k/k pkg/kubelet/eviction/eviction_manager_test.go
// (TestAdmitUnderNodeConditions), Apache-2.0.
func TestAdmitUnderNodeConditions(t *testing.T) {
	pods := []core.Pod{
		{Name: "guaranteed-pod", Containers: qosContainers(core.QOSGuaranteed)},
		{Name: "burstable-pod", Containers: qosContainers(core.QOSBurstable)},
		{Name: "best-effort-pod", Containers: qosContainers(core.QOSBestEffort)},
	}
	tests := []struct {
		conditions []string
		expected   []bool
	}{
		{conditions: nil, expected: []bool{true, true, true}},
		{conditions: []string{core.NodeMemoryPressure}, expected: []bool{true, true, false}},
		{conditions: []string{core.NodeMemoryPressure, core.NodeDiskPressure}, expected: []bool{false, false, false}},
	}
	for _, tc := range tests {
		for i := range pods {
			t.Run(fmt.Sprintf("%s under %v", pods[i].Name, tc.conditions), func(t *testing.T) {
				if admit, reason := KubeletAdmit(&pods[i], pressureNode(tc.conditions...), false); admit != tc.expected[i] {
					t.Errorf("admit = %v (%q), want %v", admit, reason, tc.expected[i])
				}
			})
		}
	}
}

func TestKubeletAdmit(t *testing.T) {
	notReady := core.Taint{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoExecute}
	priority := int32(systemCriticalPriority)
	tests := []struct {
		name       string
		pod        core.Pod
		node       *core.Node
		gate       bool
		wantAdmit  bool
		wantReason string
	}{
		{
			name:       "disk pressure alone rejects every pod",
			pod:        core.Pod{Containers: qosContainers(core.QOSGuaranteed)},
			node:       pressureNode(core.NodeDiskPressure),
			wantReason: "The node had condition: [DiskPressure]. ",
		},
		{
			name:       "the message lists the conditions in status order",
			pod:        core.Pod{},
			node:       pressureNode(core.NodePIDPressure, core.NodeMemoryPressure),
			wantReason: "The node had condition: [PIDPressure MemoryPressure]. ",
		},
		{
			name:      "a BestEffort pod that tolerates memory-pressure is admitted under memory pressure",
			pod:       core.Pod{Tolerations: []core.Toleration{{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists}}},
			node:      pressureNode(core.NodeMemoryPressure),
			wantAdmit: true,
		},
		{
			name:       "a NoExecute toleration does not count for memory pressure",
			pod:        core.Pod{Tolerations: []core.Toleration{{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}}},
			node:       pressureNode(core.NodeMemoryPressure),
			wantReason: "The node had condition: [MemoryPressure]. ",
		},
		{
			name:      "a critical pod is admitted under any pressure",
			pod:       core.Pod{Priority: &priority},
			node:      pressureNode(core.NodeDiskPressure, core.NodeMemoryPressure),
			wantAdmit: true,
		},
		{
			name:      "a mirror pod is critical",
			pod:       core.Pod{Annotations: map[string]string{configMirrorAnnotation: "hash"}},
			node:      pressureNode(core.NodeDiskPressure),
			wantAdmit: true,
		},
		{
			name:      "a False pressure condition is no pressure",
			pod:       core.Pod{},
			node:      &core.Node{Conditions: []core.NodeCondition{{Type: core.NodeDiskPressure, Status: core.ConditionFalse}}},
			wantAdmit: true,
		},
		{
			name:       "an untolerated NoExecute taint rejects",
			pod:        core.Pod{},
			node:       &core.Node{Taints: []core.Taint{notReady}},
			wantReason: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
		},
		{
			name:      "a NoSchedule taint does not stop a pod bound by name",
			pod:       core.Pod{NodeName: "node-1"},
			node:      &core.Node{Name: "node-1", Taints: []core.Taint{{Key: "dedicated", Effect: core.TaintEffectNoSchedule}}},
			wantAdmit: true,
		},
		{
			name:      "a static pod is exempt from taints",
			pod:       core.Pod{Annotations: map[string]string{configSourceAnnotation: "file"}},
			node:      &core.Node{Taints: []core.Taint{notReady}},
			wantAdmit: true,
		},
		{
			name:       "a pod from the API server is not static",
			pod:        core.Pod{Annotations: map[string]string{configSourceAnnotation: "api"}},
			node:       &core.Node{Taints: []core.Taint{notReady}},
			wantReason: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
		},
		{
			name:      "Lt tolerates with the comparison gate on",
			pod:       core.Pod{Tolerations: []core.Toleration{{Key: "sla", Operator: core.TolerationOpLt, Value: "10", Effect: core.TaintEffectNoExecute}}},
			node:      &core.Node{Taints: []core.Taint{{Key: "sla", Value: "5", Effect: core.TaintEffectNoExecute}}},
			gate:      true,
			wantAdmit: true,
		},
		{
			name:       "Lt never tolerates with the gate off",
			pod:        core.Pod{Tolerations: []core.Toleration{{Key: "sla", Operator: core.TolerationOpLt, Value: "10", Effect: core.TaintEffectNoExecute}}},
			node:       &core.Node{Taints: []core.Taint{{Key: "sla", Value: "5", Effect: core.TaintEffectNoExecute}}},
			wantReason: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
		},
		{
			name:       "node affinity is checked before taints",
			pod:        core.Pod{NodeSelector: map[string]string{"zone": "a"}},
			node:       &core.Node{Taints: []core.Taint{notReady}},
			wantReason: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector",
		},
		{
			name:       "spec.nodeName must name this node",
			pod:        core.Pod{NodeName: "node-2"},
			node:       &core.Node{Name: "node-1"},
			wantReason: "Predicate NodeName failed: node(s) didn't match the requested node name",
		},
		{
			name:       "pressure is checked before the predicates",
			pod:        core.Pod{NodeName: "node-2"},
			node:       pressureNode(core.NodeDiskPressure),
			wantReason: "The node had condition: [DiskPressure]. ",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			admit, reason := KubeletAdmit(&tc.pod, tc.node, tc.gate)
			if diff := cmp.Diff([]any{tc.wantAdmit, tc.wantReason}, []any{admit, reason}); diff != "" {
				t.Errorf("KubeletAdmit (-want +got):\n%s", diff)
			}
		})
	}
}
