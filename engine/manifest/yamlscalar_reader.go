package manifest

import (
	"strconv"
	"strings"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/yaml11"
)

// scalarReader reads a scalar node's value (nil, bool, json.Number or
// string) and its key as kubectl does, or fails where kubectl does.
// yaml11Reader is the decoders'; the differential tests read with
// sigs.k8s.io/yaml itself (yamlscalar_oracle_test.go).
type scalarReader interface {
	value(n *yaml3.Node) (any, error)
	key(n *yaml3.Node) (string, error)
}

// yaml11Reader reads scalars with engine/yaml11, each distinct one once:
// the scalars that are not plain names (numbers, timestamps, booleans)
// repeat across a manifest's objects.
type yaml11Reader struct {
	values map[yaml11.Scalar]valueResult
	keys   map[yaml11.Scalar]keyResult
}

type valueResult struct {
	value any
	err   error
}

type keyResult struct {
	key string
	err error
}

func newYAML11Reader() *yaml11Reader {
	return &yaml11Reader{values: make(map[yaml11.Scalar]valueResult), keys: make(map[yaml11.Scalar]keyResult)}
}

func (r *yaml11Reader) value(n *yaml3.Node) (any, error) {
	s := yaml11.ScalarOf(n)
	v, ok := r.values[s]
	if !ok {
		v.value, v.err = s.Value()
		r.values[s] = v
	}
	return v.value, v.err
}

func (r *yaml11Reader) key(n *yaml3.Node) (string, error) {
	s := yaml11.ScalarOf(n)
	k, ok := r.keys[s]
	if !ok {
		k.key, k.err = s.Key()
		r.keys[s] = k
	}
	return k.key, k.err
}

// quotedStyles are the styles of a scalar that is not plain.
const quotedStyles = yaml3.DoubleQuotedStyle | yaml3.SingleQuotedStyle | yaml3.LiteralStyle | yaml3.FoldedStyle

// scalarText writes a scalar as YAML text that reads as the same scalar on
// its own, for messages: its tag, and its text quoted unless it is plain
// and on one line.
func scalarText(n *yaml3.Node) string {
	text := n.Value
	if n.Style&quotedStyles != 0 || strings.Contains(text, "\n") {
		text = strconv.Quote(text)
	}
	if n.Style&yaml3.TaggedStyle == 0 {
		return text
	}
	tag := n.Tag
	if !strings.HasPrefix(tag, "!") {
		tag = "!<" + tag + ">"
	}
	return tag + " " + text
}
