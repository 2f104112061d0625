package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/golden"
)

// TestSimulateDevicesGolden runs simulate on every example with devices
// and a clock, and compares with testdata/simulate; go test ./internal/cli
// -update re-records. A device eviction must name its device.
func TestSimulateDevicesGolden(t *testing.T) {
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		if s.Until == 0 || !strings.Contains(s.Nodes, "kind: ResourceSlice") {
			return
		}
		until := strconv.FormatFloat(s.Until, 'f', -1, 64)
		got := run(t, "", false, append([]string{"simulate", "-f", "nodes.yaml", "-f", "pods.yaml", "--until", until}, optionFlags(s.Settings)...)...)
		golden.Check(t, filepath.Join(testdataDir, "simulate", s.Slug+".table"),
			[]byte(got.stdout+"\n--- stderr, status "+strconv.Itoa(got.status)+"\n"+got.stderr))
		if !strings.Contains(got.stdout, "evicted: device ") {
			t.Errorf("no device eviction named on the timeline:\n%s", got.stdout)
		}
	})
}

// TestExplainDevicesGolden explains every pod of the device examples on
// the first node, and compares with testdata/explain; go test
// ./internal/cli -update re-records. A pod that uses a claim gets its
// device verdict, and a status of 1 when its devices keep it Pending or
// evict it.
func TestExplainDevicesGolden(t *testing.T) {
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		if !strings.Contains(s.Pods, "resourceClaims:") {
			return
		}
		ws := engine.Load(s.Nodes, s.Pods, s.Settings)
		for p := range ws.Pods {
			pod := podName(&ws.Pods[p])
			got := run(t, "", false, append([]string{"explain", "-f", "nodes.yaml", "-f", "pods.yaml", pod, ws.Nodes[0].Name}, optionFlags(s.Settings)...)...)
			golden.Check(t, filepath.Join(testdataDir, "explain", s.Slug+"."+strings.ReplaceAll(pod, "/", "_")+".table"),
				[]byte(got.stdout+"\n--- stderr, status "+strconv.Itoa(got.status)+"\n"+got.stderr))
			devices := ws.Pods[p].Claims != nil
			if devices != strings.Contains(got.stdout, "  devices: ") {
				t.Errorf("%s uses claims: %v, but its explanation's devices are: %q", pod, devices, got.stdout)
			}
		}
	})
}
