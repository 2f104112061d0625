package engine

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// qosContainers are upstream's makeContainersByQOS (eviction_manager_test.go).
func qosContainers(class string) []Resources {
	resources := map[string]string{"cpu": "100m", "memory": "1Gi"}
	switch class {
	case QOSGuaranteed:
		return []Resources{{Requests: resources, Limits: resources}}
	case QOSBurstable:
		return []Resources{{Requests: resources}}
	default:
		return []Resources{{}}
	}
}

func pressureNode(conditions ...string) *Node {
	node := &Node{Name: "node-1"}
	for _, c := range conditions {
		node.Conditions = append(node.Conditions, NodeCondition{Type: c, Status: ConditionTrue})
	}
	return node
}

// TestAdmitUnderNodeConditions runs upstream's eviction-manager admission
// test: three pods under no condition, MemoryPressure, and MemoryPressure with
// DiskPressure. Source: k/k pkg/kubelet/eviction/eviction_manager_test.go
// (TestAdmitUnderNodeConditions), Apache-2.0.
func TestAdmitUnderNodeConditions(t *testing.T) {
	pods := []Pod{
		{Name: "guaranteed-pod", Containers: qosContainers(QOSGuaranteed)},
		{Name: "burstable-pod", Containers: qosContainers(QOSBurstable)},
		{Name: "best-effort-pod", Containers: qosContainers(QOSBestEffort)},
	}
	tests := []struct {
		conditions []string
		expected   []bool
	}{
		{conditions: nil, expected: []bool{true, true, true}},
		{conditions: []string{NodeMemoryPressure}, expected: []bool{true, true, false}},
		{conditions: []string{NodeMemoryPressure, NodeDiskPressure}, expected: []bool{false, false, false}},
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
	notReady := Taint{Key: TaintNodeNotReady, Effect: TaintEffectNoExecute}
	priority := int32(systemCriticalPriority)
	tests := []struct {
		name       string
		pod        Pod
		node       *Node
		gate       bool
		wantAdmit  bool
		wantReason string
	}{
		{
			name:       "disk pressure alone rejects every pod",
			pod:        Pod{Containers: qosContainers(QOSGuaranteed)},
			node:       pressureNode(NodeDiskPressure),
			wantReason: "The node had condition: [DiskPressure]. ",
		},
		{
			name:       "the message lists the conditions in status order",
			pod:        Pod{},
			node:       pressureNode(NodePIDPressure, NodeMemoryPressure),
			wantReason: "The node had condition: [PIDPressure MemoryPressure]. ",
		},
		{
			name:      "a BestEffort pod that tolerates memory-pressure is admitted under memory pressure",
			pod:       Pod{Tolerations: []Toleration{{Key: TaintNodeMemoryPressure, Operator: TolerationOpExists}}},
			node:      pressureNode(NodeMemoryPressure),
			wantAdmit: true,
		},
		{
			name:       "a NoExecute toleration does not count for memory pressure",
			pod:        Pod{Tolerations: []Toleration{{Key: TaintNodeMemoryPressure, Operator: TolerationOpExists, Effect: TaintEffectNoExecute}}},
			node:       pressureNode(NodeMemoryPressure),
			wantReason: "The node had condition: [MemoryPressure]. ",
		},
		{
			name:      "a critical pod is admitted under any pressure",
			pod:       Pod{Priority: &priority},
			node:      pressureNode(NodeDiskPressure, NodeMemoryPressure),
			wantAdmit: true,
		},
		{
			name:      "a mirror pod is critical",
			pod:       Pod{Annotations: map[string]string{configMirrorAnnotation: "hash"}},
			node:      pressureNode(NodeDiskPressure),
			wantAdmit: true,
		},
		{
			name:      "a False pressure condition is no pressure",
			pod:       Pod{},
			node:      &Node{Conditions: []NodeCondition{{Type: NodeDiskPressure, Status: ConditionFalse}}},
			wantAdmit: true,
		},
		{
			name:       "an untolerated NoExecute taint rejects",
			pod:        Pod{},
			node:       &Node{Taints: []Taint{notReady}},
			wantReason: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
		},
		{
			name:      "a NoSchedule taint does not stop a pod bound by name",
			pod:       Pod{NodeName: "node-1"},
			node:      &Node{Name: "node-1", Taints: []Taint{{Key: "dedicated", Effect: TaintEffectNoSchedule}}},
			wantAdmit: true,
		},
		{
			name:      "a static pod is exempt from taints",
			pod:       Pod{Annotations: map[string]string{configSourceAnnotation: "file"}},
			node:      &Node{Taints: []Taint{notReady}},
			wantAdmit: true,
		},
		{
			name:       "a pod from the API server is not static",
			pod:        Pod{Annotations: map[string]string{configSourceAnnotation: "api"}},
			node:       &Node{Taints: []Taint{notReady}},
			wantReason: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
		},
		{
			name:      "Lt tolerates with the comparison gate on",
			pod:       Pod{Tolerations: []Toleration{{Key: "sla", Operator: TolerationOpLt, Value: "10", Effect: TaintEffectNoExecute}}},
			node:      &Node{Taints: []Taint{{Key: "sla", Value: "5", Effect: TaintEffectNoExecute}}},
			gate:      true,
			wantAdmit: true,
		},
		{
			name:       "Lt never tolerates with the gate off",
			pod:        Pod{Tolerations: []Toleration{{Key: "sla", Operator: TolerationOpLt, Value: "10", Effect: TaintEffectNoExecute}}},
			node:       &Node{Taints: []Taint{{Key: "sla", Value: "5", Effect: TaintEffectNoExecute}}},
			wantReason: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate",
		},
		{
			name:       "node affinity is checked before taints",
			pod:        Pod{NodeSelector: map[string]string{"zone": "a"}},
			node:       &Node{Taints: []Taint{notReady}},
			wantReason: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector",
		},
		{
			name:       "spec.nodeName must name this node",
			pod:        Pod{NodeName: "node-2"},
			node:       &Node{Name: "node-1"},
			wantReason: "Predicate NodeName failed: node(s) didn't match the requested node name",
		},
		{
			name:       "pressure is checked before the predicates",
			pod:        Pod{NodeName: "node-2"},
			node:       pressureNode(NodeDiskPressure),
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
