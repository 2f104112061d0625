package admission

import (
	"slices"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// daemonPodToleration is one toleration the DaemonSet controller adds.
type daemonPodToleration struct {
	key    string
	effect core.TaintEffect
	why    message.ID
}

// daemonPodTolerations are the DaemonSet controller's tolerations in the order
// it adds them (pkg/controller/daemon/util AddOrUpdateDaemonPodTolerations).
var daemonPodTolerations = []daemonPodToleration{
	{core.TaintNodeNotReady, core.TaintEffectNoExecute, msgDaemonNotReady},
	{core.TaintNodeUnreachable, core.TaintEffectNoExecute, msgDaemonUnreachable},
	{core.TaintNodeDiskPressure, core.TaintEffectNoSchedule, msgDaemonDiskPressure},
	{core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule, msgDaemonMemoryPressure},
	{core.TaintNodePIDPressure, core.TaintEffectNoSchedule, msgDaemonPIDPressure},
	{core.TaintNodeUnschedulable, core.TaintEffectNoSchedule, msgDaemonUnschedulable},
}

// hostNetworkDaemonPodToleration is added only for pods with spec.hostNetwork.
var hostNetworkDaemonPodToleration = daemonPodToleration{
	core.TaintNodeNetworkUnavailable, core.TaintEffectNoSchedule, msgDaemonHostNetwork,
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
		addOrUpdateExistsToleration(pod, t.key, t.effect, AddedByDaemonSetController, message.New(t.why))
	}
}
