package core

// Node is the part of a core/v1 Node that taints, tolerations and placement read.
type Node struct {
	Name   string            `json:"name"`
	Labels map[string]string `json:"labels,omitempty"`
	// Taints are the node's effective taints in node order: those written in
	// spec.taints, then those the node lifecycle controller would add for
	// spec.unschedulable and for the node's conditions (see Taint.Origin).
	Taints        []Taint         `json:"taints"`
	Unschedulable bool            `json:"unschedulable,omitempty"`
	Conditions    []NodeCondition `json:"conditions,omitempty"`

	// Rejected lists why the API server would refuse this node as written (see
	// Pod.Rejected); empty when it would accept it.
	Rejected []string `json:"rejected,omitempty"`

	Source Source `json:"source"`
}

// NodeCondition is one entry of status.conditions, such as Ready=False.
type NodeCondition struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	Source Source `json:"source"`
}

// Node condition types and statuses (core/v1) that the node lifecycle
// controller turns into taints.
const (
	NodeReady              = "Ready"
	NodeMemoryPressure     = "MemoryPressure"
	NodeDiskPressure       = "DiskPressure"
	NodePIDPressure        = "PIDPressure"
	NodeNetworkUnavailable = "NetworkUnavailable"

	ConditionTrue    = "True"
	ConditionFalse   = "False"
	ConditionUnknown = "Unknown"
)
