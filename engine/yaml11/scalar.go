package yaml11

import yaml3 "sigs.k8s.io/yaml/goyaml.v3"

// Scalar is a YAML scalar as goyaml.v2 resolves it: its text and its tag.
// Tag is the tag written on it in goyaml.v3's short form ("!!int",
// "!local"), "!!str" for an untagged quoted or block scalar, which YAML
// reads as a string whatever its text, and "" for an untagged plain one,
// which YAML 1.1 resolves by its text. Scalars with the same Tag and Text
// read the same: a tag applies alike to a quoted and a plain text.
type Scalar struct {
	Tag  string
	Text string
}

// quotedStyles are the styles of a scalar that is not plain.
const quotedStyles = yaml3.DoubleQuotedStyle | yaml3.SingleQuotedStyle | yaml3.LiteralStyle | yaml3.FoldedStyle

// ScalarOf returns a goyaml.v3 scalar node as goyaml.v2 sees it. goyaml.v3
// drops the non-specific tag "!" (a plain "! 12", a string to goyaml.v2,
// comes as the untagged plain 12), the only tag its tree does not keep.
func ScalarOf(n *yaml3.Node) Scalar {
	switch {
	case n.Style&yaml3.TaggedStyle != 0:
		return Scalar{Tag: n.Tag, Text: n.Value}
	case n.Style&quotedStyles != 0:
		return Scalar{Tag: strTag, Text: n.Value}
	}
	return Scalar{Text: n.Value}
}
