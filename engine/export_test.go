package engine

// VerdictsPairByPair is Verdicts as it was before judgeByShape: every pod's
// whole row of cells evaluated against every node, then read by addPod. The
// differential tests hold the grouped evaluation to it, and the benchmarks
// measure one against the other.
func (w *Workspace) VerdictsPairByPair() *Verdicts {
	v := newVerdicts("", w.Options, w.Nodes, w.Pods, w.Diagnostics)
	rows := w.newRowEvaluator()
	row := make([]Cell, len(w.Nodes))
	for p := range w.Pods {
		rows.evaluate(p, row)
		v.addPod(p, row)
	}
	v.summarize()
	return v
}

// VerdictsByShape is Verdicts without the MaxPairs bound, so that a
// benchmark can judge a cluster of any size.
func (w *Workspace) VerdictsByShape() *Verdicts {
	v := newVerdicts("", w.Options, w.Nodes, w.Pods, w.Diagnostics)
	w.judgeByShape(v)
	v.summarize()
	return v
}
