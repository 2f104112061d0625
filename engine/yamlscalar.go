package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// scalarDecoder gives YAML scalars the values kubectl gives them. The
// structure of a document and the positions come from its goyaml.v3 tree;
// each scalar's value is decoded by sigs.k8s.io/yaml, the library kubectl
// reads manifests with, so YAML 1.1 rules apply exactly as there: plain yes,
// no, on and off are booleans, 0x1F and 017 are numbers, and a number or
// boolean where a string is expected becomes its text ("on" gives "true",
// 1.0 gives "1"). Each distinct scalar text is decoded once per decoder.
type scalarDecoder struct {
	strings map[string]stringResult
	values  map[string]valueResult
}

type stringResult struct {
	value string
	err   error
}

type valueResult struct {
	value any
	err   error
}

func newScalarDecoder() *scalarDecoder {
	return &scalarDecoder{strings: make(map[string]stringResult), values: make(map[string]valueResult)}
}

// scalarSnippet returns YAML text that, decoded on its own, has the scalar's
// value, and whether the scalar is a string whatever its text (quoted, literal
// and folded scalars, and plain ones spread over lines, which no YAML 1.1
// type but string accepts).
func scalarSnippet(n *yaml3.Node) (snippet string, alwaysString bool) {
	quoted := n.Style&(yaml3.DoubleQuotedStyle|yaml3.SingleQuotedStyle|yaml3.LiteralStyle|yaml3.FoldedStyle) != 0
	if n.Style&yaml3.TaggedStyle == 0 {
		if quoted || strings.Contains(n.Value, "\n") {
			return n.Value, true
		}
		return n.Value, false
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

// str decodes a scalar where the API expects a string; null is "".
func (d *scalarDecoder) str(n *yaml3.Node) (string, error) {
	if n.Kind != yaml3.ScalarNode {
		return "", fmt.Errorf("expected a string, got %s", yamlKindName(n))
	}
	snippet, alwaysString := scalarSnippet(n)
	if alwaysString {
		return snippet, nil
	}
	if r, ok := d.strings[snippet]; ok {
		return r.value, r.err
	}
	var target struct {
		V *string `json:"v"`
	}
	var r stringResult
	if err := yaml.Unmarshal([]byte("v: "+snippet), &target); err != nil {
		r.err = fmt.Errorf("expected a string, got %s", snippet)
	} else if target.V != nil {
		r.value = *target.V
	}
	d.strings[snippet] = r
	return r.value, r.err
}

// value decodes a scalar where the API expects a number or a boolean, as
// JSON would see it: nil, bool, json.Number or string.
func (d *scalarDecoder) value(n *yaml3.Node) (any, error) {
	if n.Kind != yaml3.ScalarNode {
		return nil, fmt.Errorf("got %s", yamlKindName(n))
	}
	snippet, alwaysString := scalarSnippet(n)
	if alwaysString {
		return snippet, nil
	}
	if r, ok := d.values[snippet]; ok {
		return r.value, r.err
	}
	var target struct {
		V any `json:"v"`
	}
	var r valueResult
	if err := yaml.Unmarshal([]byte("v: "+snippet), &target, useNumber); err != nil {
		r.err = fmt.Errorf("cannot decode %s", snippet)
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

// yamlKindName names a non-scalar node for an error.
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
