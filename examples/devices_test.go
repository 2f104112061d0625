package examples

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// checkDevices compares every pod's device verdict in the report with the
// file's, and the dry run of each rule of effect None.
func checkDevices(t *testing.T, ws *engine.Workspace, report *engine.Report, expect *Expect) {
	t.Helper()
	var got []DeviceExpectation
	for _, pd := range report.Devices {
		d := DeviceExpectation{Pod: pd.Name, Verdict: pd.Verdict}
		if ev := pd.Eviction; ev != nil && ev.Kind != tainteviction.EvictNone {
			d.Eviction = &EvictionExpectation{Kind: ev.Kind, Seconds: ev.Seconds}
			if ev.Device != nil {
				d.Device = ev.Device.Device
			}
		}
		got = append(got, d)
	}
	if diff := cmp.Diff(expect.Devices, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("device verdicts (-want +got):\n%s", diff)
	}
	dryRun := map[string][]string{}
	for _, rule := range ws.DeviceTaintRules {
		if rule.Taint.Effect != core.DeviceTaintEffectNone {
			continue
		}
		radius := engine.DeviceRuleWhatIf(ws.DeviceInput(time.Time{}), rule)
		pods := []string{}
		for _, p := range radius.DryRun {
			pods = append(pods, p.Name)
		}
		dryRun[rule.Name] = pods
	}
	if diff := cmp.Diff(expect.DryRun, dryRun, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("dry runs (-want +got):\n%s", diff)
	}
}
