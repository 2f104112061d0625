package engine_test

import (
	"strings"
	"testing"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestTaintWithoutTimeAddedIsAddedNow checks that a device taint pasted
// without timeAdded counts its tolerationSeconds from the time the verdicts
// are for, as if the apiserver had just stored it, on a slice and on a
// DeviceTaintRule: the runner tolerates gpu-0's NoExecute taint for an hour,
// and with no timeAdded the hour is whole. The workspace's own taints stay
// as pasted.
func TestTaintWithoutTimeAddedIsAddedNow(t *testing.T) {
	gpu0 := `{key: gpu.example.com/unhealthy, effect: NoExecute, timeAdded: "2026-01-01T00:00:00Z"}`
	onSlice := strings.Replace(wiredInventory, gpu0, `{key: gpu.example.com/unhealthy, effect: NoExecute}`, 1)
	byRule := strings.Replace(wiredInventory, "    taints:\n    - "+gpu0+"\n", "", 1) + `---
apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata: {name: drain-gpu-0}
spec:
  deviceSelector: {driver: gpu.example.com, pool: node-1, device: gpu-0}
  taint: {key: gpu.example.com/unhealthy, effect: NoExecute}
`
	if onSlice == wiredInventory || !strings.Contains(byRule, "drain-gpu-0") || strings.Contains(byRule, gpu0) {
		t.Fatal("the fixture changed: gpu-0's taint is not where the test expects it")
	}
	now := time.Date(2026, 1, 1, 0, 10, 0, 0, time.UTC) // gpu-1's timeAdded, the clock
	for name, inventory := range map[string]string{"slice": onSlice, "rule": byRule} {
		t.Run(name, func(t *testing.T) {
			w := engine.Load(inventory, wiredPods, core.DefaultOptions())
			v := w.Verdicts()
			ev := v.Pods[0].Devices.Eviction
			if v.Pods[0].Verdict != engine.VerdictEvictedLater || ev == nil || ev.Seconds != 3600 {
				t.Fatalf("runner: %s, eviction %+v; want evicted later, after the whole 3600 s", v.Pods[0].Verdict, ev)
			}
			if want := now.Add(time.Hour); ev.At == nil || !ev.At.Equal(want) {
				t.Errorf("eviction at %v, want %v: an hour after the clock", ev.At, want)
			}
			for _, taint := range pastedTaints(w) {
				if taint.Key == "gpu.example.com/unhealthy" && taint.Effect == core.DeviceTaintEffectNoExecute && taint.TimeAdded != nil {
					t.Errorf("the workspace's taint got timeAdded %v; the default belongs to the verdicts' input only", taint.TimeAdded)
				}
			}
		})
	}
}

// pastedTaints are the workspace's device taints, slices' and rules'.
func pastedTaints(w *engine.Workspace) []core.DeviceTaint {
	var taints []core.DeviceTaint
	for _, s := range w.Slices {
		for _, d := range s.Devices {
			taints = append(taints, d.Taints...)
		}
	}
	for _, r := range w.DeviceTaintRules {
		taints = append(taints, r.Taint)
	}
	return taints
}
