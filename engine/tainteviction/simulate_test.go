package tainteviction

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
)

// world is the nodes and pods a case simulates, with the gate off.
type world struct {
	Nodes []core.Node
	Pods  []core.Pod
}

func (w *world) Simulate(events []Event, until float64) *Timeline {
	return Simulate(w.Nodes, w.Pods, false, events, until)
}

// The helpers below mirror those of upstream's controller tests (k/k
// pkg/controller/tainteviction/taint_eviction_test.go @cb6ff2d8:
// createNoExecuteTaint, addToleration, testutil.NewPod and NewNode).

// noExecuteTestTaint is upstream's createNoExecuteTaint(i).
func noExecuteTestTaint(i int) core.Taint {
	return core.Taint{Key: fmt.Sprintf("testTaint%d", i), Value: fmt.Sprintf("test%d", i), Effect: core.TaintEffectNoExecute}
}

// testTaintToleration is upstream's addToleration(pod, i, duration): a
// toleration of noExecuteTestTaint(i), forever when duration < 0.
func testTaintToleration(i int, duration int64) []core.Toleration {
	tol := core.Toleration{Key: fmt.Sprintf("testTaint%d", i), Value: fmt.Sprintf("test%d", i), Effect: core.TaintEffectNoExecute}
	if duration >= 0 {
		tol.TolerationSeconds = new(int64(duration))
	}
	return []core.Toleration{tol}
}

func simNodeWith(name string, taints ...core.Taint) core.Node {
	return core.Node{Name: name, Taints: taints}
}

func simPodOn(name, node string, tolerations []core.Toleration) core.Pod {
	return core.Pod{Name: name, Kind: "Pod", NodeName: node, Tolerations: tolerations}
}

// Timeline entry builders, with the reason left out: upstream cases compare
// what happens and when; the golden files check the sentences.
func scheduled(at float64, pod int, deadline float64, toleration int) TimelineEntry {
	return TimelineEntry{At: at, Kind: EvictionScheduled, Pod: pod, Deadline: deadline, Toleration: toleration}
}

func kept(at float64, pod int, deadline float64, toleration int) TimelineEntry {
	return TimelineEntry{At: at, Kind: EvictionKept, Pod: pod, Deadline: deadline, Toleration: toleration}
}

func cancelled(at float64, pod int) TimelineEntry {
	return TimelineEntry{At: at, Kind: EvictionCancelled, Pod: pod, Toleration: -1}
}

func evicted(at float64, pod int, toleration int) TimelineEntry {
	return TimelineEntry{At: at, Kind: EvictionExecuted, Pod: pod, Toleration: toleration}
}

// upstreamWait is how long upstream's verifyPodActions polls for a deletion:
// a case that expects none means none within these 5 s.
const upstreamWait = 5

type simulateCase struct {
	name   string
	nodes  []core.Node
	pods   []core.Pod
	events []Event
	until  float64
	want   []TimelineEntry
}

func runSimulateCases(t *testing.T, tests []simulateCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &world{Nodes: tc.nodes, Pods: tc.pods}
			got := w.Simulate(tc.events, tc.until)
			want := tc.want
			if want == nil {
				want = []TimelineEntry{}
			}
			if diff := cmp.Diff(want, got.Entries, cmpopts.IgnoreFields(TimelineEntry{}, "Reason", "ReasonMessage")); diff != "" {
				t.Errorf("Simulate entries (-want +got):\n%s", diff)
			}
			if len(got.Ignored) > 0 {
				t.Errorf("Simulate ignored events: %+v", got.Ignored)
			}
		})
	}
}

// TestCreatePod keeps upstream's case names (taint_eviction_test.go @cb6ff2d8,
// TestCreatePod): a pod the controller first sees already bound to a node whose
// NoExecute taints it knows, which Simulate models as the state at 0. The
// PodDisruptionConditions variant only adds a status patch, not modelled.
func TestCreatePod(t *testing.T) {
	tainted := []core.Node{simNodeWith("node1", noExecuteTestTaint(1))}
	runSimulateCases(t, []simulateCase{
		{name: "not scheduled - ignore", nodes: []core.Node{simNodeWith("node1")}, pods: []core.Pod{simPodOn("pod1", "", nil)}, until: upstreamWait},
		{name: "scheduled on untainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: []core.Pod{simPodOn("pod1", "node1", nil)}, until: upstreamWait},
		{name: "schedule on tainted Node", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", nil)}, until: upstreamWait,
			want: []TimelineEntry{evicted(0, 0, -1)}},
		{name: "schedule on tainted Node; PodDisruptionConditions enabled", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", nil)}, until: upstreamWait,
			want: []TimelineEntry{evicted(0, 0, -1)}},
		{name: "schedule on tainted Node with finite toleration", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, until: upstreamWait,
			want: []TimelineEntry{scheduled(0, 0, 100, 0)}},
		{name: "schedule on tainted Node with infinite toleration", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, -1))}, until: upstreamWait},
		{name: "schedule on tainted Node with infinite ivalid toleration", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(2, -1))}, until: upstreamWait,
			want: []TimelineEntry{evicted(0, 0, -1)}},
	})
}

// TestUpdatePod keeps upstream's case names (taint_eviction_test.go @cb6ff2d8,
// TestUpdatePod): the previous pod is the state at 0, the new pod arrives at 1
// as a bind or a change of tolerations.
func TestUpdatePod(t *testing.T) {
	tainted := []core.Node{simNodeWith("node1", noExecuteTestTaint(1))}
	runSimulateCases(t, []simulateCase{
		{name: "scheduling onto tainted Node results in patch and delete when PodDisruptionConditions enabled", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "", nil)}, events: []Event{{At: 1, Kind: EventBind, Node: "node1"}}, until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1)}},
		{name: "scheduling onto tainted Node", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "", nil)}, events: []Event{{At: 1, Kind: EventBind, Node: "node1"}}, until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1)}},
		{name: "scheduling onto tainted Node with toleration", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "", testTaintToleration(1, -1))}, events: []Event{{At: 1, Kind: EventBind, Node: "node1"}}, until: upstreamWait},
		{name: "removing toleration", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, events: []Event{{At: 1, Kind: EventSetTolerations}}, until: upstreamWait,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), evicted(1, 0, -1)}},
		{name: "lengthening toleration shouldn't work", nodes: tainted,
			pods:   []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 1))},
			events: []Event{{At: 0.5, Kind: EventSetTolerations, Tolerations: testTaintToleration(1, 100)}}, until: upstreamWait,
			want: []TimelineEntry{scheduled(0, 0, 1, 0), kept(0.5, 0, 1, 0), evicted(1, 0, 0)}},
	})
}

// TestCreateNode keeps upstream's case names (taint_eviction_test.go @cb6ff2d8,
// TestCreateNode): the node as created is the state at 0.
func TestCreateNode(t *testing.T) {
	runSimulateCases(t, []simulateCase{
		{name: "Creating Node matching already assigned Pod", nodes: []core.Node{simNodeWith("node1")},
			pods: []core.Pod{simPodOn("pod1", "node1", nil)}, until: upstreamWait},
		{name: "Creating tainted Node matching already assigned Pod", nodes: []core.Node{simNodeWith("node1", noExecuteTestTaint(1))},
			pods: []core.Pod{simPodOn("pod1", "node1", nil)}, until: upstreamWait,
			want: []TimelineEntry{evicted(0, 0, -1)}},
		{name: "Creating tainted Node matching already assigned tolerating Pod", nodes: []core.Node{simNodeWith("node1", noExecuteTestTaint(1))},
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, -1))}, until: upstreamWait},
	})
}

// TestUpdateNode keeps upstream's case names (taint_eviction_test.go @cb6ff2d8,
// TestUpdateNode): the old node is the state at 0 and the new node's taints
// arrive at 1, one event per taint.
func TestUpdateNode(t *testing.T) {
	untainted := []core.Node{simNodeWith("node1")}
	addTaints := func(at float64, indices ...int) []Event {
		var events []Event
		for _, i := range indices {
			taint := noExecuteTestTaint(i)
			events = append(events, Event{At: at, Kind: EventAddTaint, Node: "node1", Taint: &taint})
		}
		return events
	}
	removeTaint1 := noExecuteTestTaint(1)
	runSimulateCases(t, []simulateCase{
		{name: "Added taint, expect node patched and deleted when PodDisruptionConditions is enabled", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", nil)}, events: addTaints(1, 1), until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1)}},
		{name: "Added taint", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", nil)}, events: addTaints(1, 1), until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1)}},
		{name: "Added tolerated taint", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, events: addTaints(1, 1), until: upstreamWait,
			want: []TimelineEntry{scheduled(1, 0, 101, 0)}},
		{name: "Only one added taint tolerated", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, events: addTaints(1, 1, 2), until: upstreamWait,
			want: []TimelineEntry{scheduled(1, 0, 101, 0), evicted(1, 0, -1)}},
		{name: "Taint removed", nodes: []core.Node{simNodeWith("node1", noExecuteTestTaint(1))},
			pods:   []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 1))},
			events: []Event{{At: 0.5, Kind: EventRemoveTaint, Node: "node1", Taint: &removeTaint1}}, until: upstreamWait,
			want: []TimelineEntry{scheduled(0, 0, 1, 0), cancelled(0.5, 0)}},
		{name: "Pod with multiple tolerations are evicted when first one runs out", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", append(testTaintToleration(1, 1), testTaintToleration(2, 100)...))},
			// The second taint arrives at the instant the first one's countdown
			// was scheduled, so upstream re-adds it unchanged: no entry.
			events: addTaints(1, 1, 2), until: upstreamWait,
			want: []TimelineEntry{scheduled(1, 0, 2, 0), evicted(2, 0, 0)}},
	})
}

// TestUpdateNodeWithMultipleTaints follows upstream's steps
// (taint_eviction_test.go @cb6ff2d8, TestUpdateNodeWithMultipleTaints): no
// taint, then a taint tolerated forever, then a second one tolerated for 60 s,
// then back to the first alone; the pod is never deleted.
func TestUpdateNodeWithMultipleTaints(t *testing.T) {
	taint1, taint2 := noExecuteTestTaint(1), noExecuteTestTaint(2)
	tolerations := []core.Toleration{
		{Key: taint1.Key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
		{Key: taint2.Key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(60))},
	}
	runSimulateCases(t, []simulateCase{{
		name:  "TestUpdateNodeWithMultipleTaints",
		nodes: []core.Node{simNodeWith("node1")},
		pods:  []core.Pod{simPodOn("pod1", "node1", tolerations)},
		events: []Event{
			{At: 1, Kind: EventAddTaint, Node: "node1", Taint: &taint1},
			{At: 2, Kind: EventAddTaint, Node: "node1", Taint: &taint2},
			{At: 3, Kind: EventRemoveTaint, Node: "node1", Taint: &taint2},
		},
		until: 120,
		want:  []TimelineEntry{scheduled(2, 0, 62, 1), cancelled(3, 0)},
	}})
}

// TestUpdateNodeWithMultiplePods keeps upstream's case names
// (taint_eviction_test.go @cb6ff2d8, TestUpdateNodeWithMultiplePods).
func TestUpdateNodeWithMultiplePods(t *testing.T) {
	pods := []core.Pod{
		simPodOn("pod1", "node1", nil),
		simPodOn("pod2", "node1", testTaintToleration(1, 1)),
		simPodOn("pod3", "node1", testTaintToleration(1, -1)),
	}
	taint1, taint2 := noExecuteTestTaint(1), noExecuteTestTaint(2)
	runSimulateCases(t, []simulateCase{
		{name: "Pods with different toleration times are evicted appropriately", nodes: []core.Node{simNodeWith("node1")}, pods: pods,
			events: []Event{{At: 1, Kind: EventAddTaint, Node: "node1", Taint: &taint1}}, until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1), scheduled(1, 1, 2, 0), evicted(2, 1, 0)}},
		{name: "Evict all pods not matching all taints instantly", nodes: []core.Node{simNodeWith("node1")}, pods: pods,
			events: []Event{{At: 1, Kind: EventAddTaint, Node: "node1", Taint: &taint1}, {At: 1, Kind: EventAddTaint, Node: "node1", Taint: &taint2}},
			until:  upstreamWait,
			want:   []TimelineEntry{evicted(1, 0, -1), scheduled(1, 1, 2, 0), evicted(1, 1, -1), evicted(1, 2, -1)}},
	})
}

// TestEventualConsistency keeps upstream's case names (taint_eviction_test.go
// @cb6ff2d8, TestEventualConsistency): pod1 runs on node1 when its NoExecute
// taint arrives at 1; pod2's binding (or creation on the node) arrives late,
// at 2, and the controller still handles it.
func TestEventualConsistency(t *testing.T) {
	taint1 := noExecuteTestTaint(1)
	events := []Event{
		{At: 1, Kind: EventAddTaint, Node: "node1", Taint: &taint1},
		{At: 2, Kind: EventBind, Pod: 1, Node: "node1"},
	}
	untolerating := []core.Pod{simPodOn("pod1", "node1", nil), simPodOn("pod2", "", nil)}
	tolerating := []core.Pod{simPodOn("pod1", "node1", nil), simPodOn("pod2", "", testTaintToleration(1, 100))}
	runSimulateCases(t, []simulateCase{
		{name: "existing pod2 scheduled onto tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: untolerating, events: events, until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1), evicted(2, 1, -1)}},
		{name: "existing pod2 with taint toleration scheduled onto tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: tolerating, events: events, until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1), scheduled(2, 1, 102, 0)}},
		{name: "new pod2 created on tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: untolerating, events: events, until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1), evicted(2, 1, -1)}},
		{name: "new pod2 with tait toleration created on tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: tolerating, events: events, until: upstreamWait,
			want: []TimelineEntry{evicted(1, 0, -1), scheduled(2, 1, 102, 0)}},
	})
}

// TestSimulateCountdownRules covers the consequences SEMANTICS §5 lists for the
// countdown, which upstream's code implies but its tests do not all spell out.
func TestSimulateCountdownRules(t *testing.T) {
	a, b := core.Taint{Key: "a", Effect: core.TaintEffectNoExecute}, core.Taint{Key: "b", Effect: core.TaintEffectNoExecute}
	noSchedule := core.Taint{Key: "c", Effect: core.TaintEffectNoSchedule}
	prefer := core.Taint{Key: "d", Effect: core.TaintEffectPreferNoSchedule}
	tolerate := func(key string, seconds int64) core.Toleration {
		tol := core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}
		if seconds >= 0 {
			tol.TolerationSeconds = new(int64(seconds))
		}
		return tol
	}
	onA := []core.Node{simNodeWith("n", a)}
	runSimulateCases(t, []simulateCase{
		{name: "shortening tolerationSeconds keeps the deadline", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{{At: 5, Kind: EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", 10)}}}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "setting tolerationSeconds to 0 keeps the deadline", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{{At: 5, Kind: EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", 0)}}}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "another tolerated NoExecute taint with a shorter grace keeps the deadline", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100), tolerate("b", 10)})},
			events: []Event{{At: 5, Kind: EventAddTaint, Node: "n", Taint: &b}}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "removing the taint that started the countdown keeps it while a finite one remains", nodes: []core.Node{simNodeWith("n", a, b)},
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100), tolerate("b", 300)})},
			events: []Event{{At: 5, Kind: EventRemoveTaint, Node: "n", Taint: &a}}, until: 400,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "a taint added again after cancellation starts a fresh countdown", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{
				{At: 10, Kind: EventRemoveTaint, Node: "n", Taint: &a},
				{At: 20, Kind: EventAddTaint, Node: "n", Taint: &a},
			}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), cancelled(10, 0), scheduled(20, 0, 120, 0), evicted(120, 0, 0)}},
		{name: "a newly untolerated taint evicts at once while a countdown runs", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{{At: 10, Kind: EventAddTaint, Node: "n", Taint: &b}}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), evicted(10, 0, -1)}},
		{name: "NoSchedule and PreferNoSchedule changes never touch evictions", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{
				{At: 5, Kind: EventAddTaint, Node: "n", Taint: &noSchedule},
				{At: 6, Kind: EventAddTaint, Node: "n", Taint: &prefer},
				{At: 7, Kind: EventRemoveTaint, Node: "n", Taint: &noSchedule},
			}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "tolerations that tolerate forever cancel the countdown", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{{At: 10, Kind: EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", -1)}}}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), cancelled(10, 0)}},
		{name: "a forever toleration first in order shadows a later finite one", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", -1), tolerate("a", 10)})}, until: 200},
		{name: "the finite toleration first in order evicts", nodes: onA,
			pods:  []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 10), tolerate("a", -1)})},
			until: 200,
			want:  []TimelineEntry{scheduled(0, 0, 10, 0), evicted(10, 0, 0)}},
		{name: "a change at the instant a countdown was scheduled re-adds it", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{{At: 0, Kind: EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", 10)}}}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), scheduled(0, 0, 10, 0), evicted(10, 0, 0)}},
		{name: "tolerationSeconds 0 evicts at once", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 0)})}, until: 200,
			want: []TimelineEntry{evicted(0, 0, 0)}},
		{name: "a deadline after until does not evict", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})}, until: 50,
			want: []TimelineEntry{scheduled(0, 0, 100, 0)}},
		{name: "a deadline at until evicts", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})}, until: 100,
			want: []TimelineEntry{scheduled(0, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "a deadline fires before an event at the same time", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 10)})},
			events: []Event{{At: 10, Kind: EventRemoveTaint, Node: "n", Taint: &a}}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 10, 0), evicted(10, 0, 0)}},
		{name: "events apply in time order, whatever order they are given in", nodes: []core.Node{simNodeWith("n")},
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []Event{
				{At: 20, Kind: EventRemoveTaint, Node: "n", Taint: &a},
				{At: 10, Kind: EventAddTaint, Node: "n", Taint: &a},
			}, until: 200,
			want: []TimelineEntry{scheduled(10, 0, 110, 0), cancelled(20, 0)}},
		{name: "countdowns that end together fire in pod order", nodes: onA,
			pods: []core.Pod{
				simPodOn("p1", "n", []core.Toleration{tolerate("a", 10)}),
				simPodOn("p2", "n", []core.Toleration{tolerate("a", 5)}),
				simPodOn("p3", "n", []core.Toleration{tolerate("a", 5)}),
			}, until: 200,
			want: []TimelineEntry{scheduled(0, 0, 10, 0), scheduled(0, 1, 5, 0), scheduled(0, 2, 5, 0), evicted(5, 1, 0), evicted(5, 2, 0), evicted(10, 0, 0)}},
	})
}

// TestSimulateIgnoredEvents checks that events that cannot apply are listed,
// each naming its field, and change nothing.
func TestSimulateIgnoredEvents(t *testing.T) {
	a := core.Taint{Key: "a", Effect: core.TaintEffectNoExecute}
	missing := core.Taint{Key: "a", Effect: core.TaintEffectNoSchedule}
	badEffect := core.Taint{Key: "a", Effect: "noexecute"}
	w := &world{
		Nodes: []core.Node{simNodeWith("n1", a), simNodeWith("n2")},
		Pods:  []core.Pod{simPodOn("gone", "n1", nil), simPodOn("bound", "n2", nil)},
	}
	events := []Event{
		{At: 1, Kind: EventBind, Pod: 0, Node: "n2"},
		{At: 1, Kind: EventBind, Pod: 1, Node: "n1"},
		{At: 1, Kind: EventAddTaint, Node: "n9", Taint: &a},
		{At: 1, Kind: EventAddTaint, Node: "n2"},
		{At: 1, Kind: EventAddTaint, Node: "n2", Taint: &badEffect},
		{At: 1, Kind: EventRemoveTaint, Node: "n1", Taint: &missing},
		{At: 1, Kind: EventSetTolerations, Pod: 7},
		{At: 1, Kind: "taint"},
		{At: -1, Kind: EventBind, Pod: 1, Node: "n2"},
		{At: math.NaN(), Kind: EventBind, Pod: 1, Node: "n2"},
		{At: 11, Kind: EventBind, Pod: 1, Node: "n2"},
	}
	got := w.Simulate(events, 10)
	want := []IgnoredEvent{
		{Event: 8, Reason: "events[8].at: must be a number of seconds ≥ 0"},
		{Event: 9, Reason: "events[9].at: must be a number of seconds ≥ 0"},
		{Event: 10, Reason: "events[10].at: 11 s is after the end of the simulation (10 s)"},
		{Event: 0, Reason: "events[0].pod: pod gone was evicted at 0 s"},
		{Event: 1, Reason: "events[1].node: pod bound is already bound to node n2, and spec.nodeName cannot change"},
		{Event: 2, Reason: `events[2].node: no node is named "n9"`},
		{Event: 3, Reason: "events[3].taint.key: required"},
		{Event: 4, Reason: `events[4].taint.effect: "noexecute" is not one of NoSchedule, PreferNoSchedule, NoExecute`},
		{Event: 5, Reason: `events[5].taint: node n1 has no taint with key "a" and effect "NoSchedule"`},
		{Event: 6, Reason: "events[6].pod: index 7 is out of range: the workspace has 2 pod(s)"},
		{Event: 7, Reason: `events[7].kind: unknown kind "taint"; want addTaint, removeTaint, setTolerations or bind`},
	}
	if diff := cmp.Diff(want, got.Ignored); diff != "" {
		t.Errorf("Ignored (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]TimelineEntry{evicted(0, 0, -1)}, got.Entries, cmpopts.IgnoreFields(TimelineEntry{}, "Reason", "ReasonMessage")); diff != "" {
		t.Errorf("Entries (-want +got):\n%s", diff)
	}
}

// TestSimulateUntil checks that an until JSON cannot carry, or a negative one,
// counts as 0, so the timeline always marshals.
func TestSimulateUntil(t *testing.T) {
	w := &world{Nodes: []core.Node{simNodeWith("n", core.Taint{Key: "a", Effect: core.TaintEffectNoExecute})},
		Pods: []core.Pod{simPodOn("p", "n", []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(5))}})}}
	for _, until := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -3} {
		tl := w.Simulate([]Event{{At: 1, Kind: EventBind, Node: "n"}}, until)
		if _, err := json.Marshal(tl); err != nil || tl.Until != 0 || len(tl.Entries) != 1 || len(tl.Ignored) != 1 {
			t.Errorf("Simulate(until %g) = %+v, %v; want until 0, the countdown scheduled, the event ignored", until, tl, err)
		}
	}
}

func TestTimelineLatest(t *testing.T) {
	a := core.Taint{Key: "a", Effect: core.TaintEffectNoExecute}
	w := &world{
		Nodes: []core.Node{simNodeWith("n", a)},
		Pods: []core.Pod{
			simPodOn("p0", "n", []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(30))}}),
			simPodOn("p1", "", nil),
		},
	}
	tl := w.Simulate([]Event{{At: 10, Kind: EventSetTolerations, Tolerations: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(60))}}}}, 100)
	tests := []struct {
		name string
		pod  int
		at   float64
		want *TimelineEntry
	}{
		{name: "countdown from 0", pod: 0, at: 5, want: &TimelineEntry{At: 0, Kind: EvictionScheduled, Deadline: 30, Toleration: 0}},
		{name: "kept after the change", pod: 0, at: 29.5, want: &TimelineEntry{At: 10, Kind: EvictionKept, Deadline: 30, Toleration: 0}},
		{name: "evicted at the deadline", pod: 0, at: 30, want: &TimelineEntry{At: 30, Kind: EvictionExecuted, Toleration: 0}},
		{name: "a pod the controller never acted on", pod: 1, at: 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tl.Latest(tc.pod, tc.at)
			if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(TimelineEntry{}, "Reason", "ReasonMessage")); diff != "" {
				t.Errorf("Latest(%d, %g) (-want +got):\n%s", tc.pod, tc.at, diff)
			}
		})
	}
}
