// Package core holds the API objects the engine reasons about — Node, Taint,
// Pod, Toleration — with the rules that belong to the objects themselves, as
// upstream keeps them beside the types: toleration↔taint matching
// (k8s.io/api/core/v1 toleration.go and taint.go, and the Lt/Gt operators
// behind the TaintTolerationComparisonOperators gate), the apiserver's
// validation of taints and tolerations with its messages
// (k8s.io/kubernetes/pkg/apis/core/validation), label syntax and selectors
// (k8s.io/apimachinery/pkg/util/validation, pkg/labels), quantities
// (k8s.io/apimachinery/pkg/api/resource), QoS classes
// (k8s.io/kubernetes/pkg/apis/core/helper/qos) and the well-known taint keys.
//
// It is the lowest layer: it imports no other package of the engine. Source
// and Diagnostic, which every layer uses to point into the user's text, and
// Options, the cluster settings, live here for the same reason.
package core
