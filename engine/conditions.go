package engine

// ControllerTaints returns the taints the node lifecycle controller adds to the
// node: node.kubernetes.io/unschedulable:NoSchedule for spec.unschedulable
// always, and, when conditions is true, those derived from node conditions.
func ControllerTaints(node *Node, conditions bool) []Taint { return nil }
