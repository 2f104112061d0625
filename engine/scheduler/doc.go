// Package scheduler reproduces the parts of kube-scheduler that taints and
// tolerations meet (k8s.io/kubernetes/pkg/scheduler/framework/plugins): the
// Filters of the default profile in their order — NodeUnschedulable,
// NodeName, TaintToleration, NodeAffinity — with their status messages, the
// TaintToleration plugin's PreferNoSchedule PreScore and Score, and node
// affinity and nodeSelector matching (k8s.io/component-helpers/scheduling/corev1/nodeaffinity).
//
// It imports core only.
package scheduler
