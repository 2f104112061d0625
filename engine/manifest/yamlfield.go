package manifest

import (
	"fmt"
	"strconv"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/yamltext"
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
	// The path is the parent's, up (a pathRef), followed by name: a field
	// name, or the key of an entry of a free map, written in brackets
	// (entry). Only a message or a Source needs it as text, so it is joined
	// when asked (path); a map or a list gets a pathPart of its own when the
	// field is made (name is then empty), which its fields start from.
	up    pathRef
	name  string
	entry bool
}

// pathRef is 1 + the index in the decoder's paths of a path; 0 is the
// object's own (empty) path.
type pathRef int32

// pathPart is one step of a path: a field name or an entry's key under up,
// or the index of an item of the list at up. The decoder keeps the parts of
// the fields being read, and builds their text only for a message or a
// Source, so that walking a tree allocates no path (issue 12).
type pathPart struct {
	up    pathRef
	name  string
	entry bool
	item  bool
	index int
}

// pushPath adds a part and returns its reference.
func (d *decoder) pushPath(p pathPart) pathRef {
	d.paths = append(d.paths, p)
	return pathRef(len(d.paths))
}

// pathText is the text of a path: "spec.taints[1]", in one allocation.
func (d *decoder) pathText(ref pathRef) string {
	if ref == 0 {
		return ""
	}
	return string(d.appendPath(make([]byte, 0, 64), ref))
}

// appendPath appends the text of a path to b.
func (d *decoder) appendPath(b []byte, ref pathRef) []byte {
	if ref == 0 {
		return b
	}
	p := &d.paths[ref-1]
	b = d.appendPath(b, p.up)
	switch {
	case p.item:
		return append(strconv.AppendInt(append(b, '['), int64(p.index), 10), ']')
	case p.name == "":
		return b
	case p.entry:
		return append(append(append(b, '['), p.name...), ']')
	case len(b) > 0:
		b = append(b, '.')
	}
	return append(b, p.name...)
}

// joinPath appends a field name, or an entry's key in brackets, to a path.
func joinPath(parent, name string, entry bool) string {
	switch {
	case name == "":
		return parent
	case entry:
		return parent + "[" + name + "]"
	case parent == "":
		return name
	}
	return parent + "." + name
}

// objectField starts at a document's root object; the decoder counts the
// lines of its fields with lines from then on.
func (d *decoder) objectField(node *yaml3.Node, lines yamltext.Lines) yamlField {
	d.lines = lines
	return yamlField{d: d, node: yamltext.Resolved(node)}
}

// present reports whether the field is written with a non-null value.
func (f yamlField) present() bool {
	return f.node != nil && !(f.node.Kind == yaml3.ScalarNode && f.node.Tag == "!!null")
}

// line and column are where the field is written: its key, or the value of
// a list item; 0 when absent.
func (f yamlField) line() int {
	if n := f.positioned(); n != nil {
		return f.d.lines.Line(n.Line)
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
	return joinPath(f.d.pathText(f.up), f.name, f.entry)
}

// ref is the field's path as a part, added for a field that has none.
func (f yamlField) ref() pathRef {
	if f.name == "" {
		return f.up
	}
	return f.d.pushPath(pathPart{up: f.up, name: f.name, entry: f.entry})
}

// field returns a field of this mapping; absent when this is not a mapping
// (mapping reports that).
func (f yamlField) field(name string) yamlField {
	key, value := yamltext.MappingField(f.node, name)
	return f.child(name, key, value)
}

// child is the field name of this mapping, written with key and value.
func (f yamlField) child(name string, key, value *yaml3.Node) yamlField {
	c := yamlField{d: f.d, node: value, key: key, up: f.ref(), name: name}
	if value != nil && (value.Kind == yaml3.MappingNode || value.Kind == yaml3.SequenceNode) {
		c.up, c.name = c.ref(), ""
	}
	return c
}

// item is the i-th item of this list, its value node n.
func (f yamlField) item(i int, n *yaml3.Node) yamlField {
	return yamlField{d: f.d, node: yamltext.Resolved(n), up: f.d.pushPath(pathPart{up: f.ref(), item: true, index: i})}
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
	keys, values := yamltext.MappingPairs(f.node)
	m := make(map[string]string, len(keys))
	for i, k := range keys {
		key, err := f.d.scalars.key(k)
		if err != nil {
			entry := yamlField{d: f.d, node: k, up: f.ref()}
			entry.errorf("%v", err)
			continue
		}
		entry := yamlField{d: f.d, node: values[i], key: k, up: f.ref(), name: key, entry: true}
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
				src.Columns = make(map[string]int, len(subfields))
			}
			src.Fields[name] = sub.line()
			src.Columns[name] = sub.column()
		}
	}
	return src
}

// errorf reports a problem with this field's value.
func (f yamlField) errorf(format string, args ...any) {
	f.d.report(core.SeverityError, core.CodeDecode, f.source(), fmt.Sprintf(format, args...))
}

// valueSource is where the field's value is written (source points at its
// key): the value an Invalid error quotes.
func (f yamlField) valueSource() core.Source {
	src := f.source()
	if f.node != nil {
		src.Line, src.Column = f.d.lines.Line(f.node.Line), f.node.Column
	}
	return src
}
