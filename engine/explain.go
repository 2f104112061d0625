package engine

// ExplainTaint says whether and why the tolerations tolerate the taint.
func ExplainTaint(taint *Taint, tolerations []Toleration, comparisonOperators bool) TaintVerdict {
	return TaintVerdict{}
}
