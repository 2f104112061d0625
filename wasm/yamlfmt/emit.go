package yamlfmt

import (
	"bytes"
	"strings"

	"go.yaml.in/yaml/v3"
)

// emitter writes a yaml.Node tree back as text in the layout yaml.v3's
// encoder gives with SetIndent(Indent): block style, a sequence in a mapping
// indented under its key, comments where the encoder puts them. It is ours so
// that the WASM does not carry yaml.v3's encoder and emitter (issue 12).
//
// Flow collections stay in flow style unless a comment is inside them, as
// comments need lines of their own: then they are written in block style.
//
// Each write* method starts right after an indicator ("key:", "-", "?") or
// at the start of a line, and a value in block context ends its line.
type emitter struct {
	b bytes.Buffer
}

// emitDocument writes one document: its head comment, its content, its foot comment.
func emitDocument(doc *yaml.Node) string {
	var e emitter
	if doc.HeadComment != "" {
		e.comment(doc.HeadComment, 0)
		e.b.WriteByte('\n')
	}
	foot := doc.FootComment
	for _, n := range doc.Content {
		indent := 0
		if isFlow(n) || n.Kind == yaml.ScalarNode {
			indent = Indent // the lines of a block scalar at the root
		}
		e.writeNode(n, indent, "")
		foot = joinLines(n.FootComment, foot)
	}
	if foot != "" {
		// After an empty line the decoder reads the comment as the
		// document's, which it stays the next time.
		e.b.WriteByte('\n')
		e.comment(foot, 0)
	}
	return e.b.String()
}

// writeNode writes n as a value in block context whose lines are at indent:
// on the current line when it fits there, else on the following lines.
// comment is the line comment of n's key, written after the indicator.
// n's foot comment is left to the entry that holds n.
func (e *emitter) writeNode(n *yaml.Node, indent int, comment string) {
	comment = joinComments(comment, n.LineComment)
	if (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && !isFlow(n) {
		e.writeProperties(n)
		e.lineComment(comment)
		e.endLine()
		if n.HeadComment != "" {
			e.comment(n.HeadComment, indent)
		}
		e.writeBlock(n, indent, false)
		return
	}
	if n.HeadComment != "" {
		// A comment before a scalar puts the scalar on a line of its own.
		e.lineComment(comment)
		comment = ""
		e.endLine()
		e.comment(n.HeadComment, indent)
		e.indent(indent)
	}
	switch n.Kind {
	case yaml.AliasNode:
		e.space()
		e.b.WriteString("*" + n.Value)
	case yaml.ScalarNode:
		e.writeScalar(n, indent, blockContext, comment)
		return
	default:
		e.writeProperties(n)
		e.space()
		e.writeFlow(n)
	}
	e.lineComment(comment)
	e.b.WriteByte('\n')
}

// writeItem writes n after "-" (or "?", ":"): a block collection without
// anchor, tag or comments before it starts on the indicator's line. The
// entry writes n's head and foot comments.
func (e *emitter) writeItem(n *yaml.Node, indent int) {
	item := *n
	item.HeadComment, item.FootComment = "", ""
	if !inlineBlock(&item) {
		e.writeNode(&item, indent, "")
		return
	}
	e.b.WriteByte(' ')
	first := *item.Content[0]
	if first.HeadComment == "" {
		e.writeBlock(&item, indent, true)
		return
	}
	// The first entry's head comment goes on the dash's line, as yaml.v3 has it.
	head, rest, _ := strings.Cut(first.HeadComment, "\n")
	e.b.WriteString(head + "\n")
	e.comment(rest, indent)
	first.HeadComment = ""
	item.Content = append([]*yaml.Node{&first}, item.Content[1:]...)
	e.writeBlock(&item, indent, false)
}

// inlineBlock says whether block collection n may start right after "- ":
// no properties or comments of its own come first.
func inlineBlock(n *yaml.Node) bool {
	if (n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode) || isFlow(n) ||
		n.Anchor != "" || n.Style&yaml.TaggedStyle != 0 || n.HeadComment != "" || n.LineComment != "" {
		return false
	}
	return true
}

// writeBlock writes the entries of a block mapping or sequence at indent; the
// first entry goes on the current line when inline.
func (e *emitter) writeBlock(n *yaml.Node, indent int, inline bool) {
	if n.Kind == yaml.SequenceNode {
		for i, item := range n.Content {
			e.startEntry(item.HeadComment, indent, inline && i == 0)
			e.b.WriteByte('-')
			e.writeItem(item, indent+Indent)
			e.endEntry(item.FootComment, indent, i+1 < len(n.Content))
		}
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, value := n.Content[i], n.Content[i+1]
		e.startEntry(key.HeadComment, indent, inline && i == 0)
		if simpleKey(key) {
			e.writeKey(key)
			e.b.WriteByte(':')
			e.writeNode(value, indent+Indent, key.LineComment)
		} else {
			e.b.WriteByte('?')
			e.writeItem(key, indent+Indent)
			e.comment(key.FootComment, indent+Indent)
			e.indent(indent)
			e.b.WriteByte(':')
			e.writeItem(value, indent+Indent)
		}
		e.endEntry(joinLines(footOfSimpleKey(key), value.FootComment), indent, i+2 < len(n.Content))
	}
}

// startEntry writes an entry's head comment and indentation, unless the
// entry continues the current line.
func (e *emitter) startEntry(head string, indent int, inline bool) {
	if inline {
		return
	}
	if head != "" {
		e.comment(head, indent)
	}
	e.indent(indent)
}

// endEntry writes an entry's foot comment at its indent; an empty line
// after it keeps it from becoming the head comment of the next entry.
func (e *emitter) endEntry(foot string, indent int, more bool) {
	if foot == "" {
		return
	}
	e.comment(foot, indent)
	if more {
		e.b.WriteByte('\n')
	}
}

// footOfSimpleKey is the foot comment written after a key's value; an
// explicit key's foot comment is written after the key.
func footOfSimpleKey(key *yaml.Node) string {
	if simpleKey(key) {
		return key.FootComment
	}
	return ""
}

// simpleKey says whether key can be written before ":" on one line. An
// empty null is not: it would have to be spelt "null", and a key's spelling
// is what yaml.v3 compares to find a key written twice ("" and an empty null
// are the same key to it, "" and null are not), so it stays "?" and nothing.
func simpleKey(key *yaml.Node) bool {
	switch key.Kind {
	case yaml.AliasNode:
		return true
	case yaml.ScalarNode:
		return len(key.Value) <= 128 && !strings.ContainsAny(key.Value, "\n\r\u0085\u2028\u2029") && !emptyNull(key)
	}
	return len(key.Content) == 0
}

// writeKey writes a simple key.
func (e *emitter) writeKey(key *yaml.Node) {
	switch key.Kind {
	case yaml.AliasNode:
		e.b.WriteString("*" + key.Value)
	case yaml.ScalarNode:
		e.writeScalar(key, 0, keyContext, "")
	default:
		e.writeProperties(key)
		e.space()
		e.writeFlow(key)
	}
}

// isFlow says whether n is written in flow style: empty collections always,
// flow collections unless a comment is inside.
func isFlow(n *yaml.Node) bool {
	if n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode {
		return false
	}
	return len(n.Content) == 0 || n.Style&yaml.FlowStyle != 0 && !hasInnerComments(n)
}

// hasInnerComments says whether a node inside n has a comment.
func hasInnerComments(n *yaml.Node) bool {
	for _, c := range n.Content {
		if c.HeadComment != "" || c.LineComment != "" || c.FootComment != "" || hasInnerComments(c) {
			return true
		}
	}
	return false
}

// writeFlow writes a collection in flow style, on one line.
func (e *emitter) writeFlow(n *yaml.Node) {
	open, close, step := "[", "]", 1
	if n.Kind == yaml.MappingNode {
		open, close, step = "{", "}", 2
	}
	e.b.WriteString(open)
	for i := 0; i < len(n.Content); i += step {
		if i > 0 {
			e.b.WriteString(", ")
		}
		if step == 2 && emptyNull(n.Content[i]) {
			// Empty as in the text, for the reason simpleKey gives: "? :".
			e.b.WriteByte('?')
			e.writeProperties(n.Content[i])
			e.b.WriteByte(' ')
		} else {
			e.writeFlowNode(n.Content[i])
		}
		if step == 2 {
			e.b.WriteByte(':')
			e.writeFlowNode(n.Content[i+1])
		}
	}
	e.b.WriteString(close)
}

// writeFlowNode writes a node inside a flow collection.
func (e *emitter) writeFlowNode(n *yaml.Node) {
	switch n.Kind {
	case yaml.AliasNode:
		e.space()
		e.b.WriteString("*" + n.Value)
	case yaml.ScalarNode:
		e.writeScalar(n, 0, flowContext, "")
	default:
		e.writeProperties(n)
		e.space()
		e.writeFlow(n)
	}
}

// writeProperties writes n's anchor and, when the text had one, its tag.
func (e *emitter) writeProperties(n *yaml.Node) {
	if n.Anchor != "" {
		e.space()
		e.b.WriteString("&" + n.Anchor)
	}
	if n.Style&yaml.TaggedStyle != 0 && n.Tag != "" {
		e.space()
		e.b.WriteString(tagText(n.Tag))
	}
}

// tagText spells a tag as yaml.v3 writes it: !!x for the YAML types, !x
// for local tags, !<...> for any other.
func tagText(tag string) string {
	if rest, ok := strings.CutPrefix(tag, "tag:yaml.org,2002:"); ok {
		return "!!" + rest
	}
	if strings.HasPrefix(tag, "!") {
		return tag
	}
	return "!<" + tag + ">"
}

// space separates what follows from an indicator or a property.
func (e *emitter) space() {
	if n := e.b.Len(); n > 0 && !strings.ContainsRune("\n [{", rune(e.b.Bytes()[n-1])) {
		e.b.WriteByte(' ')
	}
}

// endLine ends the current line, if anything is on it.
func (e *emitter) endLine() {
	if n := e.b.Len(); n > 0 && e.b.Bytes()[n-1] != '\n' {
		e.b.WriteByte('\n')
	}
}

func (e *emitter) indent(indent int) {
	e.b.WriteString(strings.Repeat(" ", indent))
}

// comment writes comment lines at indent; empty lines stay empty.
func (e *emitter) comment(comment string, indent int) {
	if comment == "" {
		return
	}
	for _, line := range strings.Split(comment, "\n") {
		if line != "" {
			e.indent(indent)
			e.b.WriteString(line)
		}
		e.b.WriteByte('\n')
	}
}

// lineComment writes a comment at the end of the current line.
func (e *emitter) lineComment(comment string) {
	if comment != "" {
		e.space()
		e.b.WriteString(comment)
	}
}

// joinComments puts a key's and its value's line comments on one line.
func joinComments(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " " + b
}

// joinLines puts two comments of several lines one after the other.
func joinLines(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n" + b
}
