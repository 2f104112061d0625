package engine

import (
	"strconv"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// checkDeviceEviction compares the device taint eviction controller's
// verdict on running pod p (its claims' allocated devices) with the wanted
// kind and seconds of a GoalDeviceEviction. EvictNone is a pod no device
// taint affects, as for node taints.
func (w *Workspace) checkDeviceEviction(g *Goal, p int) GoalResult {
	pod := &w.Pods[p]
	if pod.NodeName == "" || pod.Claims == nil {
		return goalResult(false, message.New(msgDeviceNotRunning, "pod", pod.Name))
	}
	var ev *DeviceEviction
	for _, pd := range DeviceVerdicts(w.DeviceInput(w.Now)) {
		if pd.Name == pod.Name && pd.Namespace == namespaceOrDefault(pod.Namespace) {
			ev = pd.Eviction
		}
	}
	if ev == nil {
		return goalResult(false, message.New(msgDeviceNoVerdict, "pod", pod.Name))
	}
	met := ev.Kind == g.Eviction
	if met && ev.Kind == tainteviction.EvictAfter {
		met = (g.MinSeconds == nil || ev.Seconds >= *g.MinSeconds) && (g.MaxSeconds == nil || ev.Seconds <= *g.MaxSeconds)
	}
	said := message.New(msgDeviceNone, "pod", pod.Name)
	switch ev.Kind {
	case tainteviction.EvictNever:
		said = message.New(msgDeviceNever, "pod", pod.Name)
	case tainteviction.EvictNow:
		said = message.New(msgDeviceNow, "pod", pod.Name, "taint", ev.Taint.Taint.String(), "device", ev.Device.String())
	case tainteviction.EvictAfter:
		said = message.New(msgDeviceAfter, "pod", pod.Name, "taint", ev.Taint.Taint.String(), "device", ev.Device.String(), "seconds", strconv.FormatInt(ev.Seconds, 10))
	}
	return g.evictionResult(met, said)
}
