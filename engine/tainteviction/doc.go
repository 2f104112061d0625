// Package tainteviction reproduces the taint-eviction controller
// (k8s.io/kubernetes/pkg/controller/tainteviction): which toleration each
// NoExecute taint uses, the minimum tolerationSeconds and its overflow, the
// verdict for a pod on a node (NoExecuteEviction), and the controller's
// timers over a simulated clock (Simulate, Timeline), where a deadline never
// moves once scheduled. It also derives the taints the node lifecycle
// controller puts on a node from its conditions and spec.unschedulable
// (k8s.io/kubernetes/pkg/controller/nodelifecycle), the taints that start
// evictions.
//
// It imports core only.
package tainteviction
