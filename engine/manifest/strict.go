package manifest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// checkKnownFields does what the apiserver's strict decoding does
// (sigs.k8s.io/json UnmarshalStrict, as kubectl apply asks for by default):
// every field that the object's type (knownFields) does not have is
// `unknown field "spec.tolerations[0].tolerationseconds"` and every key
// written twice in one mapping is `duplicate field "spec.tolerations[0].effect"`,
// the path being inside the object. Both are errors: the request is refused,
// so the object is Rejected (the values read are the last of duplicates, as
// a non-strict decoder would keep). An unknown field gets a hint when the
// type has a field of nearly the same name ("did you mean"), or when a type
// it is nested in has that field (indented too far). Fields inside leaves
// (RawExtension, FieldsV1) and the keys of free maps (labels) are not
// checked, but duplicate map keys are. Objects of kinds without a table are
// not checked.
//
// A List wrapper's own fields (around its items) are checked too, but as
// warnings: kubectl sends each item on its own, so the wrapper never reaches
// the apiserver and nothing is refused for it.
func (d *decoder) checkKnownFields(obj yamlField, kind string) {
	t, ok := knownTypeOf(kind)
	if !ok {
		return
	}
	// One checker serves every object of the decode, its stacks reused.
	c := &d.checker
	c.d, c.severity = d, core.SeverityError
	c.scopes, c.written = append(c.scopes[:0], strictScope{t: t}), c.written[:0]
	if strings.HasSuffix(kind, "List") {
		c.severity = core.SeverityWarning
	}
	c.checkStruct(obj, t)
}

// strictChecker walks one object at a time for checkKnownFields.
type strictChecker struct {
	d        *decoder
	severity string
	// scopes are the struct types the field being checked is in, the
	// object's first, for unknownFieldHint.
	scopes []strictScope
	// written holds the keys of the mappings being checked (eachField).
	written []string
}

// strictScope is a struct type an unknown field is nested in, with its path.
type strictScope struct {
	path pathRef
	t    knownType
}

func (c *strictChecker) checkStruct(f yamlField, t knownType) {
	c.eachField(f, func(child yamlField, name string) {
		field, known := t[name]
		if !known {
			c.strict(child, fmt.Sprintf("unknown field %q", child.path()), unknownFieldHint(c.d, name, t, c.scopes))
			return
		}
		c.checkValue(child, field)
	})
}

// checkValue checks what a known field holds; lists are looked through.
func (c *strictChecker) checkValue(f yamlField, field knownField) {
	if !f.present() {
		return
	}
	switch {
	case f.node.Kind == yaml3.SequenceNode && (field.typ >= 0 || field.freeKeys):
		for i, item := range f.node.Content {
			c.checkValue(f.item(i, item), field)
		}
	case f.node.Kind != yaml3.MappingNode:
	case field.freeKeys:
		c.eachField(f, func(child yamlField, name string) {
			if field.typ >= 0 {
				c.checkValue(child, knownField{typ: field.typ})
			}
		})
	case field.typ >= 0:
		t := knownFields()[field.typ]
		c.scopes = append(c.scopes, strictScope{path: f.ref(), t: t})
		c.checkStruct(f, t)
		c.scopes = c.scopes[:len(c.scopes)-1]
	}
}

// eachField visits the keys of a mapping as eachPair does, and reports each
// key written a second time in it (a merged key is no duplicate: see eachPair).
// The keys written so far are the top of c.written, searched one by one, or
// past maxScannedFields in a map: most mappings have a few keys, and hashing
// every one was a tenth of checking a manifest's fields in the WASM.
func (c *strictChecker) eachField(f yamlField, visit func(child yamlField, name string)) {
	mark := len(c.written)
	var many map[string]bool
	c.eachPair(f, false, func(child yamlField, name string, merged bool) {
		if !merged {
			var seen bool
			if many != nil {
				seen, many[name] = many[name], true
			} else {
				seen = slices.Contains(c.written[mark:], name)
				if c.written = append(c.written, name); len(c.written)-mark > maxScannedFields {
					many = make(map[string]bool, 2*maxScannedFields)
					for _, written := range c.written[mark:] {
						many[written] = true
					}
				}
			}
			if seen {
				c.strict(child, fmt.Sprintf("duplicate field %q", child.path()), "")
			}
		}
		visit(child, name)
	})
	c.written = c.written[:mark]
}

// maxScannedFields is how many keys of a mapping eachField compares one by
// one before it puts them in a map.
const maxScannedFields = 16

// eachPair visits the keys of a mapping as JSON gets them, merge keys
// ("<<: *defaults") expanded in place (merged is true for those: a key
// written next to a merge overrides it, which is no duplicate); keys that
// are not scalars are left to the readers.
func (c *strictChecker) eachPair(f yamlField, merged bool, visit func(child yamlField, name string, merged bool)) {
	for i := 0; i+1 < len(f.node.Content); i += 2 {
		k, v := f.node.Content[i], f.node.Content[i+1]
		if yamltext.IsMergeKey(k) {
			target := yamltext.Resolved(v)
			if target.Kind == yaml3.MappingNode {
				c.eachPair(yamlField{d: c.d, node: target, up: f.ref()}, true, visit)
			}
			if target.Kind == yaml3.SequenceNode {
				for _, item := range target.Content {
					if item = yamltext.Resolved(item); item.Kind == yaml3.MappingNode {
						c.eachPair(yamlField{d: c.d, node: item, up: f.ref()}, true, visit)
					}
				}
			}
			continue
		}
		name, err := c.d.scalars.key(k)
		if err != nil {
			continue
		}
		visit(f.child(name, k, yamltext.Resolved(v)), name, merged)
	}
}

// unknownFieldHint suggests the field a misspelt name meant
// (`; did you mean "tolerationSeconds"?`), names the characters of one that
// only looks like a field (core.Lookalike), or, for a field that belongs to
// a type it is nested in, that it is indented too far.
func unknownFieldHint(d *decoder, name string, t knownType, scopes []strictScope) string {
	if known := t.closestField(name); known != "" {
		if same := core.Lookalike(name, known); same.ID != "" {
			return fmt.Sprintf("; it only looks like %q: %s", known, message.InEnglish(same))
		}
		return fmt.Sprintf("; did you mean %q?", known)
	}
	for i := len(scopes) - 2; i >= 0; i-- {
		if _, ok := scopes[i].t[name]; ok {
			where := "the object"
			if path := d.pathText(scopes[i].path); path != "" {
				where = strconv.Quote(path)
			}
			return fmt.Sprintf("; is it indented too far? %s has a field %q", where, name)
		}
	}
	return ""
}

// strict reports a strict decoding error at a field, worded as the
// apiserver words it (the path is in the message, so not repeated before it).
func (c *strictChecker) strict(f yamlField, msg, hint string) {
	c.d.add(c.severity, core.CodeStrict, f.source(), msg, hint)
}

// missingKind is the error kubectl gives an object without a kind
// (apimachinery's runtime.NewMissingKindErr), which quotes the object as
// JSON; past 120 bytes the quote is cut with "…".
func (d *decoder) missingKind(obj yamlField) string {
	var b strings.Builder
	d.writeJSON(&b, obj.node, 0)
	data := b.String()
	if len(data) > 120 {
		cut := 120
		for cut > 0 && !utf8.RuneStart(data[cut]) {
			cut--
		}
		data = data[:cut] + "…"
	}
	return fmt.Sprintf("Object 'Kind' is missing in '%s'", data)
}

// writeJSON writes a YAML value as the JSON kubectl makes of it, keys in
// their written order, up to about 120 bytes (the rest is cut anyway).
func (d *decoder) writeJSON(b *strings.Builder, n *yaml3.Node, depth int) {
	n = yamltext.Resolved(n)
	if b.Len() > 120 || depth > yamltext.MaxDepth {
		return
	}
	switch n.Kind {
	case yaml3.MappingNode:
		b.WriteByte('{')
		keys, values := yamltext.MappingPairs(n)
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			key, _ := d.scalars.key(k)
			b.WriteString(core.JSONQuote(key))
			b.WriteByte(':')
			d.writeJSON(b, values[i], depth+1)
		}
		b.WriteByte('}')
	case yaml3.SequenceNode:
		b.WriteByte('[')
		for i, item := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			d.writeJSON(b, item, depth+1)
		}
		b.WriteByte(']')
	default:
		switch v, _ := d.scalars.value(n); v := v.(type) {
		case string:
			b.WriteString(core.JSONQuote(v))
		case nil:
			b.WriteString("null")
		default:
			fmt.Fprint(b, v)
		}
	}
}
