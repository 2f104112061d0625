package engine

import (
	"fmt"

	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// checkDeviceEviction compares the device taint eviction controller's
// verdict on running pod p (its claims' allocated devices) with the wanted
// kind and seconds of a GoalDeviceEviction. EvictNone is a pod no device
// taint affects, as for node taints.
func (w *Workspace) checkDeviceEviction(g *Goal, p int) GoalResult {
	pod := &w.Pods[p]
	if pod.NodeName == "" || pod.Claims == nil {
		return GoalResult{Why: fmt.Sprintf("Pod %s must run (spec.nodeName) and use a ResourceClaim: the goal is about its devices.", pod.Name)}
	}
	var ev *DeviceEviction
	for _, pd := range DeviceVerdicts(w.DeviceInput(w.Now)) {
		if pd.Name == pod.Name && pd.Namespace == namespaceOrDefault(pod.Namespace) {
			ev = pd.Eviction
		}
	}
	if ev == nil {
		return GoalResult{Why: fmt.Sprintf("Pod %s has no device verdict: none of its claims counts for it.", pod.Name)}
	}
	met := ev.Kind == g.Eviction
	if met && ev.Kind == tainteviction.EvictAfter {
		met = (g.MinSeconds == nil || ev.Seconds >= *g.MinSeconds) && (g.MaxSeconds == nil || ev.Seconds <= *g.MaxSeconds)
	}
	why := fmt.Sprintf("Pod %s: the device taint eviction controller leaves it alone.", pod.Name)
	switch ev.Kind {
	case tainteviction.EvictNever:
		why = fmt.Sprintf("Pod %s: every NoExecute device taint is tolerated forever.", pod.Name)
	case tainteviction.EvictNow:
		why = fmt.Sprintf("Pod %s: the taint %s on device %s evicts it at once.", pod.Name, ev.Taint.Taint.String(), ev.Device.String())
	case tainteviction.EvictAfter:
		why = fmt.Sprintf("Pod %s: the taint %s on device %s evicts it after %d s.", pod.Name, ev.Taint.Taint.String(), ev.Device.String(), ev.Seconds)
	}
	if !met {
		why += " The goal wants " + g.wantedEviction() + "."
	}
	return GoalResult{Met: met, Why: why}
}
