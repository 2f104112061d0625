package core

import (
	"slices"
	"strconv"
)

// Source points at the text a value came from, so the page can highlight it and an
// error can name where to look. Line and Column are 1-based; zero means unknown
// (for example a taint added by a node condition or a toleration added by admission).
type Source struct {
	// Editor is which input the value came from: "nodes" or "pods".
	Editor string `json:"editor,omitempty"`
	// Line and Column of the value's first character in that input.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Field is the API field path inside its object, such as
	// "spec.tolerations[1].effect" or "spec.taints[0]".
	Field string `json:"field,omitempty"`
	// Fields gives the line of each scalar sub-field of the value, keyed by its
	// name ("effect": 7), so an error about one field points at its own line.
	Fields map[string]int `json:"fields,omitempty"`
	// Columns gives the column of each sub-field of Fields, for an error
	// about that field (ValidateTolerations) to name its line and column as
	// a YAML error does. Not in JSON: the page reads the diagnostic's own.
	Columns map[string]int `json:"-"`
}

// Editors the workspace reads.
const (
	EditorNodes = "nodes"
	EditorPods  = "pods"
)

// MarshalJSON writes the Source as encoding/json writes it from its tags,
// byte for byte, without reflection: a report has one per node, taint,
// pod and toleration, and encoding their Fields maps by reflection (a sort
// and several allocations each) was most of encoding the page's answer in
// the WASM (issue 12).
func (s Source) MarshalJSON() ([]byte, error) {
	return s.AppendJSON(make([]byte, 0, 64+len(s.Editor)+len(s.Field)+24*len(s.Fields))), nil
}

// AppendJSON appends what MarshalJSON returns, for a writer of a larger
// document (engine's report) that would otherwise copy it and have
// encoding/json check it again.
func (s Source) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if s.Editor != "" {
		b = AppendJSONQuote(append(b, `"editor":`...), s.Editor)
	}
	if s.Line != 0 {
		b = strconv.AppendInt(append(jsonComma(b), `"line":`...), int64(s.Line), 10)
	}
	if s.Column != 0 {
		b = strconv.AppendInt(append(jsonComma(b), `"column":`...), int64(s.Column), 10)
	}
	if s.Field != "" {
		b = AppendJSONQuote(append(jsonComma(b), `"field":`...), s.Field)
	}
	if len(s.Fields) > 0 {
		var room [8]string
		names := room[:0]
		for name := range s.Fields {
			names = append(names, name)
		}
		slices.Sort(names)
		b = append(jsonComma(b), `"fields":{`...)
		for i, name := range names {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(append(AppendJSONQuote(b, name), ':'), int64(s.Fields[name]), 10)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// jsonComma separates a member from the one before it, if any.
func jsonComma(b []byte) []byte {
	if b[len(b)-1] != '{' {
		return append(b, ',')
	}
	return b
}
