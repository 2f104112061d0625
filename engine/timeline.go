package engine

// Event is one change on the simulated clock, in seconds from its start.
type Event struct {
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
	// Node names the node for EventAddTaint, EventRemoveTaint and EventBind.
	Node string `json:"node,omitempty"`
	// Pod is the pod's index in the workspace for EventSetTolerations and EventBind.
	Pod int `json:"pod,omitempty"`
	// Taint is added, or removed by key and effect.
	Taint *Taint `json:"taint,omitempty"`
	// Tolerations replace the pod's for EventSetTolerations.
	Tolerations []Toleration `json:"tolerations,omitempty"`
}

// Event kinds.
const (
	EventAddTaint       = "addTaint"
	EventRemoveTaint    = "removeTaint"
	EventSetTolerations = "setTolerations"
	EventBind           = "bind"
)

// Timeline is what the taint-eviction controller does over the simulated clock.
type Timeline struct {
	Entries []TimelineEntry `json:"entries"`
}

// TimelineEntry is one scheduling, cancellation or execution of an eviction.
type TimelineEntry struct {
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
	Pod  int     `json:"pod"`
	Node int     `json:"node"`
	// Deadline is when a scheduled eviction fires (At + seconds).
	Deadline float64 `json:"deadline,omitempty"`
	// Toleration is the index in the pod's tolerations that set the delay, or -1.
	Toleration int    `json:"toleration"`
	Reason     string `json:"reason"`
}

// Timeline entry kinds.
const (
	EvictionScheduled = "scheduled"
	EvictionCancelled = "cancelled"
	EvictionExecuted  = "evicted"
)
