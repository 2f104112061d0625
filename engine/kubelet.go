package engine

// KubeletAdmit decides whether the kubelet admits the pod on the node.
func KubeletAdmit(pod *Pod, node *Node, comparisonOperators bool) (admit bool, reason string) {
	return true, ""
}
