package manifest

import (
	"fmt"
	"strconv"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
)

// yamlField is a value inside a YAML object on its way to becoming a Node or
// a Pod: the goyaml.v3 node (nil when the field is absent), the key it was
// written under, and its API path inside the object ("spec.taints[1]"). Its
// readers report a value of the wrong type to the decoder, with line and
// path, and return the zero value, so one bad field never stops the rest.
// A value written through an alias is placed where its anchor is.
type yamlField struct {
	d    *decoder
	node *yaml3.Node
	key  *yaml3.Node
	// The path is parent followed by name: a field name, or the key of an
	// entry of a free map, written in brackets (entry). Only a message or a
	// Source needs it, so a scalar's is joined when asked (path); a map's or
	// a list's is joined when the field is made (name is then empty), as its
	// own fields start from it.
	parent string
	name   string
	entry  bool
	lines  editorLines
}

// objectField starts at a document's root object.
func (d *decoder) objectField(node *yaml3.Node, lines editorLines) yamlField {
	return yamlField{d: d, node: resolved(node), lines: lines}
}

// present reports whether the field is written with a non-null value.
func (f yamlField) present() bool {
	return f.node != nil && !(f.node.Kind == yaml3.ScalarNode && f.node.Tag == "!!null")
}

// line and column are where the field is written: its key, or the value of
// a list item; 0 when absent.
func (f yamlField) line() int {
	if n := f.positioned(); n != nil {
		return f.lines.line(n.Line)
	}
	return 0
}

func (f yamlField) column() int {
	if n := f.positioned(); n != nil {
		return n.Column
	}
	return 0
}

func (f yamlField) positioned() *yaml3.Node {
	if f.key != nil {
		return f.key
	}
	return f.node
}

// path is the field's API path inside the object ("spec.taints[1].key").
func (f yamlField) path() string {
	switch {
	case f.name == "":
		return f.parent
	case f.entry:
		return f.parent + "[" + f.name + "]"
	case f.parent == "":
		return f.name
	}
	return f.parent + "." + f.name
}

// field returns a field of this mapping; absent when this is not a mapping
// (mapping reports that).
func (f yamlField) field(name string) yamlField {
	key, value := mappingField(f.node, name)
	return f.child(name, key, value)
}

// child is the field name of this mapping, written with key and value.
func (f yamlField) child(name string, key, value *yaml3.Node) yamlField {
	c := yamlField{d: f.d, node: value, key: key, parent: f.path(), name: name, lines: f.lines}
	if value != nil && (value.Kind == yaml3.MappingNode || value.Kind == yaml3.SequenceNode) {
		c.parent, c.name = c.path(), ""
	}
	return c
}

// item is the i-th item of this list, its value node n.
func (f yamlField) item(i int, n *yaml3.Node) yamlField {
	return yamlField{d: f.d, node: resolved(n), parent: f.path() + "[" + strconv.Itoa(i) + "]", lines: f.lines}
}

// mapping checks that a present field is a mapping.
func (f yamlField) mapping() bool {
	if !f.present() || f.node.Kind == yaml3.MappingNode {
		return true
	}
	f.errorf("expected a map, got %s", yamlKindName(f.node))
	return false
}

// items returns a list's items, each with its index in the path; at most
// maxListItems are read.
func (f yamlField) items() []yamlField {
	return f.itemsUpTo(maxListItems)
}

// itemsUpTo is items with another bound, such as maxObjects for the items
// of a List.
func (f yamlField) itemsUpTo(limit int) []yamlField {
	if !f.present() {
		return nil
	}
	if f.node.Kind != yaml3.SequenceNode {
		f.errorf("expected a list, got %s", yamlKindName(f.node))
		return nil
	}
	content := f.node.Content
	if len(content) > limit {
		f.d.report(core.SeverityError, core.CodeLimit, f.source(), fmt.Sprintf("%d items; only the first %d are read", len(content), limit))
		content = content[:limit]
	}
	items := make([]yamlField, len(content))
	for i, n := range content {
		items[i] = f.item(i, n)
	}
	return items
}

// str reads a string field; ok is false when its value could not be read.
func (f yamlField) str() (value string, ok bool) {
	if !f.present() {
		return "", true
	}
	s, err := f.d.scalars.str(f.node)
	if err != nil {
		f.errorf("%v", err)
		return "", false
	}
	return s, true
}

// int64 reads an integer field; nil when absent or unreadable.
func (f yamlField) int64() (value *int64, ok bool) {
	if !f.present() {
		return nil, true
	}
	i, err := f.d.scalars.int64(f.node)
	if err != nil {
		f.errorf("%v", err)
		return nil, false
	}
	return i, true
}

// bool reads a boolean field.
func (f yamlField) bool() bool {
	if !f.present() {
		return false
	}
	b, err := f.d.scalars.bool(f.node)
	if err != nil {
		f.errorf("%v", err)
	}
	return b
}

// stringMap reads a map of strings, such as labels: keys become strings as
// sigs.k8s.io/yaml makes them, and an entry whose value is not a string is
// reported and left out.
func (f yamlField) stringMap() map[string]string {
	return f.scalarMap((*scalarDecoder).str)
}

// quantityMap reads resource requests or limits, whose values may be numbers.
func (f yamlField) quantityMap() map[string]string {
	return f.scalarMap((*scalarDecoder).quantity)
}

func (f yamlField) scalarMap(read func(*scalarDecoder, *yaml3.Node) (string, error)) map[string]string {
	if !f.present() || !f.mapping() {
		return nil
	}
	keys, values := mappingPairs(f.node)
	m := make(map[string]string, len(keys))
	for i, k := range keys {
		key, err := f.d.scalars.key(k)
		if err != nil {
			entry := yamlField{d: f.d, node: k, parent: f.path(), lines: f.lines}
			entry.errorf("%v", err)
			continue
		}
		entry := yamlField{d: f.d, node: values[i], key: k, parent: f.path(), name: key, entry: true, lines: f.lines}
		if !entry.present() {
			m[key] = ""
			continue
		}
		value, err := read(f.d.scalars, entry.node)
		if err != nil {
			entry.errorf("%v", err)
			continue
		}
		m[key] = value
	}
	return m
}

// stringList reads a list of strings; an item that is not one is reported
// and left out.
func (f yamlField) stringList() ([]string, bool) {
	ok := !f.present() || f.node.Kind == yaml3.SequenceNode
	var list []string
	for _, item := range f.items() {
		s, itemOK := item.str()
		if itemOK {
			list = append(list, s)
		}
		ok = ok && itemOK
	}
	return list, ok
}

// source is where the value is written, with the line of each of the named
// scalar sub-fields that is written.
func (f yamlField) source(subfields ...string) core.Source {
	src := core.Source{Editor: f.d.editor, Line: f.line(), Column: f.column(), Field: f.path()}
	for _, name := range subfields {
		if sub := f.field(name); sub.key != nil {
			if src.Fields == nil {
				src.Fields = make(map[string]int, len(subfields))
			}
			src.Fields[name] = sub.line()
		}
	}
	return src
}

// errorf reports a problem with this field's value.
func (f yamlField) errorf(format string, args ...any) {
	f.d.report(core.SeverityError, core.CodeDecode, f.source(), fmt.Sprintf(format, args...))
}
