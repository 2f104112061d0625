package scheduler

import (
	"github.com/taint-playground/taint-playground/engine/core"
)

// The scheduler's status messages for the filters a cell runs, verbatim from
// upstream (k/k pkg/scheduler/framework/plugins: nodeunschedulable, nodename,
// tainttoleration since v1.35, nodeaffinity). Cells carry one of these constants
// so that evaluating stays free of per-cell formatting.
const (
	MessageUnschedulable     = "node(s) were unschedulable"
	MessageNodeName          = "node(s) didn't match the requested node name"
	MessageUntoleratedTaints = "node(s) had untolerated taint(s)"
	MessageNodeAffinity      = "node(s) didn't match Pod's node affinity/selector"
)

// UnschedulableTaint is what the NodeUnschedulable plugin checks the pod's
// tolerations against, whether or not the node carries the taint yet.
var UnschedulableTaint = core.Taint{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule}

// DoNotScheduleTaints keeps the taints the TaintToleration filter reads:
// NoSchedule and NoExecute. PreferNoSchedule never blocks (upstream
// helper.DoNotScheduleTaintsFilterFunc).
func DoNotScheduleTaints(t *core.Taint) bool {
	return t.Effect == core.TaintEffectNoSchedule || t.Effect == core.TaintEffectNoExecute
}

// TaintTolerationFilter is the TaintToleration plugin's Filter: it returns the
// index in node order of the first NoSchedule or NoExecute taint that no
// toleration tolerates, or -1 when the pod passes. tolerationSeconds plays no
// part: a pod that tolerates a NoExecute taint for 0 s still fits.
func TaintTolerationFilter(pod *core.Pod, node *core.Node, comparisonOperators bool) int {
	return core.FindMatchingUntoleratedTaint(node.Taints, pod.Tolerations, DoNotScheduleTaints, comparisonOperators)
}

// NodeUnschedulableFilter is the NodeUnschedulable plugin's Filter: a node with
// spec.unschedulable rejects every pod that does not tolerate
// node.kubernetes.io/unschedulable:NoSchedule. It reports whether the pod passes.
func NodeUnschedulableFilter(pod *core.Pod, node *core.Node, comparisonOperators bool) bool {
	return !node.Unschedulable || core.TolerationsTolerateTaint(pod.Tolerations, &UnschedulableTaint, comparisonOperators)
}

// FilterResult is what the default profile's filters say about one pod on one
// node.
type FilterResult struct {
	// BlockedBy is TaintTolerationFilter's answer: the index of the first
	// untolerated NoSchedule or NoExecute taint, or -1.
	BlockedBy int
	// Unschedulable is true when NodeUnschedulableFilter fails.
	Unschedulable bool
	// Placement is the NodeName and NodeAffinity filters' match.
	Placement Placement
	// Message is the status of the first filter that fails; empty when the pod
	// fits.
	Message string
}

// RunFilters runs the filters in the default scheduler profile's order —
// NodeUnschedulable, NodeName, TaintToleration, NodeAffinity. Message is the
// status of the first filter that fails, as the scheduler stops at the first
// failure.
func RunFilters(pod *core.Pod, node *core.Node, comparisonOperators bool) FilterResult {
	r := FilterResult{
		BlockedBy:     TaintTolerationFilter(pod, node, comparisonOperators),
		Unschedulable: !NodeUnschedulableFilter(pod, node, comparisonOperators),
		Placement:     MatchPlacement(pod, node),
	}
	r.Message = filterMessage(&r)
	return r
}

// filterMessage is the status of the first filter that fails, in the
// profile's order; "" when every filter passes.
func filterMessage(r *FilterResult) string {
	switch {
	case r.Unschedulable:
		return MessageUnschedulable
	case !r.Placement.NodeName:
		return MessageNodeName
	case r.BlockedBy >= 0:
		return MessageUntoleratedTaints
	case !r.Placement.NodeSelector || !r.Placement.Affinity:
		return MessageNodeAffinity
	}
	return ""
}
