package engine

import (
	"slices"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/scheduler"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// BlastRadius is what one `kubectl taint nodes …` command would do to the
// workspace, before anyone runs it on the cluster (Workspace.WhatIf). Indexes
// are into the workspace's Nodes and Pods, as in the Report.
type BlastRadius struct {
	Command *kubectl.TaintCommand `json:"command"`
	// Nodes are the nodes whose taints the command changes, in node order.
	Nodes []NodeChange `json:"nodes"`
	// EvictedNow, EvictedLater and Stay sort the running pods of the changed
	// nodes by the taint-eviction controller's verdict on the new taints.
	EvictedNow   []PodEviction `json:"evictedNow"`
	EvictedLater []PodEviction `json:"evictedLater"`
	Stay         []PodEviction `json:"stay"`
	// NoLongerSchedulable are the pending pods (no spec.nodeName) that fit some
	// node before the command and none after; NewlySchedulable the reverse.
	NoLongerSchedulable []int `json:"noLongerSchedulable"`
	NewlySchedulable    []int `json:"newlySchedulable"`
	// NotJudged are the pods of the changed nodes, or pending, that the API
	// server would refuse as written (Pod.Rejected): they are in no list
	// above, which would count them as moved or staying. Omitted when none.
	NotJudged []int `json:"notJudged,omitempty"`
	// Errors are kubectl's errors for the nodes it could not update (such as
	// a removal that finds no taint); the other nodes are still updated.
	Errors []string `json:"errors"`
	// Totals count the lists above by node pool and by workload.
	Totals RadiusTotals `json:"totals"`
}

// NodeChange is one node's taints before and after the command.
type NodeChange struct {
	Node int `json:"node"`
	// Taints is the node's new list; Added and Removed the difference, a
	// changed value counting as one removal and one addition.
	Taints  []core.Taint `json:"taints"`
	Added   []core.Taint `json:"added"`
	Removed []core.Taint `json:"removed"`
}

// PodEviction is the taint-eviction controller's verdict on a running pod,
// after the command (Eviction) and before it (Before, the kind only).
type PodEviction struct {
	Pod      int                    `json:"pod"`
	Node     int                    `json:"node"`
	Before   string                 `json:"before"`
	Eviction tainteviction.Eviction `json:"eviction"`
}

// WhatIf parses command as ParseTaintCommand does, applies it to the
// workspace's nodes as TaintCommand.Apply does, and reports the blast radius;
// the workspace itself is left as it was.
//
//  1. A command kubectl refuses is an error, verbatim.
//  2. A node counts as changed when its taints differ (key, value, effect).
//  3. Each pod running on a changed node (spec.nodeName) gets
//     NoExecuteEviction on the new taints: EvictNow, EvictAfter (seconds and
//     the toleration that sets them) or a stay (none or never).
//  4. Each pending pod is run through the scheduler's filters (RunFilters) on
//     every node, before and after: only the changed nodes can differ.
//  5. The lists are counted by node pool (the first of PoolLabels that a
//     node carries) and by workload (Totals).
func (w *Workspace) WhatIf(command string) (*BlastRadius, error) {
	cmd, err := kubectl.ParseTaintCommand(command)
	if err != nil {
		return nil, err
	}
	after, applyErr := cmd.Apply(w.Nodes)
	radius := &BlastRadius{
		Command: cmd, Nodes: []NodeChange{},
		EvictedNow: []PodEviction{}, EvictedLater: []PodEviction{}, Stay: []PodEviction{},
		NoLongerSchedulable: []int{}, NewlySchedulable: []int{},
		Errors: applyErrors(applyErr),
	}
	changed := make([]bool, len(w.Nodes))
	for n := range w.Nodes {
		if change, ok := diffTaints(w.Nodes[n].Taints, after[n].Taints); ok {
			change.Node = n
			radius.Nodes = append(radius.Nodes, change)
			changed[n] = true
		}
	}
	if len(radius.Nodes) > 0 {
		w.sortRunningPods(radius, after)
		w.comparePendingPods(radius, after, changed)
		slices.Sort(radius.NotJudged)
	}
	radius.Totals = w.Totals(radius, PoolLabel(w.Nodes))
	return radius, nil
}

// applyErrors lists the errors Apply joined, one per node, or none.
func applyErrors(err error) []string {
	if err == nil {
		return []string{}
	}
	var errs []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	} else {
		errs = []error{err}
	}
	messages := make([]string, len(errs))
	for i, e := range errs {
		messages[i] = e.Error()
	}
	return messages
}

// diffTaints compares a node's taints before and after; ok is false when
// they hold the same taints.
func diffTaints(before, after []core.Taint) (change NodeChange, ok bool) {
	missing := func(list []core.Taint) func(core.Taint) bool {
		return func(t core.Taint) bool {
			return !slices.ContainsFunc(list, func(o core.Taint) bool { return o.MatchTaint(&t) && o.Value == t.Value })
		}
	}
	change.Added = filterTaints(after, missing(before))
	change.Removed = filterTaints(before, missing(after))
	change.Taints = after
	return change, len(change.Added) > 0 || len(change.Removed) > 0
}

// filterTaints keeps, in order, the taints keep accepts; never nil.
func filterTaints(taints []core.Taint, keep func(core.Taint) bool) []core.Taint {
	out := []core.Taint{}
	for _, t := range taints {
		if keep(t) {
			out = append(out, t)
		}
	}
	return out
}

// sortRunningPods files each pod running on a changed node under the
// taint-eviction controller's verdict on the node's new taints. A pod runs on
// every node of its spec.nodeName, as in Evaluate. Pods that share one
// tolerations array (the replicas of a generated workload) get one verdict
// per node, computed once.
func (w *Workspace) sortRunningPods(radius *BlastRadius, after []core.Node) {
	gate := w.Options.ComparisonOperators
	changedByName := make(map[string][]int, len(radius.Nodes))
	for _, change := range radius.Nodes {
		name := w.Nodes[change.Node].Name
		changedByName[name] = append(changedByName[name], change.Node)
	}
	verdicts := make([]map[tolerationsID][2]tainteviction.Eviction, len(w.Nodes))
	for p := range w.Pods {
		pod := &w.Pods[p]
		if pod.NodeName == "" {
			continue
		}
		if len(pod.Rejected) > 0 && len(changedByName[pod.NodeName]) > 0 {
			radius.NotJudged = append(radius.NotJudged, p)
			continue
		}
		for _, n := range changedByName[pod.NodeName] {
			if verdicts[n] == nil {
				verdicts[n] = map[tolerationsID][2]tainteviction.Eviction{}
			}
			id := tolerationsID{n: len(pod.Tolerations)}
			if id.n > 0 {
				id.first = &pod.Tolerations[0]
			}
			both, ok := verdicts[n][id]
			if !ok {
				both = [2]tainteviction.Eviction{tainteviction.NoExecuteEviction(w.Nodes[n].Taints, pod.Tolerations, gate), tainteviction.NoExecuteEviction(after[n].Taints, pod.Tolerations, gate)}
				verdicts[n][id] = both
			}
			verdict := PodEviction{Pod: p, Node: n, Before: both[0].Kind, Eviction: both[1]}
			switch verdict.Eviction.Kind {
			case tainteviction.EvictNow:
				radius.EvictedNow = append(radius.EvictedNow, verdict)
			case tainteviction.EvictAfter:
				radius.EvictedLater = append(radius.EvictedLater, verdict)
			default:
				radius.Stay = append(radius.Stay, verdict)
			}
		}
	}
}

// tolerationsID is a tolerations slice's identity: two pods with the same
// length and first element share the whole slice, so the same tolerations.
type tolerationsID struct {
	n     int
	first *core.Toleration
}

// comparePendingPods finds the pending pods whose chance to schedule the
// command changes. An unchanged node answers the same before and after, so a
// pod that fits one is settled; otherwise only the changed nodes decide. Pods
// with the same SchedulingKey get the same answer, computed once: the
// replicas of a workload waiting in a 5,000-node cluster cost one pod's scan.
func (w *Workspace) comparePendingPods(radius *BlastRadius, after []core.Node, changed []bool) {
	gate := w.Options.ComparisonOperators
	fits := func(pod *core.Pod, node *core.Node) bool {
		return scheduler.RunFilters(pod, node, gate).Message == ""
	}
	type verdict struct{ fitsBefore, fitsAfter bool }
	verdicts := map[string]verdict{}
	for p := range w.Pods {
		pod := &w.Pods[p]
		if pod.NodeName != "" {
			continue
		}
		key := scheduler.SchedulingKey(pod)
		v, ok := verdicts[key]
		if !ok {
			if fitsAnyUnchanged(pod, w.Nodes, changed, fits) {
				v = verdict{fitsBefore: true, fitsAfter: true}
			} else {
				for _, change := range radius.Nodes {
					v.fitsBefore = v.fitsBefore || fits(pod, &w.Nodes[change.Node])
					v.fitsAfter = v.fitsAfter || fits(pod, &after[change.Node])
				}
			}
			verdicts[key] = v
		}
		switch {
		case len(pod.Rejected) > 0 && v.fitsBefore != v.fitsAfter:
			radius.NotJudged = append(radius.NotJudged, p)
		case v.fitsBefore && !v.fitsAfter:
			radius.NoLongerSchedulable = append(radius.NoLongerSchedulable, p)
		case v.fitsAfter && !v.fitsBefore:
			radius.NewlySchedulable = append(radius.NewlySchedulable, p)
		}
	}
}

// fitsAnyUnchanged reports whether the pod fits a node the command leaves alone.
func fitsAnyUnchanged(pod *core.Pod, nodes []core.Node, changed []bool, fits func(*core.Pod, *core.Node) bool) bool {
	for n := range nodes {
		if !changed[n] && fits(pod, &nodes[n]) {
			return true
		}
	}
	return false
}
