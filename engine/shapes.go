package engine

import (
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// judgeByShape fills v's pod verdicts with what evaluating every pod against
// every node gives (Verdicts.addPod on each full row), judging each distinct
// pair once, so that the work grows with the shapes of a cluster rather than
// with pods × nodes:
//
//  1. A pod bound by spec.nodeName is judged on its own node only (the first
//     node of that name): its verdict reads nothing else of its row, only the
//     taint-eviction controller's and the kubelet's verdicts there.
//  2. Pending pods are grouped by scheduler.SchedulingKey, the fields their
//     filters read, and nodes by scheduler.NodeSchedulingKey over what those
//     pods read of a node (NodeReads). Each pod shape is filtered against one
//     node of each node shape, and the results are expanded into a row of
//     cells for every node, which addPod reads for the shape's first pod;
//     the others share its lists of nodes (addPodLike), so that a shape of
//     thousands of pending pods holds them once.
func (w *Workspace) judgeByShape(v *Verdicts) {
	gate := w.Options.ComparisonOperators
	nodeNamed := map[string]int{}
	for n := range w.Nodes {
		if _, ok := nodeNamed[w.Nodes[n].Name]; !ok {
			nodeNamed[w.Nodes[n].Name] = n
		}
	}
	var pending podShapes
	for p := range w.Pods {
		pod := &w.Pods[p]
		if pod.NodeName == "" {
			pending.add(p, pod)
			continue
		}
		n, ok := nodeNamed[pod.NodeName]
		if !ok {
			judgeRunning(&v.Pods[p], nil, false)
			continue
		}
		cell := Cell{Pod: p, Node: n, Running: true}
		cell.judgeWhereRunning(pod, &w.Nodes[n], gate)
		judgeRunning(&v.Pods[p], &cell, len(w.Nodes[n].Rejected) > 0)
	}
	if len(pending.shapes) == 0 {
		return
	}
	nodes := shapeNodes(w.Nodes, &pending.reads)
	table := scheduler.NewTaintTable(w.Nodes)
	var filters scheduler.PodFilters
	results := make([]scheduler.FilterResult, len(nodes.representative))
	row := make([]Cell, len(w.Nodes))
	for _, pods := range pending.shapes {
		filters.Reset(table, &w.Pods[pods[0]], gate)
		for s, n := range nodes.representative {
			results[s], _ = filters.Run(&w.Nodes[n], n)
		}
		for n := range row {
			r := &results[nodes.shapeOf[n]]
			row[n] = Cell{Node: n, Fits: r.Message == "", Message: r.Message, BlockedBy: r.BlockedBy}
		}
		v.addPod(pods[0], row)
		for _, p := range pods[1:] {
			v.addPodLike(p, pods[0])
		}
	}
}

// podShapes groups pods by scheduler.SchedulingKey, in the order each shape
// first appears, and gathers what their filters read of a node.
type podShapes struct {
	index  map[string]int
	shapes [][]int // the pods of each shape, in input order
	reads  scheduler.NodeReads
}

// add puts pod p in its shape.
func (s *podShapes) add(p int, pod *core.Pod) {
	if s.index == nil {
		s.index = map[string]int{}
	}
	key := scheduler.SchedulingKey(pod)
	shape, ok := s.index[key]
	if !ok {
		shape = len(s.shapes)
		s.index[key] = shape
		s.shapes = append(s.shapes, nil)
		s.reads.Read(pod)
	}
	s.shapes[shape] = append(s.shapes[shape], p)
}

// nodeShapes numbers the nodes' shapes: which shape each node has, and the
// first node of each shape, on which the filters run for all of them.
type nodeShapes struct {
	shapeOf        []int
	representative []int
}

// shapeNodes groups the nodes by scheduler.NodeSchedulingKey over reads.
func shapeNodes(nodes []core.Node, reads *scheduler.NodeReads) nodeShapes {
	s := nodeShapes{shapeOf: make([]int, len(nodes))}
	index := map[string]int{}
	for n := range nodes {
		key := scheduler.NodeSchedulingKey(&nodes[n], reads)
		shape, ok := index[key]
		if !ok {
			shape = len(s.representative)
			index[key] = shape
			s.representative = append(s.representative, n)
		}
		s.shapeOf[n] = shape
	}
	return s
}

// addPodLike judges pending pod p as addPod judged pod q, of the same shape,
// from the same row: p shares q's lists of nodes (Fits, FitsRejected,
// Blocked), which nothing changes once judged, and takes its verdict from
// them and its own rejection.
func (v *Verdicts) addPodLike(p, q int) {
	pod, like := &v.Pods[p], &v.Pods[q]
	pod.Fits, pod.FitsRejected, pod.Blocked = like.Fits, like.FitsRejected, like.Blocked
	pod.Verdict = VerdictUnschedulable
	if len(pod.Fits) > 0 {
		pod.Verdict = VerdictSchedulable
	}
	pod.markRejected(false)
}
