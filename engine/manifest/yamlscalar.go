package manifest

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// scalarDecoder gives YAML scalars the values `kubectl apply` sends. The
// structure of a document and the positions come from its goyaml.v3 tree;
// each scalar is read as sigs.k8s.io/yaml reads it, which kubectl converts
// YAML to JSON with (engine/yaml11 reproduces it), so YAML 1.1 applies as
// there: plain yes, no, on, off, y and n are booleans, 0x1F and 017 are
// numbers, and map keys that are not strings become their text ("on:" is the
// key "true"). The apiserver then decodes that JSON strictly: a string field
// given a boolean or a number is an error (value: yes must be quoted), while
// a quantity also takes a number (cpu: 1).
type scalarDecoder struct {
	reader scalarReader
	// shortcuts lets literal answer for the scalars that are strings
	// whatever the reader says (readsAsItself, quoted scalars); the
	// differential tests turn it off to hold them to sigs.k8s.io/yaml.
	shortcuts bool
}

func newScalarDecoder() *scalarDecoder {
	return &scalarDecoder{reader: newYAML11Reader(), shortcuts: true}
}

// value decodes a scalar as JSON receives it: nil, bool, json.Number or string.
func (d *scalarDecoder) value(n *yaml3.Node) (any, error) {
	if s, ok := d.literal(n); ok {
		return s, nil
	}
	if n.Kind != yaml3.ScalarNode {
		return nil, fmt.Errorf("got %s", yamlKindName(n))
	}
	v, err := d.reader.value(n)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s", scalarText(n))
	}
	return v, nil
}

// key decodes a map key into the string JSON gets.
func (d *scalarDecoder) key(n *yaml3.Node) (string, error) {
	if n.Kind != yaml3.ScalarNode {
		return "", fmt.Errorf("a key must be a string, not %s", yamlKindName(n))
	}
	if s, ok := d.literal(n); ok {
		return s, nil
	}
	k, err := d.reader.key(n)
	if err != nil {
		return "", fmt.Errorf("cannot use %s as a key", scalarText(n))
	}
	return k, nil
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
