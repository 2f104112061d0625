package engine

import (
	"github.com/taint-playground/taint-playground/engine/message"
	"sort"

	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// addDeviceEvictions puts the device taint eviction controller's evictions
// on the node controller's timeline, the clock's zero being the device
// verdicts' time (Workspace.Now, or DeviceClock): the device taints are as
// the inventory has them throughout, since the clock's events change node
// taints and pod tolerations only, never a claim's allocation result.
//
//  1. A running pod the devices evict now is evicted at 0; one evicted
//     after N s gets a countdown scheduled at 0 and, when N ≤ Until, its
//     eviction at N.
//  2. A pod its node's taints evict first keeps the node's entries only;
//     otherwise the node's entries after the device's eviction are dropped,
//     the pod being gone, and its span ends there.
func (w *Workspace) addDeviceEvictions(tl *tainteviction.Timeline) {
	byName := map[[2]string]int{}
	for p := range w.Pods {
		byName[[2]string{namespaceOrDefault(w.Pods[p].Namespace), w.Pods[p].Name}] = p
	}
	for _, pd := range DeviceVerdicts(w.DeviceInput(w.Now)) {
		ev := pd.Eviction
		if ev == nil || (ev.Kind != tainteviction.EvictNow && ev.Kind != tainteviction.EvictAfter) {
			continue
		}
		p, ok := byName[[2]string{namespaceOrDefault(pd.Namespace), pd.Name}]
		if !ok {
			continue
		}
		at := float64(ev.Seconds)
		if nodeEvictedBy(tl, p, at) {
			continue
		}
		span := podSpan(tl, p)
		if span == nil {
			continue // a pod bound to a node not in the input: no controller runs it
		}
		kept := tl.Entries[:0]
		for _, e := range tl.Entries {
			if e.Pod != p || e.At < at {
				kept = append(kept, e)
			}
		}
		tl.Entries = kept
		entry := tainteviction.TimelineEntry{Pod: p, Node: span.Node, Toleration: ev.Toleration,
			Device: ev.Device.String(), Reason: message.InEnglish(pd.Reason), ReasonMessage: pd.Reason}
		if ev.Kind == tainteviction.EvictAfter {
			scheduled := entry
			scheduled.Kind, scheduled.Deadline = tainteviction.EvictionScheduled, at
			tl.Entries = append(tl.Entries, scheduled)
		}
		if at <= tl.Until {
			entry.At, entry.Kind = at, tainteviction.EvictionExecuted
			tl.Entries = append(tl.Entries, entry)
			span.To, span.Evicted = at, true
		}
	}
	sort.SliceStable(tl.Entries, func(a, b int) bool { return tl.Entries[a].At < tl.Entries[b].At })
}

// nodeEvictedBy reports whether the node's taints evict pod p at or before at.
func nodeEvictedBy(tl *tainteviction.Timeline, p int, at float64) bool {
	for _, e := range tl.Entries {
		if e.Pod == p && e.Kind == tainteviction.EvictionExecuted && e.At <= at {
			return true
		}
	}
	return false
}

// podSpan is the pod's last span on the timeline, nil when it has none.
func podSpan(tl *tainteviction.Timeline, p int) *tainteviction.PodSpan {
	var last *tainteviction.PodSpan
	for i := range tl.Pods {
		if tl.Pods[i].Pod == p {
			last = &tl.Pods[i]
		}
	}
	return last
}
