package engine

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

// unschedulableTaint is what the NodeUnschedulable plugin checks the pod's
// tolerations against, whether or not the node carries the taint yet.
var unschedulableTaint = Taint{Key: TaintNodeUnschedulable, Effect: TaintEffectNoSchedule}

// DoNotScheduleTaints keeps the taints the TaintToleration filter reads:
// NoSchedule and NoExecute. PreferNoSchedule never blocks (upstream
// helper.DoNotScheduleTaintsFilterFunc).
func DoNotScheduleTaints(t *Taint) bool {
	return t.Effect == TaintEffectNoSchedule || t.Effect == TaintEffectNoExecute
}

// anyTaint reports whether any of the taints passes the filter.
func anyTaint(taints []Taint, include func(*Taint) bool) bool {
	for i := range taints {
		if include(&taints[i]) {
			return true
		}
	}
	return false
}

// TaintTolerationFilter is the TaintToleration plugin's Filter: it returns the
// index in node order of the first NoSchedule or NoExecute taint that no
// toleration tolerates, or -1 when the pod passes. tolerationSeconds plays no
// part: a pod that tolerates a NoExecute taint for 0 s still fits.
func TaintTolerationFilter(pod *Pod, node *Node, comparisonOperators bool) int {
	return FindMatchingUntoleratedTaint(node.Taints, pod.Tolerations, DoNotScheduleTaints, comparisonOperators)
}

// NodeUnschedulableFilter is the NodeUnschedulable plugin's Filter: a node with
// spec.unschedulable rejects every pod that does not tolerate
// node.kubernetes.io/unschedulable:NoSchedule. It reports whether the pod passes.
func NodeUnschedulableFilter(pod *Pod, node *Node, comparisonOperators bool) bool {
	return !node.Unschedulable || TolerationsTolerateTaint(pod.Tolerations, &unschedulableTaint, comparisonOperators)
}

// filterCell runs the filters in the default scheduler profile's order —
// NodeUnschedulable, NodeName, TaintToleration, NodeAffinity — and fills the
// cell's verdicts. Message is the status of the first filter that fails, as the
// scheduler stops at the first failure.
func filterCell(cell *Cell, pod *Pod, node *Node, comparisonOperators bool) {
	cell.BlockedBy = TaintTolerationFilter(pod, node, comparisonOperators)
	cell.Unschedulable = !NodeUnschedulableFilter(pod, node, comparisonOperators)
	cell.Placement = MatchPlacement(pod, node)
	switch {
	case cell.Unschedulable:
		cell.Message = MessageUnschedulable
	case !cell.Placement.NodeName:
		cell.Message = MessageNodeName
	case cell.BlockedBy >= 0:
		cell.Message = MessageUntoleratedTaints
	case !cell.Placement.NodeSelector || !cell.Placement.Affinity:
		cell.Message = MessageNodeAffinity
	}
	cell.Fits = cell.Message == ""
}
