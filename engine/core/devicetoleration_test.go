package core_test

import (
	"testing"

	"k8s.io/dynamic-resource-allocation/resourceclaim"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
)

// The cases of TestTolerationToleratesTaint in
// k8s.io/dynamic-resource-allocation v0.37.2 resourceclaim/devicetoleration_test.go
// (Apache-2.0), names verbatim.
func TestDeviceTolerationToleratesTaint(t *testing.T) {
	testCases := []struct {
		name       string
		toleration core.DeviceToleration
		taint      core.DeviceTaint
		want       bool
	}{
		{
			name:       "toleration and taint have the same key and effect, and operator is Exists, and taint has no value, expect tolerated",
			toleration: core.DeviceToleration{Key: "foo", Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoSchedule},
			taint:      core.DeviceTaint{Key: "foo", Effect: core.DeviceTaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key and effect, and operator is Exists, and taint has some value, expect tolerated",
			toleration: core.DeviceToleration{Key: "foo", Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoSchedule},
			taint:      core.DeviceTaint{Key: "foo", Value: "bar", Effect: core.DeviceTaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same effect, toleration has empty key and operator is Exists, means match all taints, expect tolerated",
			toleration: core.DeviceToleration{Key: "", Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoSchedule},
			taint:      core.DeviceTaint{Key: "foo", Value: "bar", Effect: core.DeviceTaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key, effect and value, and operator is Equal, expect tolerated",
			toleration: core.DeviceToleration{Key: "foo", Operator: core.DeviceTolerationOpEqual, Value: "bar", Effect: core.DeviceTaintEffectNoSchedule},
			taint:      core.DeviceTaint{Key: "foo", Value: "bar", Effect: core.DeviceTaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key and effect, but different values, and operator is Equal, expect not tolerated",
			toleration: core.DeviceToleration{Key: "foo", Operator: core.DeviceTolerationOpEqual, Value: "value1", Effect: core.DeviceTaintEffectNoSchedule},
			taint:      core.DeviceTaint{Key: "foo", Value: "value2", Effect: core.DeviceTaintEffectNoSchedule},
			want:       false,
		},
		{
			name:       "toleration and taint have the same key and value, but different effects, and operator is Equal, expect not tolerated",
			toleration: core.DeviceToleration{Key: "foo", Operator: core.DeviceTolerationOpEqual, Value: "bar", Effect: core.DeviceTaintEffectNoSchedule},
			taint:      core.DeviceTaint{Key: "foo", Value: "bar", Effect: core.DeviceTaintEffectNoExecute},
			want:       false,
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.toleration.ToleratesTaint(&tc.taint); got != tc.want {
				t.Errorf("ToleratesTaint(%+v, %+v) = %v, want %v", tc.toleration, tc.taint, got, tc.want)
			}
		})
	}
}

// TestDeviceToleratesTaintAgreesWithUpstream compares every toleration and
// taint of the oracle grids (4×6×4×6 tolerations × 4×4×6 taints) with
// upstream resourceclaim.ToleratesTaint.
func TestDeviceToleratesTaintAgreesWithUpstream(t *testing.T) {
	var taints []core.DeviceTaint
	for _, k := range upstream.DeviceOracleKeys {
		for _, v := range upstream.DeviceOracleValues {
			for _, e := range upstream.DeviceOracleEffects {
				taints = append(taints, core.DeviceTaint{Key: k, Value: v, Effect: e})
			}
		}
	}
	checked := 0
	for _, k := range upstream.DeviceOracleKeys {
		for _, op := range upstream.DeviceOracleOperators {
			for _, v := range upstream.DeviceOracleValues {
				for _, e := range upstream.DeviceOracleEffects {
					tol := core.DeviceToleration{Key: k, Operator: op, Value: v, Effect: e}
					for i := range taints {
						checkDeviceMatch(t, &tol, &taints[i])
						checked++
					}
				}
			}
		}
	}
	t.Logf("%d pairs agree", checked)
}

func checkDeviceMatch(t *testing.T, tol *core.DeviceToleration, taint *core.DeviceTaint) {
	t.Helper()
	want := resourceclaim.ToleratesTaint(upstream.ToV1DeviceToleration(tol), upstream.ToV1DeviceTaint(taint))
	if got := tol.ToleratesTaint(taint); got != want {
		t.Errorf("ToleratesTaint(%+v, %+v) = %v, upstream says %v", *tol, *taint, got, want)
	}
}

// FuzzDeviceToleratesTaint holds ToleratesTaint to upstream's on any strings.
func FuzzDeviceToleratesTaint(f *testing.F) {
	f.Add("k", "Exists", "", "NoExecute", "k", "v", "NoExecute")
	f.Add("", "Equal", "", "", "k", "", "None")
	f.Add("k", "", "v", "NoSchedule", "k", "v", "NoSchedule")
	f.Fuzz(func(t *testing.T, tk, top, tv, te, k, v, e string) {
		tol := core.DeviceToleration{Key: tk, Operator: core.DeviceTolerationOperator(top), Value: tv, Effect: core.DeviceTaintEffect(te)}
		taint := core.DeviceTaint{Key: k, Value: v, Effect: core.DeviceTaintEffect(e)}
		checkDeviceMatch(t, &tol, &taint)
	})
}

func ptr[T any](v T) *T { return &v }

// TestDeviceTaintRuleMatchesDevice covers ruleMatchesDevice's three rules.
func TestDeviceTaintRuleMatchesDevice(t *testing.T) {
	testCases := []struct {
		name     string
		selector *core.DeviceTaintSelector
		want     bool
	}{
		{name: "no selector matches nothing", selector: nil, want: false},
		{name: "empty selector matches all", selector: &core.DeviceTaintSelector{}, want: true},
		{name: "driver equal matches", selector: &core.DeviceTaintSelector{Driver: ptr("gpu.example.com")}, want: true},
		{name: "driver differs, no match", selector: &core.DeviceTaintSelector{Driver: ptr("other.example.com")}, want: false},
		{name: "all three equal match", selector: &core.DeviceTaintSelector{Driver: ptr("gpu.example.com"), Pool: ptr("node-1"), Device: ptr("gpu-0")}, want: true},
		{name: "pool differs, no match", selector: &core.DeviceTaintSelector{Driver: ptr("gpu.example.com"), Pool: ptr("node-2")}, want: false},
		{name: "device differs, no match", selector: &core.DeviceTaintSelector{Device: ptr("gpu-1")}, want: false},
		{name: "empty string is a value, not unset", selector: &core.DeviceTaintSelector{Pool: ptr("")}, want: false},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			rule := core.DeviceTaintRule{Name: "r", Selector: tc.selector}
			if got := rule.MatchesDevice("gpu.example.com", "node-1", "gpu-0"); got != tc.want {
				t.Errorf("MatchesDevice = %v, want %v", got, tc.want)
			}
		})
	}
}
