package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

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
			if diff := cmp.Diff(want, timeline.Latest(cell.Pod, 0), cmpopts.IgnoreFields(tainteviction.TimelineEntry{}, "Reason", "ReasonMessage")); diff != "" {
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
