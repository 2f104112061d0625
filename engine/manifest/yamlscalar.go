package manifest

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// scalarDecoder gives YAML scalars the values `kubectl apply` sends. The
// structure of a document and the positions come from its goyaml.v3 tree;
// each scalar is decoded by sigs.k8s.io/yaml, which kubectl converts YAML to
// JSON with, so YAML 1.1 applies as there: plain yes, no, on, off, y and n
// are booleans, 0x1F and 017 are numbers, and map keys that are not strings
// become their text ("on:" is the key "true"). The apiserver then decodes
// that JSON strictly: a string field given a boolean or a number is an error
// (value: yes must be quoted), while a quantity also takes a number (cpu: 1).
// Each distinct scalar text is decoded once per decoder, and a plain word
// that YAML 1.1 cannot read as anything but itself (readsAsItself) is not
// handed to sigs.k8s.io/yaml at all: most scalars of a manifest are such
// names, and each call sets up a YAML parser of its own (short words such
// as name, Node or team, which a rule on length alone left to it, cost
// about 6% of decoding 500 generated nodes in the WASM, node --cpu-prof).
type scalarDecoder struct {
	values map[string]valueResult
	keys   map[string]keyResult
	// viaSigsOnly turns readsAsItself off, so that the differential tests
	// can compare it with sigs.k8s.io/yaml's own reading.
	viaSigsOnly bool
}

type valueResult struct {
	value any
	err   error
}

type keyResult struct {
	key string
	err error
}

func newScalarDecoder() *scalarDecoder {
	return &scalarDecoder{values: make(map[string]valueResult), keys: make(map[string]keyResult)}
}

// scalarSnippet returns YAML text that, decoded on its own, has the scalar's
// value, and whether the scalar is a string whatever its text: a quoted,
// literal or folded scalar, or a plain one over several lines, which no YAML
// 1.1 type but the string accepts.
func scalarSnippet(n *yaml3.Node) (snippet string, alwaysString bool) {
	quoted := n.Style&(yaml3.DoubleQuotedStyle|yaml3.SingleQuotedStyle|yaml3.LiteralStyle|yaml3.FoldedStyle) != 0
	if n.Style&yaml3.TaggedStyle == 0 {
		return n.Value, quoted || strings.Contains(n.Value, "\n")
	}
	tag := n.Tag
	if !strings.HasPrefix(tag, "!") {
		tag = "!<" + tag + ">"
	}
	if quoted || strings.Contains(n.Value, "\n") {
		return tag + " " + strconv.Quote(n.Value), false
	}
	return tag + " " + n.Value, false
}

// readsAsItself reports whether a scalar is a plain, untagged word that
// sigs.k8s.io/yaml reads as the string it is written as, both as a value and
// as a key: it starts with an ASCII letter and holds only letters, digits and
// "-._/", so it is one plain scalar in any context, and goyaml.v2's resolve
// (YAML 1.1) gives a word starting with a letter another type only when it
// is one of its boolean and null words (yes, No, on, OFF, null, True...: a
// word starting with one of yYnNtTfFoO is looked up in its resolveMap, and
// any other, or one not found there, is a string). Those words are left to
// sigs.k8s.io/yaml, as is anything starting with a digit, a sign or a dot,
// but a UID (isUID).
func (d *scalarDecoder) readsAsItself(n *yaml3.Node) bool {
	s := n.Value
	if d.viaSigsOnly || n.Style != 0 || s == "" {
		return false
	}
	if isUID(s) {
		return true
	}
	if !isASCIILetter(s[0]) || isYAML11Word(s) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isASCIILetter(c) && (c < '0' || c > '9') && c != '-' && c != '.' && c != '_' && c != '/' {
			return false
		}
	}
	return true
}

// isUID reports whether a word is written as the API server writes a UID:
// 8-4-4-4-12 hexadecimal digits. Such a word is a string to goyaml.v2's
// resolve even when it starts with a digit: its hyphens make it no integer
// (strconv.ParseInt, with a 0b, 0o or 0x prefix too) and no float (YAML
// 1.1's float pattern), and a timestamp starts with exactly four digits and
// a hyphen, which its first eight characters never are. Every object's
// metadata.uid, and every claim's reservedFor, has one, each read once:
// handed to sigs.k8s.io/yaml, those starting with a digit cost most of
// decoding 20,000 ResourceClaims (BenchmarkDecodeDevices).
func isUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := range len(s) {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if c := s[i] | 0x20; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// isYAML11Word reports whether a word is in goyaml.v2's resolveMap as a
// boolean or null (go.yaml.in/yaml/v2 resolve.go).
func isYAML11Word(s string) bool {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON",
		"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF",
		"null", "Null", "NULL":
		return true
	}
	return false
}

func isASCIILetter(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// literal returns a scalar that is a string whatever its text
// (scalarSnippet) or that reads as itself, which is its value and its key.
func (d *scalarDecoder) literal(n *yaml3.Node) (string, bool) {
	if n.Kind != yaml3.ScalarNode {
		return "", false
	}
	if d.readsAsItself(n) { // the most common, and its text is its snippet
		return n.Value, true
	}
	return scalarSnippet(n)
}

// value decodes a scalar as JSON receives it: nil, bool, json.Number or string.
func (d *scalarDecoder) value(n *yaml3.Node) (any, error) {
	if s, ok := d.literal(n); ok {
		return s, nil
	}
	if n.Kind != yaml3.ScalarNode {
		return nil, fmt.Errorf("got %s", yamlKindName(n))
	}
	snippet, _ := scalarSnippet(n)
	if r, ok := d.values[snippet]; ok {
		return r.value, r.err
	}
	var target struct {
		V any `json:"v"`
	}
	var r valueResult
	if err := yaml.Unmarshal([]byte("v: "+snippet), &target, useNumber); err != nil {
		r.err = fmt.Errorf("cannot read %s", snippet)
	} else {
		r.value = target.V
	}
	d.values[snippet] = r
	return r.value, r.err
}

func useNumber(d *json.Decoder) *json.Decoder {
	d.UseNumber()
	return d
}

// key decodes a map key into the string JSON gets.
func (d *scalarDecoder) key(n *yaml3.Node) (string, error) {
	if n.Kind != yaml3.ScalarNode {
		return "", fmt.Errorf("a key must be a string, not %s", yamlKindName(n))
	}
	if s, ok := d.literal(n); ok {
		return s, nil
	}
	snippet, _ := scalarSnippet(n)
	if r, ok := d.keys[snippet]; ok {
		return r.key, r.err
	}
	var m map[string]any
	r := keyResult{err: fmt.Errorf("cannot use %s as a key", snippet)}
	if err := yaml.Unmarshal([]byte(snippet+": 0"), &m); err == nil && len(m) == 1 {
		for k := range m {
			r = keyResult{key: k}
		}
	}
	d.keys[snippet] = r
	return r.key, r.err
}

// str decodes a string field; null is "".
func (d *scalarDecoder) str(n *yaml3.Node) (string, error) {
	if s, ok := d.literal(n); ok {
		return s, nil
	}
	v, err := d.value(n)
	if err != nil {
		return "", fmt.Errorf("expected a string, %v", err)
	}
	switch v := v.(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	default:
		return "", fmt.Errorf("expected a string, got %s; quote it: %q", jsonKindName(v), n.Value)
	}
}

// quantity decodes a resource quantity, which like resource.Quantity also
// takes a number: cpu: 1 gives "1", cpu: 0.5 gives "0.5".
func (d *scalarDecoder) quantity(n *yaml3.Node) (string, error) {
	if s, ok := d.literal(n); ok {
		return s, nil
	}
	v, err := d.value(n)
	if err != nil {
		return "", fmt.Errorf("expected a quantity, %v", err)
	}
	switch v := v.(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	case json.Number:
		return string(v), nil
	default:
		return "", fmt.Errorf("expected a quantity, got %s", jsonKindName(v))
	}
}

// int64 decodes an integer field as the apiserver's JSON decoding does: an
// integral number in range; null is nil.
func (d *scalarDecoder) int64(n *yaml3.Node) (*int64, error) {
	v, err := d.value(n)
	if err != nil {
		return nil, fmt.Errorf("expected an integer, %v", err)
	}
	switch v := v.(type) {
	case nil:
		return nil, nil
	case json.Number:
		i, err := strconv.ParseInt(string(v), 10, 64)
		if err == nil {
			return &i, nil
		}
		if f, ferr := strconv.ParseFloat(string(v), 64); ferr == nil && f != math.Trunc(f) {
			return nil, fmt.Errorf("%s is not an integer", v)
		}
		return nil, fmt.Errorf("%s overflows int64", v)
	default:
		return nil, fmt.Errorf("expected an integer, got %s", jsonKindName(v))
	}
}

// bool decodes a boolean field; null is false.
func (d *scalarDecoder) bool(n *yaml3.Node) (bool, error) {
	v, err := d.value(n)
	if err != nil {
		return false, fmt.Errorf("expected true or false, %v", err)
	}
	switch v := v.(type) {
	case nil:
		return false, nil
	case bool:
		return v, nil
	default:
		return false, fmt.Errorf("expected true or false, got %s", jsonKindName(v))
	}
}

// yamlKindName names a node's kind for an error.
func yamlKindName(n *yaml3.Node) string {
	switch n.Kind {
	case yaml3.MappingNode:
		return "a map"
	case yaml3.SequenceNode:
		return "a list"
	}
	return "a scalar"
}

// jsonKindName names a decoded scalar for an error.
func jsonKindName(v any) string {
	switch v := v.(type) {
	case string:
		return "the string " + strconv.Quote(v)
	case bool:
		return "the boolean " + strconv.FormatBool(v)
	case json.Number:
		return "the number " + string(v)
	}
	return fmt.Sprintf("%v", v)
}
