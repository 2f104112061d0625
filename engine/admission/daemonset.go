package admission

import (
	"slices"

	"github.com/taint-playground/taint-playground/engine/core"
)

// daemonPodToleration is one toleration the DaemonSet controller adds.
type daemonPodToleration struct {
	key    string
	effect core.TaintEffect
	why    string
}

// daemonPodTolerations are the DaemonSet controller's tolerations in the order
// it adds them (pkg/controller/daemon/util AddOrUpdateDaemonPodTolerations).
var daemonPodTolerations = []daemonPodToleration{
	{core.TaintNodeNotReady, core.TaintEffectNoExecute, "The DaemonSet controller adds this so that daemon pods are never evicted from a node that is not ready."},
	{core.TaintNodeUnreachable, core.TaintEffectNoExecute, "The DaemonSet controller adds this so that daemon pods are never evicted from a node that is unreachable."},
	{core.TaintNodeDiskPressure, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under disk pressure."},
	{core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under memory pressure."},
	{core.TaintNodePIDPressure, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under PID pressure."},
	{core.TaintNodeUnschedulable, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on cordoned (unschedulable) nodes."},
}

// hostNetworkDaemonPodToleration is added only for pods with spec.hostNetwork.
var hostNetworkDaemonPodToleration = daemonPodToleration{
	core.TaintNodeNetworkUnavailable, core.TaintEffectNoSchedule,
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
func addDaemonPodTolerations(pod *core.Pod) {
	tolerations := daemonPodTolerations
	if pod.HostNetwork {
		tolerations = slices.Concat(tolerations, []daemonPodToleration{hostNetworkDaemonPodToleration})
	}
	for _, t := range tolerations {
		addOrUpdateExistsToleration(pod, t.key, t.effect, AddedByDaemonSetController, t.why)
	}
}
