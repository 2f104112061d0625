package scheduler

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestNodeSchedulingKey checks that nodes share a key only when every field
// the filters read, for pods that read what reads holds, is the same.
func TestNodeSchedulingKey(t *testing.T) {
	base := func() core.Node {
		return core.Node{
			Name:   "gpu-1",
			Labels: map[string]string{"pool": "gpu", "zone": "a", "kubernetes.io/hostname": "gpu-1"},
			Taints: []core.Taint{{Key: "gpu", Value: "true", Effect: core.TaintEffectNoSchedule}, {Key: "spot", Effect: core.TaintEffectPreferNoSchedule}},
		}
	}
	var selecting NodeReads
	selecting.Read(&core.Pod{NodeSelector: map[string]string{"pool": "gpu"}, RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{{
		MatchExpressions: []core.NodeSelectorRequirement{{Key: "zone", Operator: "Exists"}}}}}})
	var naming NodeReads
	naming.Read(&core.Pod{RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{{
		MatchFields: []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"gpu-1"}}}}}}})
	var bound NodeReads
	bound.Read(&core.Pod{NodeName: "gpu-1"})
	now := time.Now()
	for _, tc := range []struct {
		name   string
		reads  *NodeReads
		change func(*core.Node)
		same   bool
	}{
		{name: "another hostname label and name filter alike", reads: &selecting, same: true, change: func(n *core.Node) {
			n.Name, n.Labels["kubernetes.io/hostname"] = "gpu-2", "gpu-2"
		}},
		{name: "conditions, rejection, timeAdded and origin filter alike", reads: &selecting, same: true, change: func(n *core.Node) {
			n.Conditions = []core.NodeCondition{{Type: core.NodeReady, Status: core.ConditionFalse}}
			n.Rejected = []string{"spec.taints[0]: Invalid value"}
			n.Taints[0].TimeAdded, n.Taints[0].Origin = &now, "condition Ready=False"
		}},
		{name: "another selected label value differs", reads: &selecting, change: func(n *core.Node) { n.Labels["pool"] = "cpu" }},
		{name: "an affinity label taken away differs", reads: &selecting, change: func(n *core.Node) { delete(n.Labels, "zone") }},
		{name: "an empty affinity label differs from none", reads: &selecting, change: func(n *core.Node) { n.Labels["zone"] = "" }},
		{name: "another taint key differs", reads: &selecting, change: func(n *core.Node) { n.Taints[0].Key = "tpu" }},
		{name: "another taint value differs", reads: &selecting, change: func(n *core.Node) { n.Taints[0].Value = "false" }},
		{name: "another taint effect differs", reads: &selecting, change: func(n *core.Node) { n.Taints[1].Effect = core.TaintEffectNoExecute }},
		{name: "taints in another order differ", reads: &selecting, change: func(n *core.Node) { slices.Reverse(n.Taints) }},
		{name: "a cordon differs", reads: &selecting, change: func(n *core.Node) { n.Unschedulable = true }},
		{name: "another name differs for matchFields", reads: &naming, change: func(n *core.Node) { n.Name = "gpu-2" }},
		{name: "another name differs for spec.nodeName", reads: &bound, change: func(n *core.Node) { n.Name = "gpu-2" }},
		{name: "labels no pod reads filter alike", reads: &naming, same: true, change: func(n *core.Node) { n.Labels = nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := base(), base()
			tc.change(&b)
			if got := NodeSchedulingKey(&a, tc.reads) == NodeSchedulingKey(&b, tc.reads); got != tc.same {
				t.Errorf("same key = %v, want %v:\n%q\n%q", got, tc.same, NodeSchedulingKey(&a, tc.reads), NodeSchedulingKey(&b, tc.reads))
			}
		})
	}
}

// TestShapeKeysNameEveryField lists every field of the objects the filters
// judge, each as read by them (and so in SchedulingKey or NodeSchedulingKey,
// which TestSchedulingKey and TestNodeSchedulingKey check) or not. A field
// added to core.Node, core.Taint, core.Pod, core.Toleration or a node
// selector requirement fails this test until someone decides which it is,
// so a field that a filter starts to read cannot be left out of the keys
// that group pods and nodes by shape (engine.judgeByShape). What the kubelet
// and the taint-eviction controller read (conditions, tolerationSeconds,
// containers...) is in no key: a running pod is judged on its own node, pod
// by pod.
func TestShapeKeysNameEveryField(t *testing.T) {
	for _, tc := range []struct {
		object  any
		read    []string // by the filters: part of the key
		notRead []string
	}{
		{object: core.Node{}, read: []string{"Name", "Labels", "Taints", "Unschedulable"},
			notRead: []string{"Conditions", "Rejected", "Source"}},
		{object: core.Taint{}, read: []string{"Key", "Value", "Effect"},
			notRead: []string{"TimeAdded", "Source", "Origin"}},
		{object: core.Pod{}, read: []string{"NodeName", "NodeSelector", "RequiredAffinity", "Tolerations"},
			notRead: []string{"Name", "Namespace", "Kind", "Labels", "Annotations", "Owner", "DroppedTolerations", "HostNetwork",
				"Priority", "Containers", "InitContainers", "PodResources", "StatusQOSClass", "Claims", "Rejected", "Source"}},
		{object: core.Toleration{}, read: []string{"Key", "Operator", "Value", "Effect"},
			notRead: []string{"TolerationSeconds", "Source", "AddedBy", "Why", "WhyMessage"}},
		{object: core.NodeSelectorTerm{}, read: []string{"MatchExpressions", "MatchFields"}},
		{object: core.NodeSelectorRequirement{}, read: []string{"Key", "Operator", "Values"}, notRead: []string{"Source"}},
	} {
		kind := reflect.TypeOf(tc.object)
		t.Run(kind.Name(), func(t *testing.T) {
			listed := append(append([]string{}, tc.read...), tc.notRead...)
			for i := range kind.NumField() {
				if name := kind.Field(i).Name; !slices.Contains(listed, name) {
					t.Errorf("%s.%s: say whether the filters read it (then add it to the shape keys) or not", kind.Name(), name)
				}
			}
			for _, name := range listed {
				if _, ok := kind.FieldByName(name); !ok {
					t.Errorf("%s has no field %s any more", kind.Name(), name)
				}
			}
		})
	}
}
