package api

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/taint-playground/taint-playground/examples"
)

// TestEvaluateSaysTheDeviceClock: a device example's evaluate answer names
// the time its device verdicts are for, the engine's DeviceClock (the
// countdown's t = 0 for device evictions); a node-only one has no such
// member, its answer as it was.
func TestEvaluateSaysTheDeviceClock(t *testing.T) {
	for _, name := range []string{"device-toleration-seconds", "device-health-taint", "docs-three-taints"} {
		t.Run(name, func(t *testing.T) {
			s, w := evaluatedExample(t, name)
			scenario, err := examples.Find(name)
			if err != nil {
				t.Fatal(err)
			}
			value, callErr := call(t, s.export("evaluate"), evaluateArg(t, scenario.Nodes, scenario.Pods, nil))
			if callErr != nil {
				t.Fatal(callErr)
			}
			var answer struct {
				DeviceClock *time.Time      `json:"deviceClock"`
				Devices     json.RawMessage `json:"devices"`
			}
			if err := json.Unmarshal(value, &answer); err != nil {
				t.Fatal(err)
			}
			switch {
			case !w.HasDevices() && answer.DeviceClock != nil:
				t.Errorf("a node-only answer has deviceClock %s", answer.DeviceClock)
			case w.HasDevices() && (answer.DeviceClock == nil || !answer.DeviceClock.Equal(w.DeviceClock())):
				t.Errorf("deviceClock = %v; want the engine's %s", answer.DeviceClock, w.DeviceClock().Format(time.RFC3339))
			case w.HasDevices() && len(answer.Devices) == 0:
				t.Error("a device answer has no device verdicts")
			}
		})
	}
}
