package engine

// TaintCommand is one parsed `kubectl taint nodes ...` line.
type TaintCommand struct {
	// Nodes named on the line; Selector is -l/--selector; All is --all.
	Nodes     []string `json:"nodes,omitempty"`
	Selector  string   `json:"selector,omitempty"`
	All       bool     `json:"all,omitempty"`
	Overwrite bool     `json:"overwrite,omitempty"`
	// Add are the taints to add; Remove the removals (an empty Effect removes
	// every effect of the key).
	Add    []Taint `json:"add,omitempty"`
	Remove []Taint `json:"remove,omitempty"`
	Source Source  `json:"source"`
}

// ParseTaintCommand parses one `kubectl taint nodes ...` line.
func ParseTaintCommand(line string) (*TaintCommand, error) { return nil, nil }

// ParseTaintSpecs parses taint arguments as kubectl does.
func ParseTaintSpecs(specs []string) (add, remove []Taint, err error) { return nil, nil, nil }

// Apply runs the command against nodes, as kubectl would, returning the new nodes.
func (c *TaintCommand) Apply(nodes []Node) ([]Node, error) { return nodes, nil }
