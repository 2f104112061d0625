package engine

// ConditionTaints returns the taints the node lifecycle controller adds.
func ConditionTaints(node *Node) []Taint { return nil }
