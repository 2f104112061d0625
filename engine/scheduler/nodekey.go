package scheduler

import (
	"sort"
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// NodeReads is what the filters read of a node for a set of pods, beyond
// what they read for every pod (the taints' keys, values and effects in
// order, and spec.unschedulable): the label keys the pods' nodeSelectors and
// required node affinities name, and the node's name when a pod has
// spec.nodeName or a matchFields requirement (metadata.name). It is the node
// side of SchedulingKey: a cluster's nodes differ in their hostname label,
// their name and their conditions, which no filter of most pods reads, so
// nodes are told apart only by what the pods at hand read.
type NodeReads struct {
	labels map[string]bool
	name   bool
	sorted []string // the label keys in order, made by NodeSchedulingKey
}

// Read adds what pod's NodeName and NodeAffinity filters read of a node:
// the same fields placementWith reads.
func (r *NodeReads) Read(pod *core.Pod) {
	if pod.NodeName != "" {
		r.name = true
	}
	label := func(key string) {
		if r.labels == nil {
			r.labels = map[string]bool{}
		}
		if !r.labels[key] {
			r.labels[key], r.sorted = true, nil
		}
	}
	for key := range pod.NodeSelector {
		label(key)
	}
	if pod.RequiredAffinity == nil {
		return
	}
	for i := range pod.RequiredAffinity.Terms {
		term := &pod.RequiredAffinity.Terms[i]
		for j := range term.MatchExpressions {
			label(term.MatchExpressions[j].Key)
		}
		if len(term.MatchFields) > 0 {
			r.name = true
		}
	}
}

// NodeSchedulingKey is a text two nodes share exactly when the filters
// (RunFilters, PodFilters.Run) give the same result on both for every pod
// whose reads are in reads:
//
//  1. each taint's key, value and effect, in node order, since BlockedBy is
//     an index into them (TimeAdded, Source and Origin play no part in a
//     filter);
//  2. spec.unschedulable;
//  3. for each label key in reads, whether the node has it and its value;
//  4. the node's name, when reads says a pod reads it.
//
// Every string is written with its length, so no two different nodes share
// a key.
func NodeSchedulingKey(node *core.Node, reads *NodeReads) string {
	var b strings.Builder
	field := func(s string) {
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	for i := range node.Taints {
		taint := &node.Taints[i]
		field(taint.Key)
		field(taint.Value)
		field(string(taint.Effect))
	}
	if node.Unschedulable {
		b.WriteString("u")
	}
	if reads.sorted == nil {
		for key := range reads.labels {
			reads.sorted = append(reads.sorted, key)
		}
		sort.Strings(reads.sorted)
	}
	for _, key := range reads.sorted {
		if value, ok := node.Labels[key]; ok {
			b.WriteString("l")
			field(value)
		} else {
			b.WriteString("-")
		}
	}
	if reads.name {
		b.WriteString("n")
		field(node.Name)
	}
	return b.String()
}
