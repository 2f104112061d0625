package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

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
func scheduled(at float64, pod int, deadline float64, toleration int) tainteviction.TimelineEntry {
	return tainteviction.TimelineEntry{At: at, Kind: tainteviction.EvictionScheduled, Pod: pod, Deadline: deadline, Toleration: toleration}
}

func kept(at float64, pod int, deadline float64, toleration int) tainteviction.TimelineEntry {
	return tainteviction.TimelineEntry{At: at, Kind: tainteviction.EvictionKept, Pod: pod, Deadline: deadline, Toleration: toleration}
}

func cancelled(at float64, pod int) tainteviction.TimelineEntry {
	return tainteviction.TimelineEntry{At: at, Kind: tainteviction.EvictionCancelled, Pod: pod, Toleration: -1}
}

func evicted(at float64, pod int, toleration int) tainteviction.TimelineEntry {
	return tainteviction.TimelineEntry{At: at, Kind: tainteviction.EvictionExecuted, Pod: pod, Toleration: toleration}
}

// upstreamWait is how long upstream's verifyPodActions polls for a deletion:
// a case that expects none means none within these 5 s.
const upstreamWait = 5

type simulateCase struct {
	name   string
	nodes  []core.Node
	pods   []core.Pod
	events []tainteviction.Event
	until  float64
	want   []tainteviction.TimelineEntry
}

func runSimulateCases(t *testing.T, tests []simulateCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &Workspace{Nodes: tc.nodes, Pods: tc.pods}
			got := w.Simulate(tc.events, tc.until)
			want := tc.want
			if want == nil {
				want = []tainteviction.TimelineEntry{}
			}
			if diff := cmp.Diff(want, got.Entries, cmpopts.IgnoreFields(tainteviction.TimelineEntry{}, "Reason")); diff != "" {
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
			want: []tainteviction.TimelineEntry{evicted(0, 0, -1)}},
		{name: "schedule on tainted Node; PodDisruptionConditions enabled", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", nil)}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(0, 0, -1)}},
		{name: "schedule on tainted Node with finite toleration", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0)}},
		{name: "schedule on tainted Node with infinite toleration", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, -1))}, until: upstreamWait},
		{name: "schedule on tainted Node with infinite ivalid toleration", nodes: tainted, pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(2, -1))}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(0, 0, -1)}},
	})
}

// TestUpdatePod keeps upstream's case names (taint_eviction_test.go @cb6ff2d8,
// TestUpdatePod): the previous pod is the state at 0, the new pod arrives at 1
// as a bind or a change of tolerations.
func TestUpdatePod(t *testing.T) {
	tainted := []core.Node{simNodeWith("node1", noExecuteTestTaint(1))}
	runSimulateCases(t, []simulateCase{
		{name: "scheduling onto tainted Node results in patch and delete when PodDisruptionConditions enabled", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "", nil)}, events: []tainteviction.Event{{At: 1, Kind: tainteviction.EventBind, Node: "node1"}}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1)}},
		{name: "scheduling onto tainted Node", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "", nil)}, events: []tainteviction.Event{{At: 1, Kind: tainteviction.EventBind, Node: "node1"}}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1)}},
		{name: "scheduling onto tainted Node with toleration", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "", testTaintToleration(1, -1))}, events: []tainteviction.Event{{At: 1, Kind: tainteviction.EventBind, Node: "node1"}}, until: upstreamWait},
		{name: "removing toleration", nodes: tainted,
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, events: []tainteviction.Event{{At: 1, Kind: tainteviction.EventSetTolerations}}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), evicted(1, 0, -1)}},
		{name: "lengthening toleration shouldn't work", nodes: tainted,
			pods:   []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 1))},
			events: []tainteviction.Event{{At: 0.5, Kind: tainteviction.EventSetTolerations, Tolerations: testTaintToleration(1, 100)}}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 1, 0), kept(0.5, 0, 1, 0), evicted(1, 0, 0)}},
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
			want: []tainteviction.TimelineEntry{evicted(0, 0, -1)}},
		{name: "Creating tainted Node matching already assigned tolerating Pod", nodes: []core.Node{simNodeWith("node1", noExecuteTestTaint(1))},
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, -1))}, until: upstreamWait},
	})
}

// TestUpdateNode keeps upstream's case names (taint_eviction_test.go @cb6ff2d8,
// TestUpdateNode): the old node is the state at 0 and the new node's taints
// arrive at 1, one event per taint.
func TestUpdateNode(t *testing.T) {
	untainted := []core.Node{simNodeWith("node1")}
	addTaints := func(at float64, indices ...int) []tainteviction.Event {
		var events []tainteviction.Event
		for _, i := range indices {
			taint := noExecuteTestTaint(i)
			events = append(events, tainteviction.Event{At: at, Kind: tainteviction.EventAddTaint, Node: "node1", Taint: &taint})
		}
		return events
	}
	removeTaint1 := noExecuteTestTaint(1)
	runSimulateCases(t, []simulateCase{
		{name: "Added taint, expect node patched and deleted when PodDisruptionConditions is enabled", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", nil)}, events: addTaints(1, 1), until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1)}},
		{name: "Added taint", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", nil)}, events: addTaints(1, 1), until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1)}},
		{name: "Added tolerated taint", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, events: addTaints(1, 1), until: upstreamWait,
			want: []tainteviction.TimelineEntry{scheduled(1, 0, 101, 0)}},
		{name: "Only one added taint tolerated", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 100))}, events: addTaints(1, 1, 2), until: upstreamWait,
			want: []tainteviction.TimelineEntry{scheduled(1, 0, 101, 0), evicted(1, 0, -1)}},
		{name: "Taint removed", nodes: []core.Node{simNodeWith("node1", noExecuteTestTaint(1))},
			pods:   []core.Pod{simPodOn("pod1", "node1", testTaintToleration(1, 1))},
			events: []tainteviction.Event{{At: 0.5, Kind: tainteviction.EventRemoveTaint, Node: "node1", Taint: &removeTaint1}}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 1, 0), cancelled(0.5, 0)}},
		{name: "Pod with multiple tolerations are evicted when first one runs out", nodes: untainted,
			pods: []core.Pod{simPodOn("pod1", "node1", append(testTaintToleration(1, 1), testTaintToleration(2, 100)...))},
			// The second taint arrives at the instant the first one's countdown
			// was scheduled, so upstream re-adds it unchanged: no entry.
			events: addTaints(1, 1, 2), until: upstreamWait,
			want: []tainteviction.TimelineEntry{scheduled(1, 0, 2, 0), evicted(2, 0, 0)}},
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
		events: []tainteviction.Event{
			{At: 1, Kind: tainteviction.EventAddTaint, Node: "node1", Taint: &taint1},
			{At: 2, Kind: tainteviction.EventAddTaint, Node: "node1", Taint: &taint2},
			{At: 3, Kind: tainteviction.EventRemoveTaint, Node: "node1", Taint: &taint2},
		},
		until: 120,
		want:  []tainteviction.TimelineEntry{scheduled(2, 0, 62, 1), cancelled(3, 0)},
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
			events: []tainteviction.Event{{At: 1, Kind: tainteviction.EventAddTaint, Node: "node1", Taint: &taint1}}, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1), scheduled(1, 1, 2, 0), evicted(2, 1, 0)}},
		{name: "Evict all pods not matching all taints instantly", nodes: []core.Node{simNodeWith("node1")}, pods: pods,
			events: []tainteviction.Event{{At: 1, Kind: tainteviction.EventAddTaint, Node: "node1", Taint: &taint1}, {At: 1, Kind: tainteviction.EventAddTaint, Node: "node1", Taint: &taint2}},
			until:  upstreamWait,
			want:   []tainteviction.TimelineEntry{evicted(1, 0, -1), scheduled(1, 1, 2, 0), evicted(1, 1, -1), evicted(1, 2, -1)}},
	})
}

// TestEventualConsistency keeps upstream's case names (taint_eviction_test.go
// @cb6ff2d8, TestEventualConsistency): pod1 runs on node1 when its NoExecute
// taint arrives at 1; pod2's binding (or creation on the node) arrives late,
// at 2, and the controller still handles it.
func TestEventualConsistency(t *testing.T) {
	taint1 := noExecuteTestTaint(1)
	events := []tainteviction.Event{
		{At: 1, Kind: tainteviction.EventAddTaint, Node: "node1", Taint: &taint1},
		{At: 2, Kind: tainteviction.EventBind, Pod: 1, Node: "node1"},
	}
	untolerating := []core.Pod{simPodOn("pod1", "node1", nil), simPodOn("pod2", "", nil)}
	tolerating := []core.Pod{simPodOn("pod1", "node1", nil), simPodOn("pod2", "", testTaintToleration(1, 100))}
	runSimulateCases(t, []simulateCase{
		{name: "existing pod2 scheduled onto tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: untolerating, events: events, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1), evicted(2, 1, -1)}},
		{name: "existing pod2 with taint toleration scheduled onto tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: tolerating, events: events, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1), scheduled(2, 1, 102, 0)}},
		{name: "new pod2 created on tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: untolerating, events: events, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1), evicted(2, 1, -1)}},
		{name: "new pod2 with tait toleration created on tainted Node", nodes: []core.Node{simNodeWith("node1")}, pods: tolerating, events: events, until: upstreamWait,
			want: []tainteviction.TimelineEntry{evicted(1, 0, -1), scheduled(2, 1, 102, 0)}},
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
			events: []tainteviction.Event{{At: 5, Kind: tainteviction.EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", 10)}}}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "setting tolerationSeconds to 0 keeps the deadline", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []tainteviction.Event{{At: 5, Kind: tainteviction.EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", 0)}}}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "another tolerated NoExecute taint with a shorter grace keeps the deadline", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100), tolerate("b", 10)})},
			events: []tainteviction.Event{{At: 5, Kind: tainteviction.EventAddTaint, Node: "n", Taint: &b}}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "removing the taint that started the countdown keeps it while a finite one remains", nodes: []core.Node{simNodeWith("n", a, b)},
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100), tolerate("b", 300)})},
			events: []tainteviction.Event{{At: 5, Kind: tainteviction.EventRemoveTaint, Node: "n", Taint: &a}}, until: 400,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), kept(5, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "a taint added again after cancellation starts a fresh countdown", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []tainteviction.Event{
				{At: 10, Kind: tainteviction.EventRemoveTaint, Node: "n", Taint: &a},
				{At: 20, Kind: tainteviction.EventAddTaint, Node: "n", Taint: &a},
			}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), cancelled(10, 0), scheduled(20, 0, 120, 0), evicted(120, 0, 0)}},
		{name: "a newly untolerated taint evicts at once while a countdown runs", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []tainteviction.Event{{At: 10, Kind: tainteviction.EventAddTaint, Node: "n", Taint: &b}}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), evicted(10, 0, -1)}},
		{name: "NoSchedule and PreferNoSchedule changes never touch evictions", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []tainteviction.Event{
				{At: 5, Kind: tainteviction.EventAddTaint, Node: "n", Taint: &noSchedule},
				{At: 6, Kind: tainteviction.EventAddTaint, Node: "n", Taint: &prefer},
				{At: 7, Kind: tainteviction.EventRemoveTaint, Node: "n", Taint: &noSchedule},
			}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "tolerations that tolerate forever cancel the countdown", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []tainteviction.Event{{At: 10, Kind: tainteviction.EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", -1)}}}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), cancelled(10, 0)}},
		{name: "a forever toleration first in order shadows a later finite one", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", -1), tolerate("a", 10)})}, until: 200},
		{name: "the finite toleration first in order evicts", nodes: onA,
			pods:  []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 10), tolerate("a", -1)})},
			until: 200,
			want:  []tainteviction.TimelineEntry{scheduled(0, 0, 10, 0), evicted(10, 0, 0)}},
		{name: "a change at the instant a countdown was scheduled re-adds it", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []tainteviction.Event{{At: 0, Kind: tainteviction.EventSetTolerations, Tolerations: []core.Toleration{tolerate("a", 10)}}}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), scheduled(0, 0, 10, 0), evicted(10, 0, 0)}},
		{name: "tolerationSeconds 0 evicts at once", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 0)})}, until: 200,
			want: []tainteviction.TimelineEntry{evicted(0, 0, 0)}},
		{name: "a deadline after until does not evict", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})}, until: 50,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0)}},
		{name: "a deadline at until evicts", nodes: onA,
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})}, until: 100,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 100, 0), evicted(100, 0, 0)}},
		{name: "a deadline fires before an event at the same time", nodes: onA,
			pods:   []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 10)})},
			events: []tainteviction.Event{{At: 10, Kind: tainteviction.EventRemoveTaint, Node: "n", Taint: &a}}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 10, 0), evicted(10, 0, 0)}},
		{name: "events apply in time order, whatever order they are given in", nodes: []core.Node{simNodeWith("n")},
			pods: []core.Pod{simPodOn("p", "n", []core.Toleration{tolerate("a", 100)})},
			events: []tainteviction.Event{
				{At: 20, Kind: tainteviction.EventRemoveTaint, Node: "n", Taint: &a},
				{At: 10, Kind: tainteviction.EventAddTaint, Node: "n", Taint: &a},
			}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(10, 0, 110, 0), cancelled(20, 0)}},
		{name: "countdowns that end together fire in pod order", nodes: onA,
			pods: []core.Pod{
				simPodOn("p1", "n", []core.Toleration{tolerate("a", 10)}),
				simPodOn("p2", "n", []core.Toleration{tolerate("a", 5)}),
				simPodOn("p3", "n", []core.Toleration{tolerate("a", 5)}),
			}, until: 200,
			want: []tainteviction.TimelineEntry{scheduled(0, 0, 10, 0), scheduled(0, 1, 5, 0), scheduled(0, 2, 5, 0), evicted(5, 1, 0), evicted(5, 2, 0), evicted(10, 0, 0)}},
	})
}

// TestSimulateIgnoredEvents checks that events that cannot apply are listed,
// each naming its field, and change nothing.
func TestSimulateIgnoredEvents(t *testing.T) {
	a := core.Taint{Key: "a", Effect: core.TaintEffectNoExecute}
	missing := core.Taint{Key: "a", Effect: core.TaintEffectNoSchedule}
	badEffect := core.Taint{Key: "a", Effect: "noexecute"}
	w := &Workspace{
		Nodes: []core.Node{simNodeWith("n1", a), simNodeWith("n2")},
		Pods:  []core.Pod{simPodOn("gone", "n1", nil), simPodOn("bound", "n2", nil)},
	}
	events := []tainteviction.Event{
		{At: 1, Kind: tainteviction.EventBind, Pod: 0, Node: "n2"},
		{At: 1, Kind: tainteviction.EventBind, Pod: 1, Node: "n1"},
		{At: 1, Kind: tainteviction.EventAddTaint, Node: "n9", Taint: &a},
		{At: 1, Kind: tainteviction.EventAddTaint, Node: "n2"},
		{At: 1, Kind: tainteviction.EventAddTaint, Node: "n2", Taint: &badEffect},
		{At: 1, Kind: tainteviction.EventRemoveTaint, Node: "n1", Taint: &missing},
		{At: 1, Kind: tainteviction.EventSetTolerations, Pod: 7},
		{At: 1, Kind: "taint"},
		{At: -1, Kind: tainteviction.EventBind, Pod: 1, Node: "n2"},
		{At: math.NaN(), Kind: tainteviction.EventBind, Pod: 1, Node: "n2"},
		{At: 11, Kind: tainteviction.EventBind, Pod: 1, Node: "n2"},
	}
	got := w.Simulate(events, 10)
	want := []tainteviction.IgnoredEvent{
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
	if diff := cmp.Diff([]tainteviction.TimelineEntry{evicted(0, 0, -1)}, got.Entries, cmpopts.IgnoreFields(tainteviction.TimelineEntry{}, "Reason")); diff != "" {
		t.Errorf("Entries (-want +got):\n%s", diff)
	}
}

// TestSimulateUntil checks that an until JSON cannot carry, or a negative one,
// counts as 0, so the timeline always marshals.
func TestSimulateUntil(t *testing.T) {
	w := &Workspace{Nodes: []core.Node{simNodeWith("n", core.Taint{Key: "a", Effect: core.TaintEffectNoExecute})},
		Pods: []core.Pod{simPodOn("p", "n", []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(5))}})}}
	for _, until := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -3} {
		tl := w.Simulate([]tainteviction.Event{{At: 1, Kind: tainteviction.EventBind, Node: "n"}}, until)
		if _, err := json.Marshal(tl); err != nil || tl.Until != 0 || len(tl.Entries) != 1 || len(tl.Ignored) != 1 {
			t.Errorf("Simulate(until %g) = %+v, %v; want until 0, the countdown scheduled, the event ignored", until, tl, err)
		}
	}
}

func TestTimelineLatest(t *testing.T) {
	a := core.Taint{Key: "a", Effect: core.TaintEffectNoExecute}
	w := &Workspace{
		Nodes: []core.Node{simNodeWith("n", a)},
		Pods: []core.Pod{
			simPodOn("p0", "n", []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(30))}}),
			simPodOn("p1", "", nil),
		},
	}
	tl := w.Simulate([]tainteviction.Event{{At: 10, Kind: tainteviction.EventSetTolerations, Tolerations: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(60))}}}}, 100)
	tests := []struct {
		name string
		pod  int
		at   float64
		want *tainteviction.TimelineEntry
	}{
		{name: "countdown from 0", pod: 0, at: 5, want: &tainteviction.TimelineEntry{At: 0, Kind: tainteviction.EvictionScheduled, Deadline: 30, Toleration: 0}},
		{name: "kept after the change", pod: 0, at: 29.5, want: &tainteviction.TimelineEntry{At: 10, Kind: tainteviction.EvictionKept, Deadline: 30, Toleration: 0}},
		{name: "evicted at the deadline", pod: 0, at: 30, want: &tainteviction.TimelineEntry{At: 30, Kind: tainteviction.EvictionExecuted, Toleration: 0}},
		{name: "a pod the controller never acted on", pod: 1, at: 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tl.Latest(tc.pod, tc.at)
			if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(tainteviction.TimelineEntry{}, "Reason")); diff != "" {
				t.Errorf("Latest(%d, %g) (-want +got):\n%s", tc.pod, tc.at, diff)
			}
		})
	}
}

// TestSimulateAgreesWithEvaluate checks that, with no events, what Simulate
// does at 0 is what Evaluate's running cells say, on generated workspaces.
func TestSimulateAgreesWithEvaluate(t *testing.T) {
	for seed := range uint64(10) {
		w := GenerateWorkspace(30, 200, seed)
		report := w.Evaluate()
		timeline := w.Simulate(nil, 0)
		running := 0
		for _, cell := range report.Cells {
			if !cell.Running {
				continue
			}
			running++
			var want *tainteviction.TimelineEntry
			switch e := cell.Eviction; e.Kind {
			case tainteviction.EvictNow:
				want = &tainteviction.TimelineEntry{Kind: tainteviction.EvictionExecuted, Pod: cell.Pod, Node: cell.Node, Toleration: e.Toleration}
			case tainteviction.EvictAfter:
				want = &tainteviction.TimelineEntry{Kind: tainteviction.EvictionScheduled, Pod: cell.Pod, Node: cell.Node, Deadline: float64(e.Seconds), Toleration: e.Toleration}
			}
			if diff := cmp.Diff(want, timeline.Latest(cell.Pod, 0), cmpopts.IgnoreFields(tainteviction.TimelineEntry{}, "Reason")); diff != "" {
				t.Fatalf("seed %d pod %d on node %d (%s): entry at 0 (-Evaluate +Simulate):\n%s", seed, cell.Pod, cell.Node, cell.Eviction.Kind, diff)
			}
		}
		if running == 0 || len(timeline.Entries) > running {
			t.Fatalf("seed %d: %d running cells, %d entries", seed, running, len(timeline.Entries))
		}
	}
}

// FuzzSimulate drives Simulate with arbitrary events on small generated
// workspaces and checks the timeline's invariants: entries in time order;
// nothing after a pod's eviction; a countdown ends after it starts; "kept"
// repeats the running deadline; "cancelled" stops a running countdown; an
// eviction comes no later than the running deadline; ignored events are listed
// once each.
func FuzzSimulate(f *testing.F) {
	f.Add([]byte{1, 10, 0, 0, 0, 3, 20, 2, 1, 1, 5, 30, 1, 0, 2, 0})
	f.Add([]byte{7, 0, 3, 2, 9, 1, 0, 0, 2, 2, 200, 4, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		w := GenerateWorkspace(3, 4, uint64(data[0]))
		for p := range w.Pods {
			if p%2 == 0 {
				w.Pods[p].NodeName = w.Nodes[p%len(w.Nodes)].Name
			}
		}
		events := fuzzEvents(data[1:], w)
		timeline := w.Simulate(events, 250)
		checkTimeline(t, timeline, len(events))
	})
}

// fuzzEvents reads 5 bytes per event: time, kind, node, pod, and a choice of
// taint or tolerations from the generator's pools.
func fuzzEvents(data []byte, w *Workspace) []tainteviction.Event {
	kinds := []string{tainteviction.EventAddTaint, tainteviction.EventRemoveTaint, tainteviction.EventSetTolerations, tainteviction.EventBind, "other"}
	var events []tainteviction.Event
	for ; len(data) >= 5; data = data[5:] {
		e := tainteviction.Event{At: float64(data[0]) - 5, Kind: kinds[int(data[1])%len(kinds)], Pod: int(data[3])%(len(w.Pods)+1) - 1}
		if n := int(data[2]) % (len(w.Nodes) + 1); n < len(w.Nodes) {
			e.Node = w.Nodes[n].Name
		}
		choice := int(data[4])
		taint := core.Taint{Key: genKeys[choice%len(genKeys)], Effect: genEffects[choice/len(genKeys)%len(genEffects)]}
		e.Taint = &taint
		e.Tolerations = w.Pods[choice%len(w.Pods)].Tolerations
		events = append(events, e)
	}
	return events
}

func checkTimeline(t *testing.T, tl *tainteviction.Timeline, events int) {
	t.Helper()
	type state struct {
		running  *tainteviction.TimelineEntry
		evicted  bool
		previous float64
	}
	pods := map[int]*state{}
	for i := range tl.Entries {
		e := &tl.Entries[i]
		if i > 0 && e.At < tl.Entries[i-1].At {
			t.Fatalf("entry %d at %g comes after one at %g", i, e.At, tl.Entries[i-1].At)
		}
		if e.At < 0 || e.At > tl.Until {
			t.Fatalf("entry %d at %g is outside [0, %g]", i, e.At, tl.Until)
		}
		s := pods[e.Pod]
		if s == nil {
			s = &state{}
			pods[e.Pod] = s
		}
		if s.evicted {
			t.Fatalf("entry %d (%s) for pod %d after its eviction", i, e.Kind, e.Pod)
		}
		switch e.Kind {
		case tainteviction.EvictionScheduled:
			if e.Deadline <= e.At || e.Toleration < 0 {
				t.Fatalf("entry %d schedules a deadline %g at %g by toleration %d", i, e.Deadline, e.At, e.Toleration)
			}
			s.running = e
		case tainteviction.EvictionKept:
			if s.running == nil || e.Deadline != s.running.Deadline || e.Toleration != s.running.Toleration {
				t.Fatalf("entry %d keeps deadline %g, but the running countdown is %+v", i, e.Deadline, s.running)
			}
		case tainteviction.EvictionCancelled:
			if s.running == nil {
				t.Fatalf("entry %d cancels no countdown", i)
			}
			s.running = nil
		case tainteviction.EvictionExecuted:
			if s.running != nil && e.At > s.running.Deadline {
				t.Fatalf("entry %d evicts at %g, after the deadline %g", i, e.At, s.running.Deadline)
			}
			if s.running != nil && s.running.Deadline <= tl.Until && e.At < s.running.Deadline && e.Toleration >= 0 && e.Toleration != s.running.Toleration {
				t.Fatalf("entry %d evicts early by toleration %d, not the untolerated path", i, e.Toleration)
			}
			s.evicted = true
		default:
			t.Fatalf("entry %d has kind %q", i, e.Kind)
		}
		if e.Reason == "" {
			t.Fatalf("entry %d has no reason", i)
		}
	}
	for p, s := range pods {
		if s.running != nil && !s.evicted && s.running.Deadline <= tl.Until {
			t.Fatalf("pod %d: the countdown ending at %g ≤ %g did not evict", p, s.running.Deadline, tl.Until)
		}
	}
	seen := map[int]bool{}
	for _, ig := range tl.Ignored {
		if ig.Event < 0 || ig.Event >= events || seen[ig.Event] || !strings.HasPrefix(ig.Reason, fmt.Sprintf("events[%d].", ig.Event)) {
			t.Fatalf("ignored %+v: out of range, repeated, or not naming its field", ig)
		}
		seen[ig.Event] = true
	}
}
