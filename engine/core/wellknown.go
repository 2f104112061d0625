package core

// Well-known taint keys (k8s.io/api core/v1 well_known_taints.go): the node
// lifecycle controller puts them on nodes, and admission and the DaemonSet
// controller add tolerations for them.
const (
	TaintNodeNotReady           = "node.kubernetes.io/not-ready"
	TaintNodeUnreachable        = "node.kubernetes.io/unreachable"
	TaintNodeUnschedulable      = "node.kubernetes.io/unschedulable"
	TaintNodeMemoryPressure     = "node.kubernetes.io/memory-pressure"
	TaintNodeDiskPressure       = "node.kubernetes.io/disk-pressure"
	TaintNodeNetworkUnavailable = "node.kubernetes.io/network-unavailable"
	TaintNodePIDPressure        = "node.kubernetes.io/pid-pressure"
)
