package engine

import (
	"github.com/taint-playground/taint-playground/engine/admission"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/scheduler"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// Report is the whole answer for one workspace: what was read, and a verdict for
// every pod on every node. Cells are compact so that 5,000 nodes × 100 pods stay
// cheap, and the work is bounded by EvaluateWindow's budget; Workspace.Explain gives the per-taint detail of one cell.
type Report struct {
	// Kubernetes is the release whose behaviour is reproduced (KubernetesVersion).
	Kubernetes string       `json:"kubernetes"`
	Options    core.Options `json:"options"`
	// Nodes and Pods are the effective objects: condition taints and admission
	// tolerations included, each marked with its Origin or AddedBy.
	Nodes []core.Node `json:"nodes"`
	Pods  []core.Pod  `json:"pods"`
	// Cells holds one verdict per pod × node, pod-major:
	// Cells[p*len(Nodes)+n] is pod p on node n, when Window is nil. A larger
	// workspace (over FullReportPairs) has a windowed report: Cells holds the
	// window's cells, pod-major, then each running cell outside the window;
	// Workspace.Cells gives other windows. Each cell names its Pod and Node.
	Cells       []Cell            `json:"cells"`
	Diagnostics []core.Diagnostic `json:"diagnostics"`
	// Counts sum up every pair, also those whose cells are not in Cells.
	Counts Counts `json:"counts"`
	// Window is the window of the matrix Cells holds; nil when Cells holds
	// every pair.
	Window *Window `json:"window,omitempty"`
	// OverLimit is true when the workspace has more than MaxPairs pairs:
	// nothing was evaluated, Cells is empty and a "limit" diagnostic says why.
	OverLimit bool `json:"overLimit,omitempty"`
	// Devices are the device verdicts of the pods that use ResourceClaims
	// (DeviceVerdicts); omitted when there are none.
	Devices []PodDevices `json:"devices,omitempty"`
	// DeviceRules are the status of each DeviceTaintRule of the inventory
	// (DeviceRuleStatuses); omitted when there are none.
	DeviceRules []DeviceRuleStatus `json:"deviceRules,omitempty"`
}

// Cell is the verdict for one pod on one node.
type Cell struct {
	Pod  int `json:"pod"`
	Node int `json:"node"`

	// Taints is the TaintToleration plugin's outcome: TaintsTolerated,
	// TaintsPreferAvoid (only PreferNoSchedule taints are untolerated) or
	// TaintsBlocked.
	Taints string `json:"taints"`
	// BlockedBy is the index in the node's taints of the taint upstream reports:
	// the first untolerated NoSchedule or NoExecute taint in node order; -1 if none.
	BlockedBy int `json:"blockedBy"`
	// PreferNoSchedule is how many PreferNoSchedule taints the pod does not
	// tolerate (counting only tolerations with an empty or PreferNoSchedule
	// effect), and Score the plugin's normalized score (0–100) across all nodes.
	PreferNoSchedule int `json:"preferNoSchedule"`
	Score            int `json:"score"`
	// Unschedulable is true when the node has spec.unschedulable and the pod does
	// not tolerate node.kubernetes.io/unschedulable:NoSchedule (NodeUnschedulable plugin).
	Unschedulable bool `json:"unschedulable,omitempty"`
	// Placement is what attracts or repels the pod besides taints.
	Placement scheduler.Placement `json:"placement"`
	// Fits is true when every filter above passes: the scheduler may bind the pod here.
	Fits bool `json:"fits"`
	// Message is the scheduler's status message when the pod does not fit, such
	// as "node(s) had untolerated taint(s)". It is one of a few constants: cells
	// stay allocation-free so that 5,000 nodes × 100 pods evaluate in milliseconds;
	// the sentences that explain a cell come from Workspace.Explain.
	Message string `json:"message,omitempty"`

	// Running is true when the pod's spec.nodeName is this node; then Eviction says
	// what the taint-eviction controller does to it.
	Running  bool                    `json:"running,omitempty"`
	Eviction *tainteviction.Eviction `json:"eviction,omitempty"`
	// Kubelet is, for a running pod, whether the kubelet admits it here: a pod
	// bound by spec.nodeName skips the scheduler's filters, not the kubelet's.
	// A pointer, like Eviction, so that cells stay small.
	Kubelet *admission.KubeletVerdict `json:"kubelet,omitempty"`
}

// CellDetail is one cell with the verdict for each of the node's taints.
type CellDetail struct {
	Cell
	// Reason explains the cell's verdict in one sentence.
	Reason string `json:"reason"`
	// ReasonMessage is Reason as data.
	ReasonMessage message.Message `json:"reasonMessage,omitzero"`
	// PlacementReason names the first nodeName, nodeSelector or affinity
	// mismatch; empty when all match.
	PlacementReason string `json:"placementReason,omitempty"`
	// PlacementReasonMessage is PlacementReason as data.
	PlacementReasonMessage message.Message `json:"placementReasonMessage,omitzero"`
	Taints                 []TaintVerdict  `json:"taintVerdicts"`
}

// TaintVerdict explains one taint against one pod's tolerations.
type TaintVerdict struct {
	// Taint is the index in the node's taints.
	Taint     int  `json:"taint"`
	Tolerated bool `json:"tolerated"`
	// By lists, in pod order, every toleration that tolerates the taint; the
	// eviction controller uses the first.
	By []int `json:"by,omitempty"`
	// Reason says in one sentence why the taint is or is not tolerated.
	Reason string `json:"reason"`
	// ReasonMessage is Reason as data, for the page's and the command line's
	// languages (issue 24).
	ReasonMessage message.Message `json:"reasonMessage,omitzero"`
	// NearMisses are tolerations that almost tolerate the taint, each naming the
	// field that differs.
	NearMisses []NearMiss `json:"nearMisses,omitempty"`
	// Suggestion is the smallest toleration that would tolerate this taint (and
	// nothing with another key), for an untolerated taint.
	Suggestion *core.Toleration `json:"suggestion,omitempty"`
}

// NearMiss is a toleration that fails to tolerate a taint because of one field.
type NearMiss struct {
	Toleration int    `json:"toleration"`
	Field      string `json:"field"`
	Reason     string `json:"reason"`
	// ReasonMessage is Reason as data.
	ReasonMessage message.Message `json:"reasonMessage,omitzero"`
}

// Outcomes of the TaintToleration plugin for one cell.
const (
	TaintsTolerated   = "tolerated"
	TaintsPreferAvoid = "prefer-avoid"
	TaintsBlocked     = "blocked"
)
