// Package devicetainteviction reproduces the decisions of the device taint
// eviction controller (k8s.io/kubernetes/pkg/controller/devicetainteviction,
// device_taint_eviction.go, v1.37.2): when the pods using a ResourceClaim
// must go because a device allocated to the claim has a NoExecute taint,
// from its ResourceSlice or from a DeviceTaintRule (ClaimEvictionTime,
// PodEviction), and the EvictionInProgress condition the controller writes
// into a DeviceTaintRule's status, including the dry run of a rule with
// effect None (RuleStatus).
//
// Unlike the node taint-eviction controller, this one is stateless in the
// way that matters to the page: a pod's deadline is recomputed from the
// taints' timeAdded on every change, so the verdict follows from the objects
// alone and the current time. The verdicts use the kinds of package
// tainteviction (EvictNone, EvictNever, EvictNow, EvictAfter), so that the
// page shows both alike.
//
// It imports core and tainteviction.
package devicetainteviction
