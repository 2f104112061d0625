// Package yamlfmt re-indents the editors' text, YAML or JSON, for the page's
// Format action. It only lays text out: what the text means is left to the
// engine, and Format refuses any output that would decode to other objects.
package yamlfmt

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Indent is the number of spaces per level, in YAML and in JSON.
const Indent = 2

// Error says why a text cannot be formatted; Line is 1-based, 0 when unknown.
type Error struct {
	Message string
	Line    int
}

func (e *Error) Error() string { return e.Message }

// Format returns text laid out with Indent spaces per level:
//  1. blank text, or text of comments only, is returned as it is;
//  2. a JSON value (the text starts with { or [ and is valid JSON) is
//     indented as JSON, keys kept in their order;
//  3. anything else is read as a stream of YAML documents and written back,
//     one document after another with "---" between them, keeping comments,
//     quoting styles and a leading "---"; YAML written as valid JSON (such
//     as {"a": b} or ["x",]) is then indented as JSON, as step 2 would do
//     with it the next time;
//  4. the result must decode to the same objects as text, or Format refuses it.
//
// Text that does not parse gives an *Error naming the line.
func Format(text string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return text, nil
	}
	if formatted, ok := asJSON(text); ok {
		return formatted, nil
	}
	formatted, err := formatYAML(text)
	if err != nil {
		return "", err
	}
	// The decoder gives a comment after a document's last value to that
	// value or to the document depending on how the value is written, so a
	// comment can move once the text is laid out: it is laid out again until
	// nothing moves, so that formatting twice changes nothing.
	for range 2 {
		again, err := formatYAML(formatted)
		if err != nil || again == formatted {
			break
		}
		formatted = again
	}
	if asJSON, ok := asJSON(formatted); ok {
		formatted = asJSON
	}
	if err := sameObjects(text, formatted); err != nil {
		return "", err
	}
	return formatted, nil
}

// asJSON indents text as JSON when it is a JSON object or array.
func asJSON(text string) (string, bool) {
	trimmed := strings.TrimSpace(text)
	if trimmed != "" && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid([]byte(trimmed)) {
		return indentJSON(trimmed), true
	}
	return "", false
}

// formatYAML decodes every document of text as nodes and writes each again;
// a document of comments only keeps its comments.
func formatYAML(text string) (string, error) {
	decoder := yaml.NewDecoder(strings.NewReader(text))
	var docs []string
	for {
		var doc yaml.Node
		err := decoder.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", parseError(err)
		}
		if len(doc.Content) == 0 {
			docs = append(docs, commentsOnly(&doc))
			continue
		}
		docs = append(docs, emitDocument(&doc))
	}
	if len(docs) == 0 {
		return text, nil // comments only: nothing to lay out
	}
	formatted := strings.Join(docs, "---\n")
	if strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "---") {
		formatted = "---\n" + formatted
	}
	return formatted, nil
}

// commentsOnly writes the comments of a document without content, one per line.
func commentsOnly(doc *yaml.Node) string {
	var b strings.Builder
	for _, comment := range []string{doc.HeadComment, doc.LineComment, doc.FootComment} {
		if comment != "" {
			b.WriteString(comment)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// sameObjects checks that formatted decodes to the nodes text decodes to.
func sameObjects(text, formatted string) error {
	before, err := nodes(text)
	if err != nil {
		return parseError(err)
	}
	after, err := nodes(formatted)
	if err != nil || !sameNodes(before, after) {
		return &Error{Message: "formatting would change what the text means, so it was left as it is"}
	}
	return nil
}

// nodes decodes every YAML document of text.
func nodes(text string) (*yaml.Node, error) {
	decoder := yaml.NewDecoder(strings.NewReader(text))
	stream := &yaml.Node{}
	for {
		doc := &yaml.Node{}
		err := decoder.Decode(doc)
		if errors.Is(err, io.EOF) {
			return stream, nil
		}
		if err != nil {
			return nil, err
		}
		stream.Content = append(stream.Content, doc)
	}
}

// sameNodes says whether two trees of nodes hold the same objects: the same
// kinds, tags, values, anchors and aliases, whatever their styles and
// comments. An empty null, ~ and null are the same value, but not the same
// key: yaml.v3 finds a key written twice by comparing the keys' kinds and
// text, so respelling a null key can make text with a key twice decode, or
// text without one fail to, and the engine looks fields up by their text.
func sameNodes(a, b *yaml.Node) bool { return sameNode(a, b, false) }

func sameNode(a, b *yaml.Node, key bool) bool {
	if a.Kind != b.Kind || a.Tag != b.Tag || a.Anchor != b.Anchor || len(a.Content) != len(b.Content) ||
		a.Value != b.Value && (key || !(a.Kind == yaml.ScalarNode && a.Tag == "!!null")) {
		return false
	}
	for i := range a.Content {
		if !sameNode(a.Content[i], b.Content[i], a.Kind == yaml.MappingNode && i%2 == 0) {
			return false
		}
	}
	return true
}

// parseError turns a yaml.v3 error into an *Error with its line, which
// yaml.v3 writes as "yaml: line 3: …".
func parseError(err error) *Error {
	message := err.Error()
	var typeErr *yaml.TypeError
	if errors.As(err, &typeErr) && len(typeErr.Errors) > 0 {
		message = "yaml: " + typeErr.Errors[0]
	}
	message = strings.TrimPrefix(message, "yaml: ")
	if rest, ok := strings.CutPrefix(message, "line "); ok {
		number, text, _ := strings.Cut(rest, ": ")
		if line, err := strconv.Atoi(number); err == nil && text != "" {
			return &Error{Message: "line " + number + ": " + text, Line: line}
		}
	}
	return &Error{Message: message}
}
