package scheduler

import (
	"github.com/taint-playground/taint-playground/engine/core"
)

// TaintTable numbers the distinct taints — key, value and effect — of a list
// of nodes. Whether a toleration tolerates a taint depends on nothing else,
// so PodFilters matches a pod's tolerations once per distinct taint rather
// than once per node: the nodes of a cluster's few pools share a few dozen
// taints between thousands of nodes.
type TaintTable struct {
	distinct []core.Taint
	// class is each distinct taint's effect, as the plugins read it.
	class []taintClass
	// ids holds the nodes' taints by number, in node order: node n's are
	// ids[start[n]:start[n+1]].
	ids   []int32
	start []int32
	// unschedulable is each node's spec.unschedulable, read here so that a
	// row of the matrix reads the nodes themselves only where it must.
	unschedulable []bool
	// labels are the nodes' labels, and selected, filled as pods ask, says
	// for a label key and value which nodes carry it: pods select among a
	// few pools, so a nodeSelector's lookups are done once per pool, not once
	// per pod and node.
	labels   []map[string]string
	selected map[labelPair][]bool
}

// taintClass is which of the TaintToleration plugin's steps reads a taint.
type taintClass uint8

const (
	classOther            taintClass = iota // an effect upstream does not know: no step reads it
	classDoNotSchedule                      // NoSchedule or NoExecute: Filter
	classPreferNoSchedule                   // PreferNoSchedule: Score
)

// taintIdentity is what matching reads of a taint.
type taintIdentity struct {
	key, value string
	effect     core.TaintEffect
}

// NewTaintTable numbers the taints of the nodes, which must not change while
// the table is used.
func NewTaintTable(nodes []core.Node) *TaintTable {
	t := &TaintTable{start: make([]int32, len(nodes)+1), unschedulable: make([]bool, len(nodes)),
		labels: make([]map[string]string, len(nodes)), selected: map[labelPair][]bool{}}
	index := map[taintIdentity]int32{}
	for n := range nodes {
		for i := range nodes[n].Taints {
			taint := &nodes[n].Taints[i]
			identity := taintIdentity{taint.Key, taint.Value, taint.Effect}
			id, ok := index[identity]
			if !ok {
				id = int32(len(t.distinct))
				index[identity] = id
				t.distinct = append(t.distinct, core.Taint{Key: taint.Key, Value: taint.Value, Effect: taint.Effect})
				t.class = append(t.class, classOf(taint.Effect))
			}
			t.ids = append(t.ids, id)
		}
		t.start[n+1] = int32(len(t.ids))
		t.unschedulable[n] = nodes[n].Unschedulable
		t.labels[n] = nodes[n].Labels
	}
	return t
}

// nodesWith says which nodes have the label with the value, computed the
// first time a pod selects it.
func (t *TaintTable) nodesWith(label labelPair) []bool {
	if column, ok := t.selected[label]; ok {
		return column
	}
	column := make([]bool, len(t.labels))
	for n, labels := range t.labels {
		got, ok := labels[label.key]
		column[n] = ok && got == label.value
	}
	t.selected[label] = column
	return column
}

func classOf(effect core.TaintEffect) taintClass {
	switch effect {
	case core.TaintEffectNoSchedule, core.TaintEffectNoExecute:
		return classDoNotSchedule
	case core.TaintEffectPreferNoSchedule:
		return classPreferNoSchedule
	}
	return classOther
}

// PodFilters is one pod's side of the default profile's filters and of the
// TaintToleration score, computed once for all nodes, as the scheduler's
// PreFilter and PreScore compute their per-pod state once per cycle. Run on
// a node gives what RunFilters and CountIntolerableTaintsPreferNoSchedule
// give for that pod and node.
type PodFilters struct {
	table *TaintTable
	pod   *core.Pod
	// untolerated marks, for each distinct taint the pod does not tolerate,
	// the step that counts it: blocks for a NoSchedule or NoExecute taint no
	// toleration tolerates, avoids for a PreferNoSchedule taint no toleration
	// with an empty or PreferNoSchedule effect tolerates.
	untolerated []uint8
	// unschedulable is NodeUnschedulableFilter's answer on a cordoned node.
	unschedulable bool
	// selected says which nodes match the pod's nodeSelector; nil when it
	// has none. With one label it is the table's column, with more the
	// columns ANDed into own.
	selected []bool
	own      []bool
	// placedAnywhere is true when the pod has no spec.nodeName, nodeSelector
	// or required node affinity: most pods, whose placement matches every
	// node without reading it.
	placedAnywhere bool
}

type labelPair struct{ key, value string }

// The marks of untolerated; Run counts avoids as mark >> 1.
const (
	blocks uint8 = 1
	avoids uint8 = 2
)

// Reset makes f the state of pod against the table's nodes, reusing f's
// memory, so that evaluating pod after pod allocates nothing per pod.
func (f *PodFilters) Reset(table *TaintTable, pod *core.Pod, comparisonOperators bool) {
	f.table, f.pod = table, pod
	f.untolerated = f.untolerated[:0]
	for id := range table.distinct {
		taint := &table.distinct[id]
		var mark uint8
		switch table.class[id] {
		case classDoNotSchedule:
			if !core.TolerationsTolerateTaint(pod.Tolerations, taint, comparisonOperators) {
				mark = blocks
			}
		case classPreferNoSchedule:
			if !toleratesPreferNoSchedule(pod.Tolerations, taint, comparisonOperators) {
				mark = avoids
			}
		}
		f.untolerated = append(f.untolerated, mark)
	}
	f.unschedulable = !core.TolerationsTolerateTaint(pod.Tolerations, &UnschedulableTaint, comparisonOperators)
	f.selected = nil
	owned := false // whether f.selected is f.own, which a second label narrows
	for key, value := range pod.NodeSelector {
		column := table.nodesWith(labelPair{key, value})
		if f.selected == nil {
			f.selected = column
			continue
		}
		if !owned {
			f.own = append(f.own[:0], f.selected...)
			f.selected, owned = f.own, true
		}
		for n, ok := range column {
			f.own[n] = f.own[n] && ok
		}
	}
	f.placedAnywhere = pod.NodeName == "" && len(pod.NodeSelector) == 0 && pod.RequiredAffinity == nil
}

// toleratesPreferNoSchedule is TolerationsTolerateTaint over the tolerations
// TolerationsPreferNoSchedule keeps, without copying them.
func toleratesPreferNoSchedule(tolerations []core.Toleration, taint *core.Taint, comparisonOperators bool) bool {
	for i := range tolerations {
		t := &tolerations[i]
		if (t.Effect == "" || t.Effect == core.TaintEffectPreferNoSchedule) && t.ToleratesTaint(taint, comparisonOperators) {
			return true
		}
	}
	return false
}

// Run is RunFilters for the pod on node n of the table's nodes, and the
// number of the node's PreferNoSchedule taints the pod does not tolerate
// (CountIntolerableTaintsPreferNoSchedule).
func (f *PodFilters) Run(node *core.Node, n int) (r FilterResult, preferNoSchedule int) {
	r.BlockedBy, preferNoSchedule = f.taints(n)
	r.Unschedulable = f.unschedulable && f.table.unschedulable[n]
	r.Placement = f.placement(node, n)
	r.Message = filterMessage(&r)
	return r, preferNoSchedule
}

// Fits is whether Run's Message is empty, with the same count, for a row
// that tallies nodes it keeps no cell of.
func (f *PodFilters) Fits(node *core.Node, n int) (fits bool, preferNoSchedule int) {
	blockedBy, preferNoSchedule := f.taints(n)
	placement := f.placement(node, n)
	fits = blockedBy < 0 && !(f.unschedulable && f.table.unschedulable[n]) &&
		placement.NodeName && placement.NodeSelector && placement.Affinity
	return fits, preferNoSchedule
}

// CountFits is Fits over the nodes lo to hi-1 of the table's nodes: how
// many the pod fits, and the largest PreferNoSchedule count among those, in
// one pass that reads the table alone (no cell, no call per node) for a pod
// without spec.nodeName or required affinity, the row of most pods outside
// the window a report keeps.
func (f *PodFilters) CountFits(nodes []core.Node, lo, hi int) (fits, maxPreferNoSchedule int) {
	if f.pod.NodeName != "" || f.pod.RequiredAffinity != nil {
		for n := lo; n < hi; n++ {
			if ok, preferNoSchedule := f.Fits(&nodes[n], n); ok {
				fits++
				maxPreferNoSchedule = max(maxPreferNoSchedule, preferNoSchedule)
			}
		}
		return fits, maxPreferNoSchedule
	}
	t, untolerated, selected := f.table, f.untolerated, f.selected
	cordoned := f.unschedulable
	for n := lo; n < hi; n++ {
		if (cordoned && t.unschedulable[n]) || (selected != nil && !selected[n]) {
			continue
		}
		var marks uint8
		preferNoSchedule := 0
		for _, id := range t.ids[t.start[n]:t.start[n+1]] {
			mark := untolerated[id]
			marks |= mark
			preferNoSchedule += int(mark >> 1)
		}
		if marks&blocks == 0 {
			fits++
			maxPreferNoSchedule = max(maxPreferNoSchedule, preferNoSchedule)
		}
	}
	return fits, maxPreferNoSchedule
}

// taints is the TaintToleration plugin on node n: the index of the first
// taint that blocks the pod, or -1, and how many PreferNoSchedule taints it
// avoids.
func (f *PodFilters) taints(n int) (blockedBy, preferNoSchedule int) {
	blockedBy = -1
	for i, id := range f.table.ids[f.table.start[n]:f.table.start[n+1]] {
		mark := f.untolerated[id]
		preferNoSchedule += int(mark >> 1) // avoids, without a branch
		if mark == blocks && blockedBy < 0 {
			blockedBy = i
		}
	}
	return blockedBy, preferNoSchedule
}

// placement is the NodeName and NodeAffinity plugins on node n.
func (f *PodFilters) placement(node *core.Node, n int) Placement {
	if f.placedAnywhere {
		return Placement{NodeName: true, NodeSelector: true, Affinity: true}
	}
	return placementWith(f.pod, node, f.selected == nil || f.selected[n])
}
