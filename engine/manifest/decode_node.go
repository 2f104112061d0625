package manifest

import (
	"fmt"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
)

// implicitNodeName names the node that bare taint lines, and a describe
// Taints block pasted without its Name line, belong to.
const implicitNodeName = "node1"

// nodeStep is one thing the Nodes editor's text does, in text order: define
// a node, run a kubectl taint command, or add a bare taint to node1.
type nodeStep struct {
	node    *core.Node
	command *kubectl.TaintCommand
	bare    *core.Taint
}

// runNodeSteps plays the steps in order and returns the nodes they leave.
func (d *decoder) runNodeSteps(steps []nodeStep) []core.Node {
	defined := 0 // nodes the steps define, room for which is made at once
	for _, step := range steps {
		if step.node != nil {
			defined++
		}
	}
	set := nodeSet{d: d, nodes: make([]core.Node, 0, defined), index: make(map[string]int, defined)}
	for _, step := range steps {
		switch {
		case step.node != nil:
			set.add(*step.node)
		case step.bare != nil:
			i, ok := set.index[implicitNodeName]
			if !ok {
				i = set.add(nodeNamedAt(implicitNodeName, step.bare.Source))
			}
			if i < 0 {
				continue
			}
			taint := *step.bare
			taint.Source.Field = fmt.Sprintf("spec.taints[%d]", len(set.nodes[i].Taints))
			set.nodes[i].Taints = append(set.nodes[i].Taints, taint)
		case step.command != nil:
			cmd := step.command
			if defined == 0 && !cmd.All && cmd.Selector == "" {
				for _, name := range cmd.Nodes {
					if _, ok := set.index[name]; !ok {
						set.add(nodeNamedAt(name, cmd.Source))
					}
				}
			}
			for _, err := range splitErrors(cmd.ApplyInPlace(set.nodes)) {
				d.report(core.SeverityError, core.CodeKubectl, core.Source{Line: cmd.Source.Line, Column: cmd.Source.Column}, err.Error())
			}
		}
	}
	return set.nodes
}

// splitErrors undoes errors.Join, so that each error is its own diagnostic.
func splitErrors(err error) []error {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		return joined.Unwrap()
	}
	if err != nil {
		return []error{err}
	}
	return nil
}

// nodeNamedAt is a node known by its name only, written at at.
func nodeNamedAt(name string, at core.Source) core.Node {
	return core.Node{Name: name, Source: core.Source{Editor: core.EditorNodes, Line: at.Line, Column: at.Column, Fields: map[string]int{"name": at.Line}}}
}

// nodeSet is the nodes a text defines, indexed by name.
type nodeSet struct {
	d     *decoder
	nodes []core.Node
	index map[string]int
}

// add appends a node and returns its index, unless it has no name, one of
// its name came before or the text already defines maxObjects nodes (then -1).
func (s *nodeSet) add(node core.Node) int {
	src := core.Source{Line: node.Source.Line, Column: node.Source.Column, Field: "metadata.name"}
	if line, ok := node.Source.Fields["name"]; ok {
		src.Line, src.Column = line, node.Source.Columns["name"]
	}
	if node.Name == "" {
		s.d.report(core.SeverityError, core.CodeDecode, src, "Required value: a node needs a name; skipped")
		return -1
	}
	if _, dup := s.index[node.Name]; dup {
		s.d.report(core.SeverityError, core.CodeDecode, src, fmt.Sprintf("Duplicate value: %q: a node of that name came before; skipped", node.Name))
		return -1
	}
	if len(s.nodes) == maxObjects {
		s.d.report(core.SeverityError, core.CodeLimit, src, fmt.Sprintf("more than %d nodes; the rest are not read", maxObjects))
		return -1
	}
	s.index[node.Name] = len(s.nodes)
	s.nodes = append(s.nodes, node)
	return len(s.nodes) - 1
}

// yamlNode reads a Node object: metadata.name and labels, spec.unschedulable
// and spec.taints, status.conditions. A node whose name cannot be read is
// skipped. The errors found in the object become its Rejected.
func (d *decoder) yamlNode(obj yamlField) (core.Node, bool) {
	meta := obj.field("metadata")
	if !meta.mapping() {
		return core.Node{}, false
	}
	nameField := meta.field("name")
	name, ok := nameField.str()
	if !ok {
		return core.Node{}, false
	}
	node := core.Node{Name: name, Labels: meta.field("labels").stringMap(), Source: obj.source()}
	if name != "" {
		d.checkObjectMeta(obj, false, metaValue{nameField, name, true}, metaValue{ok: true}, metaValue{ok: true})
	}
	var unschedulable yamlField
	if spec := obj.field("spec"); spec.mapping() {
		unschedulable = spec.field("unschedulable")
		node.Unschedulable = unschedulable.bool()
		for _, item := range spec.field("taints").items() {
			if taint, ok := d.yamlTaint(item); ok {
				node.Taints = append(node.Taints, taint)
			}
		}
	}
	node.Source.Fields = addLine(addLine(nil, "name", nameField), "unschedulable", unschedulable)
	if nameField.key != nil {
		node.Source.Columns = map[string]int{"name": nameField.column()}
	}
	if status := obj.field("status"); status.mapping() {
		for _, item := range status.field("conditions").items() {
			if condition, ok := d.yamlCondition(item); ok {
				node.Conditions = append(node.Conditions, condition)
			}
		}
	}
	node.Rejected = d.objectRejections()
	return node, true
}

// yamlTaint reads one item of spec.taints. timeAdded is RFC 3339, as
// metav1.Time reads it; an unreadable one is reported and dropped.
func (d *decoder) yamlTaint(item yamlField) (core.Taint, bool) {
	if !item.mapping() {
		return core.Taint{}, false
	}
	key, keyOK := item.field("key").str()
	value, valueOK := item.field("value").str()
	effect, effectOK := item.field("effect").str()
	if !keyOK || !valueOK || !effectOK {
		return core.Taint{}, false
	}
	taint := core.Taint{Key: key, Value: value, Effect: core.TaintEffect(effect), Source: item.source("key", "value", "effect", "timeAdded")}
	taint.TimeAdded = item.field("timeAdded").time()
	return taint, true
}

// time reads an RFC 3339 time, as metav1.Time reads it; nil when absent,
// and when unreadable, which is reported.
func (f yamlField) time() *time.Time {
	if !f.present() {
		return nil
	}
	text, ok := f.str()
	if !ok {
		return nil
	}
	at, err := time.Parse(time.RFC3339, text)
	if err != nil {
		f.errorf("%v", err)
		return nil
	}
	return &at
}

// yamlCondition reads one item of status.conditions: its type and status.
func (d *decoder) yamlCondition(item yamlField) (core.NodeCondition, bool) {
	if !item.mapping() {
		return core.NodeCondition{}, false
	}
	conditionType, typeOK := item.field("type").str()
	status, statusOK := item.field("status").str()
	if !typeOK || !statusOK {
		return core.NodeCondition{}, false
	}
	return core.NodeCondition{Type: conditionType, Status: status, Source: item.source("type", "status")}, true
}
