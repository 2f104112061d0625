package structured_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/structured"
)

// The fixtures of TestListPatchedResourceSlices in
// k8s.io/dynamic-resource-allocation v0.37.2 resourceslice/tracker/tracker_test.go.
var (
	trackerNow   = time.Date(2006, 1, 2, 15, 4, 5, 0, time.UTC)
	deviceTaint1 = core.DeviceTaint{Key: "example.com/taint", Value: "tainted", Effect: core.DeviceTaintEffectNoExecute, TimeAdded: &trackerNow}
	deviceTaint2 = core.DeviceTaint{Key: "example.com/taint2", Value: "tainted2", Effect: core.DeviceTaintEffectNoExecute, TimeAdded: &trackerNow}
)

func slice(name, driver, pool string, devices ...core.Device) core.ResourceSlice {
	return core.ResourceSlice{Name: name, Driver: driver, Pool: pool, Devices: devices}
}

func rule(selector *core.DeviceTaintSelector) core.DeviceTaintRule {
	return core.DeviceTaintRule{Name: "rule", Selector: selector, Taint: deviceTaint1}
}

func str(s string) *string { return &s }

// patched renders what PatchedTaints gives for every device of every slice
// as "slice/device: origin key" lines.
func patched(slices []core.ResourceSlice, rules []core.DeviceTaintRule) []string {
	var out []string
	for i := range slices {
		for j := range slices[i].Devices {
			for _, tt := range structured.PatchedTaints(&slices[i], &slices[i].Devices[j], rules) {
				out = append(out, slices[i].Name+"/"+slices[i].Devices[j].Name+": "+tt.String()+" "+tt.Taint.Key)
			}
		}
	}
	return out
}

// The final states of TestListPatchedResourceSlices (tracker_test.go,
// v0.37.2, Apache-2.0), names verbatim: the tracker is event-driven, the
// port checks the patched slices once all events are seen.
func TestPatchedTaintsTrackerCases(t *testing.T) {
	slice1 := slice("s1", "driver1.example.com", "pool-1", core.Device{Name: "device-1"})
	slice2 := slice("s2", "driver2.example.com", "pool-2", core.Device{Name: "device-2"})
	three := []core.Device{{Name: "device-0"}, {Name: "device-1"}, {Name: "device-2"}}
	testCases := []struct {
		name   string
		slices []core.ResourceSlice
		rules  []core.DeviceTaintRule
		want   []string
	}{
		{name: "add-slices-no-patches", slices: []core.ResourceSlice{slice1, slice2}},
		{name: "patch-all-slices", slices: []core.ResourceSlice{slice1}, rules: []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{})},
			want: []string{"s1/device-1: DeviceTaintRule rule example.com/taint"}},
		{name: "update-patch", slices: []core.ResourceSlice{slice1, slice2}, rules: []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{Pool: str("pool-2")})},
			want: []string{"s2/device-2: DeviceTaintRule rule example.com/taint"}},
		{name: "remove-patch-known-deleted-rule", slices: []core.ResourceSlice{slice1, slice2}},
		{name: "merge-taints",
			slices: []core.ResourceSlice{slice("s1", "driver1.example.com", "pool-1", core.Device{Name: "device-1", Taints: []core.DeviceTaint{deviceTaint2}})},
			rules:  []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{})},
			want:   []string{"s1/device-1: ResourceSlice s1 taint #0 example.com/taint2", "s1/device-1: DeviceTaintRule rule example.com/taint"}},
		{name: "add-taint-for-driver", slices: []core.ResourceSlice{slice1, slice2}, rules: []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{Driver: str("driver1.example.com")})},
			want: []string{"s1/device-1: DeviceTaintRule rule example.com/taint"}},
		{name: "add-taint-for-pool", slices: []core.ResourceSlice{slice1, slice2}, rules: []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{Pool: str("pool-1")})},
			want: []string{"s1/device-1: DeviceTaintRule rule example.com/taint"}},
		{name: "add-taint-for-device", slices: []core.ResourceSlice{slice1, slice2}, rules: []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{Device: str("device-1")})},
			want: []string{"s1/device-1: DeviceTaintRule rule example.com/taint"}},
		{name: "filter-all-criteria", slices: []core.ResourceSlice{slice1, slice2},
			rules: []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{Driver: str("driver1.example.com"), Pool: str("pool-1"), Device: str("device-1")})},
			want:  []string{"s1/device-1: DeviceTaintRule rule example.com/taint"}},
		{name: "update-patched-slice",
			slices: []core.ResourceSlice{slice("s1", "driver1.example.com", "pool-1", three...), slice("s2", "driver2.example.com", "pool-2", core.Device{Name: "device-1"})},
			rules:  []core.DeviceTaintRule{rule(&core.DeviceTaintSelector{Device: str("device-1")})},
			want:   []string{"s1/device-1: DeviceTaintRule rule example.com/taint", "s2/device-1: DeviceTaintRule rule example.com/taint"}},
		{name: "nil-selector-matches-none", slices: []core.ResourceSlice{slice1, slice2}, rules: []core.DeviceTaintRule{{Name: "rule-no-selector", Taint: deviceTaint1}}},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, patched(tc.slices, tc.rules)); diff != "" {
				t.Errorf("patched taints (-want +got):\n%s", diff)
			}
		})
	}
}
