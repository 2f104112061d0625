package engine

import "errors"

// Workspace is the decoded, defaulted input: nodes with their effective taints,
// pods with their effective tolerations, and every diagnostic found on the way.
type Workspace struct {
	Options     Options
	Nodes       []Node
	Pods        []Pod
	Diagnostics []Diagnostic
}

// Load decodes both editors' text, adds the taints and tolerations that the
// cluster's controllers and admission plugins would (per opts), and validates.
// It never fails: problems become diagnostics and the rest is still evaluated.
func Load(nodesText, podsText string, opts Options) *Workspace {
	return &Workspace{Options: opts}
}

// Evaluate computes the verdict of every pod on every node.
func (w *Workspace) Evaluate() *Report {
	return &Report{Kubernetes: KubernetesVersion, Options: w.Options}
}

// Explain gives one cell with the verdict of each of the node's taints.
func (w *Workspace) Explain(pod, node int) (*CellDetail, error) {
	return nil, errors.New("not implemented")
}

// Simulate runs the taint-eviction controller over events on the simulated
// clock until the given time, starting with the workspace as it is at 0.
func (w *Workspace) Simulate(events []Event, until float64) *Timeline {
	return &Timeline{}
}
