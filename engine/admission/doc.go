// Package admission reproduces what adds tolerations to a pod before the
// scheduler sees it, and what the kubelet checks when a pod arrives bound to
// its node: the DefaultTolerationSeconds, PodTolerationRestriction and
// ExtendedResourceToleration admission plugins
// (k8s.io/kubernetes/plugin/pkg/admission), the DaemonSet controller's
// tolerations (k8s.io/kubernetes/pkg/controller/daemon/util), and the
// kubelet's admission of a pod bound by spec.nodeName
// (k8s.io/kubernetes/pkg/kubelet/lifecycle), which runs the scheduler's
// filters and checks NoExecute taints as the taint-eviction controller does.
//
// It imports core, scheduler and tainteviction.
package admission
