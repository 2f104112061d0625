package tainteviction

import (
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// Event is one change on the simulated clock, in seconds from its start.
type Event struct {
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
	// Node names the node for EventAddTaint, EventRemoveTaint and EventBind.
	Node string `json:"node,omitempty"`
	// Pod is the pod's index in the workspace for EventSetTolerations and EventBind.
	Pod int `json:"pod"`
	// Taint is added, or removed by key and effect.
	Taint *core.Taint `json:"taint,omitempty"`
	// Tolerations replace the pod's for EventSetTolerations, as given:
	// admission does not run again, as it would not on a real pod update that
	// already carries its tolerations.
	Tolerations []core.Toleration `json:"tolerations,omitempty"`
}

// Event kinds.
const (
	EventAddTaint       = "addTaint"
	EventRemoveTaint    = "removeTaint"
	EventSetTolerations = "setTolerations"
	EventBind           = "bind"
)

// Timeline is what the taint-eviction controller does over the simulated clock.
//
// To draw a pod at any time t, take its latest entry with At ≤ t (Latest does
// this): "scheduled" or "kept" means a countdown is running and the pod is
// evicted in Deadline − t seconds (an "evicted" entry follows when Deadline ≤
// Until); "evicted" means the pod is gone; "cancelled", or no entry, means no
// countdown. Every rule lives here, so the page only looks entries up.
type Timeline struct {
	// Until is the end of the simulated clock, in seconds.
	Until   float64         `json:"until"`
	Entries []TimelineEntry `json:"entries"`
	// Taints are the spans of time each taint spends on a node, for the nodes
	// a pod is bound to at some time and those an applied event changes; a
	// chart draws them next to the pods' bars.
	Taints []TaintSpan `json:"taints"`
	// Pods are the spans of time each pod spends bound to a node, one per pod
	// that is bound at some time, in pod order.
	Pods []PodSpan `json:"pods"`
	// Ignored lists the events that could not apply, such as a taint removal on
	// a node without that taint, each with why.
	Ignored []IgnoredEvent `json:"ignored"`
}

// IgnoredEvent is an event Simulate skipped.
type IgnoredEvent struct {
	// Event is the index in the events passed to Simulate.
	Event int `json:"event"`
	// Reason names the event's field at fault, such as
	// `events[2].node: no node is named "node-9"`.
	Reason string `json:"reason"`
}

// Latest returns the entry that describes the pod at time t: its latest entry
// with At ≤ t, or nil when the controller has not acted on it by then.
func (tl *Timeline) Latest(pod int, t float64) *TimelineEntry {
	var latest *TimelineEntry
	for i := range tl.Entries {
		e := &tl.Entries[i]
		if e.At > t {
			break
		}
		if e.Pod == pod {
			latest = e
		}
	}
	return latest
}

// TimelineEntry is one scheduling, cancellation or execution of an eviction, or
// a change the controller saw that left a scheduled eviction's deadline as it was.
type TimelineEntry struct {
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
	Pod  int     `json:"pod"`
	Node int     `json:"node"`
	// Deadline is when a scheduled eviction fires: At + seconds for "scheduled",
	// the unchanged deadline for "kept".
	Deadline float64 `json:"deadline,omitempty"`
	// Toleration is the index in the pod's tolerations, as they were when the
	// countdown was scheduled, of the one that set the delay; -1 if none.
	Toleration int    `json:"toleration"`
	Reason     string `json:"reason"`
	// Device names the device (driver/pool/device) whose taint schedules
	// or executes the eviction, for the device taint eviction controller's
	// entries; Toleration then indexes the allocation result's tolerations.
	Device string `json:"device,omitempty"`
	// ReasonMessage is Reason as data, for the page's and the command
	// line's languages (issue 24).
	ReasonMessage message.Message `json:"reasonMessage,omitzero"`
}

// Timeline entry kinds.
const (
	EvictionScheduled = "scheduled"
	EvictionCancelled = "cancelled"
	EvictionExecuted  = "evicted"
	// EvictionKept marks a change (longer or shorter tolerationSeconds, another
	// tolerated NoExecute taint) after which the controller keeps the deadline
	// it had scheduled: upstream never moves one.
	EvictionKept = "kept"
)

// TaintSpan is the time a taint spends on a node: from when it is there (0 for
// the taints the node starts with) to when an event removes or replaces it, or
// to Until.
type TaintSpan struct {
	Node  int        `json:"node"`
	Taint core.Taint `json:"taint"`
	From  float64    `json:"from"`
	To    float64    `json:"to"`
	// Ended says how the span ends before Until: TaintRemoved, or TaintReplaced
	// by a taint with the same key and effect and another value (the next span
	// on the node); "" when the taint is still there at Until.
	Ended string `json:"ended,omitempty"`
}

// Taint span endings.
const (
	TaintRemoved  = "removed"
	TaintReplaced = "replaced"
)

// PodSpan is the time a pod spends bound to a node: from 0 (or its bind event)
// to its eviction, or to Until when it stays.
type PodSpan struct {
	Pod     int     `json:"pod"`
	Node    int     `json:"node"`
	From    float64 `json:"from"`
	To      float64 `json:"to"`
	Evicted bool    `json:"evicted,omitempty"`
}
