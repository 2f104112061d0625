package engine

// DecodeNodes reads the Nodes editor.
func DecodeNodes(text string) ([]Node, []Diagnostic) { return nil, nil }

// DecodePods reads the Pods editor.
func DecodePods(text string) ([]Pod, []Diagnostic) { return nil, nil }
