package engine

// Warnings lists what a reviewer would flag in the tolerations.
func Warnings(nodes []Node, pods []Pod, opts Options) []Diagnostic { return nil }
