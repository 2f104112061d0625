package admission

import (
	"fmt"
	"slices"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/scheduler"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// Pod annotations the kubelet reads to tell static and mirror pods apart.
const (
	configSourceAnnotation = "kubernetes.io/config.source"
	configMirrorAnnotation = "kubernetes.io/config.mirror"
	// apiserverSource is the config source of pods that come from the API server.
	apiserverSource = "api"
)

// systemCriticalPriority is the priority from which a pod is critical
// (scheduling.SystemCriticalPriority = 2 × HighestUserDefinablePriority).
const systemCriticalPriority = 2_000_000_000

// pressureConditions are the node conditions the kubelet's eviction manager
// reports, and so the ones its admission handler looks at.
var pressureConditions = []string{core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure}

// Messages the kubelet writes to a rejected pod's status, verbatim from upstream.
const (
	// nodeConditionMessageFormat is the eviction manager's nodeConditionMessageFmt.
	nodeConditionMessageFormat = "The node had condition: %v. "
	// predicateFailureFormat is PredicateFailureError.Error().
	predicateFailureFormat = "Predicate %s failed: %s"
	// errReasonTaintsNotMatch is tainttoleration.ErrReasonNotMatch.
	errReasonTaintsNotMatch = "node(s) had taints that the pod didn't tolerate"
)

// KubeletAdmit decides whether the kubelet admits a pod bound to the node with
// spec.nodeName, which skips the scheduler. It runs the kubelet's admit
// handlers in their registration order and returns the first rejection's
// status message, as upstream writes it:
//
//  1. The eviction manager (pkg/kubelet/eviction): with no pressure condition
//     (MemoryPressure, DiskPressure, PIDPressure = True) it admits. Critical pods
//     (static, mirror, or priority ≥ 2000000000) are admitted. Under
//     MemoryPressure alone a pod that is not BestEffort is admitted, and a
//     BestEffort one only if it tolerates node.kubernetes.io/memory-pressure:NoSchedule.
//     Any other set of conditions rejects: "The node had condition: [...]. ".
//  2. The predicate handler (pkg/kubelet/lifecycle): the scheduler's
//     AdmissionCheck, of which nodeSelector/required node affinity and
//     spec.nodeName are modelled (resources and host ports are not), then
//     TaintToleration on NoExecute taints only — NoSchedule taints do not stop
//     a pod bound by name — with static pods exempt.
func KubeletAdmit(pod *core.Pod, node *core.Node, comparisonOperators bool) (admit bool, reason string) {
	if message, rejected := evictionManagerRejects(pod, node, comparisonOperators); rejected {
		return false, message
	}
	placement := scheduler.MatchPlacement(pod, node)
	switch {
	case !placement.NodeSelector || !placement.Affinity:
		return false, fmt.Sprintf(predicateFailureFormat, "NodeAffinity", scheduler.MessageNodeAffinity)
	case !placement.NodeName:
		return false, fmt.Sprintf(predicateFailureFormat, "NodeName", scheduler.MessageNodeName)
	}
	if !isStaticPod(pod) && core.FindMatchingUntoleratedTaint(node.Taints, pod.Tolerations, tainteviction.IsNoExecute, comparisonOperators) >= 0 {
		return false, fmt.Sprintf(predicateFailureFormat, "TaintToleration", errReasonTaintsNotMatch)
	}
	return true, ""
}

// evictionManagerRejects is the eviction manager's Admit; it returns the
// rejection message.
func evictionManagerRejects(pod *core.Pod, node *core.Node, comparisonOperators bool) (string, bool) {
	conditions := nodePressureConditions(node)
	if len(conditions) == 0 || isCriticalPod(pod) {
		return "", false
	}
	if len(conditions) == 1 && conditions[0] == core.NodeMemoryPressure {
		if core.QOSClass(pod) != core.QOSBestEffort {
			return "", false
		}
		memoryPressure := core.Taint{Key: core.TaintNodeMemoryPressure, Effect: core.TaintEffectNoSchedule}
		if core.TolerationsTolerateTaint(pod.Tolerations, &memoryPressure, comparisonOperators) {
			return "", false
		}
	}
	return fmt.Sprintf(nodeConditionMessageFormat, conditions), true
}

// nodePressureConditions lists, once each and in status order, the pressure
// conditions that are True on the node.
func nodePressureConditions(node *core.Node) []string {
	var out []string
	for _, c := range node.Conditions {
		if c.Status == core.ConditionTrue && slices.Contains(pressureConditions, c.Type) && !slices.Contains(out, c.Type) {
			out = append(out, c.Type)
		}
	}
	return out
}

// isStaticPod reports whether the pod came from a kubelet manifest rather than
// the API server: its config source annotation is set and is not "api".
func isStaticPod(pod *core.Pod) bool {
	source, ok := pod.Annotations[configSourceAnnotation]
	return ok && source != apiserverSource
}

// isCriticalPod is the kubelet's IsCriticalPod: static, mirror, or with a
// priority of at least system-critical.
func isCriticalPod(pod *core.Pod) bool {
	_, mirror := pod.Annotations[configMirrorAnnotation]
	return isStaticPod(pod) || mirror || (pod.Priority != nil && *pod.Priority >= systemCriticalPriority)
}

// KubeletVerdict is the kubelet's admission of a pod bound to its node
// (KubeletAdmit).
type KubeletVerdict struct {
	Admit bool `json:"admit"`
	// Reason is the kubelet's rejection message, such as "Predicate
	// TaintToleration failed: node(s) had taints that the pod didn't
	// tolerate"; empty when it admits.
	Reason string `json:"reason,omitempty"`
}
