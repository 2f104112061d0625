package engine

import "github.com/taint-playground/taint-playground/engine/core"

// WhatIfReport is the one document of a what-if, as `taint-playground whatif
// -o json` prints it and the page's what-if downloads it: the blast radius
// (its totals included), and the names its node and pod indexes point to.
type WhatIfReport struct {
	Radius      *BlastRadius      `json:"radius"`
	NodeNames   []string          `json:"nodeNames"`
	PodNames    []string          `json:"podNames"`
	Diagnostics []core.Diagnostic `json:"diagnostics"`
}

// WhatIfReport is the document of r, a blast radius of w. Pod names are
// namespace/name (name alone without a namespace).
func (w *Workspace) WhatIfReport(r *BlastRadius) WhatIfReport {
	report := WhatIfReport{Radius: r, NodeNames: make([]string, len(w.Nodes)), PodNames: make([]string, len(w.Pods)), Diagnostics: w.Diagnostics}
	for n := range w.Nodes {
		report.NodeNames[n] = w.Nodes[n].Name
	}
	for p := range w.Pods {
		report.PodNames[p] = QualifiedName(&w.Pods[p])
	}
	if report.Diagnostics == nil {
		report.Diagnostics = []core.Diagnostic{}
	}
	return report
}

// QualifiedName is namespace/name, or the name alone without a namespace.
func QualifiedName(p *core.Pod) string {
	if p.Namespace == "" {
		return p.Name
	}
	return p.Namespace + "/" + p.Name
}
