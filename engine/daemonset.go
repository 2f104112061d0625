package engine

import "slices"

// daemonPodToleration is one toleration the DaemonSet controller adds.
type daemonPodToleration struct {
	key    string
	effect TaintEffect
	why    string
}

// daemonPodTolerations are the DaemonSet controller's tolerations in the order
// it adds them (pkg/controller/daemon/util AddOrUpdateDaemonPodTolerations).
var daemonPodTolerations = []daemonPodToleration{
	{TaintNodeNotReady, TaintEffectNoExecute, "The DaemonSet controller adds this so that daemon pods are never evicted from a node that is not ready."},
	{TaintNodeUnreachable, TaintEffectNoExecute, "The DaemonSet controller adds this so that daemon pods are never evicted from a node that is unreachable."},
	{TaintNodeDiskPressure, TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under disk pressure."},
	{TaintNodeMemoryPressure, TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under memory pressure."},
	{TaintNodePIDPressure, TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under PID pressure."},
	{TaintNodeUnschedulable, TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on cordoned (unschedulable) nodes."},
}

// hostNetworkDaemonPodToleration is added only for pods with spec.hostNetwork.
var hostNetworkDaemonPodToleration = daemonPodToleration{
	TaintNodeNetworkUnavailable, TaintEffectNoSchedule,
	"The DaemonSet controller adds this because the pod uses hostNetwork, which works while the node's pod network is unavailable.",
}

// addDaemonPodTolerations is the DaemonSet controller's
// AddOrUpdateDaemonPodTolerations, applied to every daemon pod:
//
//  1. not-ready and unreachable, Exists, NoExecute, forever;
//  2. disk-pressure, memory-pressure, pid-pressure and unschedulable, Exists,
//     NoSchedule;
//  3. network-unavailable, Exists, NoSchedule, only with spec.hostNetwork.
//
// Each goes through AddOrUpdateTolerationInPodSpec, so a written toleration
// with the same key, operator (Exists), value ("") and effect is replaced in
// place and loses its tolerationSeconds.
func addDaemonPodTolerations(pod *Pod) {
	tolerations := daemonPodTolerations
	if pod.HostNetwork {
		tolerations = slices.Concat(tolerations, []daemonPodToleration{hostNetworkDaemonPodToleration})
	}
	for _, t := range tolerations {
		addOrUpdateExistsToleration(pod, t.key, t.effect, AddedByDaemonSetController, t.why)
	}
}
