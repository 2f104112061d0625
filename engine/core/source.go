package core

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
}

// Editors the workspace reads.
const (
	EditorNodes = "nodes"
	EditorPods  = "pods"
)
