package tainteviction

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestTimelineSpans follows taints and pods through an operator's taint,
// untaint, taint again and --overwrite (the rapid-taint-untaint example) on
// worker-1, a late binding to worker-2 and an ignored removal on worker-3: the
// spans say when each taint and pod is where, and leave out worker-3, which no
// pod runs on and no applied event changed.
func TestTimelineSpans(t *testing.T) {
	noSchedule := core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}
	maintenance := core.Taint{Key: "maintenance", Value: "true", Effect: core.TaintEffectNoExecute}
	extended := core.Taint{Key: "maintenance", Value: "extended", Effect: core.TaintEffectNoExecute}
	w := &world{
		Nodes: []core.Node{simNodeWith("worker-1", noSchedule), simNodeWith("worker-2"), simNodeWith("worker-3", noSchedule)},
		Pods: []core.Pod{
			simPodOn("api-0", "worker-1", []core.Toleration{{Key: "maintenance", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(600))}}),
			simPodOn("worker-0", "worker-1", nil),
			simPodOn("late-0", "", nil),
			simPodOn("pending-0", "", nil),
		},
	}
	tl := w.Simulate([]Event{
		{At: 100, Kind: EventAddTaint, Node: "worker-1", Taint: &maintenance},
		{At: 130, Kind: EventRemoveTaint, Node: "worker-1", Taint: &maintenance},
		{At: 160, Kind: EventAddTaint, Node: "worker-1", Taint: &maintenance},
		{At: 200, Kind: EventBind, Node: "worker-2", Pod: 2},
		{At: 300, Kind: EventRemoveTaint, Node: "worker-3", Taint: &maintenance},
		{At: 400, Kind: EventAddTaint, Node: "worker-1", Taint: &extended},
		{At: 500, Kind: EventAddTaint, Node: "worker-1", Taint: &extended},
	}, 1000)

	wantTaints := []TaintSpan{
		{Node: 0, Taint: noSchedule, From: 0, To: 1000},
		{Node: 0, Taint: maintenance, From: 100, To: 130, Ended: TaintRemoved},
		{Node: 0, Taint: maintenance, From: 160, To: 400, Ended: TaintReplaced},
		{Node: 0, Taint: extended, From: 400, To: 1000},
	}
	if diff := cmp.Diff(wantTaints, tl.Taints); diff != "" {
		t.Errorf("Taints (-want +got):\n%s", diff)
	}
	wantPods := []PodSpan{
		{Pod: 0, Node: 0, From: 0, To: 760, Evicted: true},
		{Pod: 1, Node: 0, From: 0, To: 100, Evicted: true},
		{Pod: 2, Node: 1, From: 200, To: 1000},
	}
	if diff := cmp.Diff(wantPods, tl.Pods); diff != "" {
		t.Errorf("Pods (-want +got):\n%s", diff)
	}
	if len(tl.Ignored) != 1 || tl.Ignored[0].Event != 4 {
		t.Errorf("Ignored = %+v; want only the removal on worker-3", tl.Ignored)
	}
}
