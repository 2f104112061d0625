package manifest

import (
	"encoding/json"
	"errors"
	"fmt"

	"sigs.k8s.io/yaml"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// sigsReader reads scalars with sigs.k8s.io/yaml itself, which kubectl
// converts YAML to JSON with: a scalar written on its own (scalarText) as
// the value of "v" for its value, as the only key of a map for its key, in
// the first of a few documents that goyaml.v3 reads back as the same scalar
// (a plain "-" is a scalar in flow, not in block YAML). It is the oracle the
// differential tests hold yaml11Reader and the shortcuts to.
type sigsReader struct{}

func (sigsReader) value(n *yaml3.Node) (any, error) {
	doc, err := rewritten(n, []string{"v: %s", "{v: %s}"}, func(m *yaml3.Node) *yaml3.Node { return m.Content[1] })
	if err != nil {
		return nil, err
	}
	var target struct {
		V any `json:"v"`
	}
	if err := yaml.Unmarshal([]byte(doc), &target, useNumber); err != nil {
		return nil, err
	}
	return target.V, nil
}

func (sigsReader) key(n *yaml3.Node) (string, error) {
	doc, err := rewritten(n, []string{"? %s\n: 0", "%s: 0", "{%s: 0}"}, func(m *yaml3.Node) *yaml3.Node { return m.Content[0] })
	if err != nil {
		return "", err
	}
	var m map[string]any
	if err := yaml.Unmarshal([]byte(doc), &m); err != nil {
		return "", err
	}
	for k := range m {
		if len(m) == 1 {
			return k, nil
		}
	}
	return "", fmt.Errorf("%s reads as %d keys", doc, len(m))
}

// rewritten returns the first of the layouts, a map of one pair with the
// scalar's text in it, whose pair goyaml.v3 reads with the same scalar where
// pick finds it.
func rewritten(n *yaml3.Node, layouts []string, pick func(pair *yaml3.Node) *yaml3.Node) (string, error) {
	for _, layout := range layouts {
		doc := fmt.Sprintf(layout, scalarText(n))
		var tree yaml3.Node
		if yaml3.Unmarshal([]byte(doc), &tree) != nil || len(tree.Content) != 1 {
			continue
		}
		pair := tree.Content[0]
		if pair.Kind != yaml3.MappingNode || len(pair.Content) != 2 {
			continue
		}
		if got := pick(pair); got.Kind == yaml3.ScalarNode && got.Tag == n.Tag && got.Value == n.Value && got.Style&yaml3.TaggedStyle == n.Style&yaml3.TaggedStyle {
			return doc, nil
		}
	}
	return "", errNoLayout
}

// errNoLayout says that no layout holds a scalar: "?" and ":" are plain
// scalars only as block keys ("?: x"), never as values.
var errNoLayout = errors.New("no document holds the scalar alone")

// newSigsScalarDecoder returns a scalarDecoder that reads every scalar with
// sigs.k8s.io/yaml, its shortcuts off.
func newSigsScalarDecoder() *scalarDecoder {
	return &scalarDecoder{reader: sigsReader{}}
}

func useNumber(d *json.Decoder) *json.Decoder {
	d.UseNumber()
	return d
}
