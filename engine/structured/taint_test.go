package structured_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	resourceapi "k8s.io/api/resource/v1"
	"k8s.io/dynamic-resource-allocation/resourceclaim"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
	"github.com/taint-playground/taint-playground/engine/structured"
)

// The taint fixtures of TestAllocator in k8s.io/dynamic-resource-allocation
// v0.37.2 structured/internal/allocatortesting/allocator_testing.go.
var (
	taintNone                = core.DeviceTaint{Key: "taint-key", Value: "taint-value", Effect: core.DeviceTaintEffectNone}
	taintNoSchedule          = core.DeviceTaint{Key: "taint-key", Value: "taint-value", Effect: core.DeviceTaintEffectNoSchedule}
	taintNoExecute           = core.DeviceTaint{Key: "taint-key", Value: "taint-value-2", Effect: core.DeviceTaintEffectNoExecute}
	tolerationNoSchedule     = core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Key: "taint-key", Effect: core.DeviceTaintEffectNoSchedule}
	tolerationNoExecute      = core.DeviceToleration{Operator: core.DeviceTolerationOpEqual, Key: "taint-key", Value: "taint-value-2", Effect: core.DeviceTaintEffectNoExecute}
	tolerationNoScheduleKey1 = core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Key: "key1", Effect: core.DeviceTaintEffectNoSchedule}
)

func onSlice(taints ...core.DeviceTaint) []core.TrackedDeviceTaint {
	var out []core.TrackedDeviceTaint
	for i := range taints {
		out = append(out, core.TrackedDeviceTaint{Taint: &taints[i], Slice: "slice-1", TaintIndex: i})
	}
	return out
}

// The device taint cases of TestAllocator (allocator_testing.go, v0.37.2,
// Apache-2.0), names verbatim, reduced to the taint check of each candidate
// device: taintPreventsAllocation is unexported, so the allocator's own
// cases are ported instead of compared. want lists, per device, whether it
// may be allocated; upstream's expected result is the first such device
// (none: the claim cannot be allocated). The "-disabled" cases (the
// DRADeviceTaints gate off, GA in v1.37) are not ported.
func TestTaintPreventsAllocationAllocatorCases(t *testing.T) {
	testCases := []struct {
		name        string
		devices     [][]core.DeviceTaint
		tolerations []core.DeviceToleration
		want        []bool
	}{
		{name: "tainted-two-devices", devices: [][]core.DeviceTaint{{taintNoSchedule}, {taintNoExecute}}, want: []bool{false, false}},
		{name: "tainted-one-device-two-taints", devices: [][]core.DeviceTaint{{taintNoSchedule, taintNoExecute}}, want: []bool{false}},
		{name: "tainted-two-devices-tolerated", devices: [][]core.DeviceTaint{{taintNoSchedule}, {taintNoExecute}},
			tolerations: []core.DeviceToleration{tolerationNoExecute}, want: []bool{false, true}},
		// subReq1's tolerations; subReq0's class has no devices.
		{name: "tainted-two-devices-prioritized-list-tolerated", devices: [][]core.DeviceTaint{{taintNoSchedule}, {taintNoExecute}},
			tolerations: []core.DeviceToleration{tolerationNoExecute}, want: []bool{false, true}},
		{name: "tainted-no-effect", devices: [][]core.DeviceTaint{{taintNone}}, want: []bool{true}},
		{name: "tainted-one-device-two-taints-both-tolerated", devices: [][]core.DeviceTaint{{taintNoSchedule, taintNoExecute}},
			tolerations: []core.DeviceToleration{tolerationNoSchedule, tolerationNoExecute}, want: []bool{true}},
		{name: "tainted-prioritized-list", devices: [][]core.DeviceTaint{{taintNoSchedule}}, want: []bool{false}},
		// Admin access does not bypass taints.
		{name: "tainted-admin-access", devices: [][]core.DeviceTaint{{taintNoSchedule}}, want: []bool{false}},
		// allocationMode All fails when one device is refused.
		{name: "tainted-all-devices-single", devices: [][]core.DeviceTaint{{taintNoSchedule}}, want: []bool{false}},
		// Two devices are requested and only one is untainted.
		{name: "partitionable-devices-with-binding-conditions-and-taints",
			devices: [][]core.DeviceTaint{{{Key: "key1", Value: "value1", Effect: core.DeviceTaintEffectNoSchedule}}, nil}, want: []bool{false, true}},
		{name: "partitionable-devices-with-binding-conditions-and-taints-tolerated",
			devices:     [][]core.DeviceTaint{{{Key: "key1", Value: "value1", Effect: core.DeviceTaintEffectNoSchedule}}, nil},
			tolerations: []core.DeviceToleration{tolerationNoScheduleKey1}, want: []bool{true, true}},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			var got []bool
			for _, taints := range tc.devices {
				got = append(got, !structured.TaintPreventsAllocation(onSlice(taints...), tc.tolerations))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("allocatable (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckTaintsReason checks the reason CheckTaints gives beside the verdict.
func TestCheckTaintsReason(t *testing.T) {
	taints := onSlice(taintNone, taintNoExecute, taintNoSchedule, core.DeviceTaint{Key: "other", Effect: core.DeviceTaintEffectNoSchedule})
	got := structured.CheckTaints(taints, []core.DeviceToleration{tolerationNoScheduleKey1, {Operator: core.DeviceTolerationOpExists, Key: "taint-key"}})
	if got.Untolerated != 3 {
		t.Errorf("Untolerated = %d, want 3 (the first NoSchedule/NoExecute taint no toleration tolerates)", got.Untolerated)
	}
	if diff := cmp.Diff([]int{-1, 1, 1, -1}, got.ToleratedBy); diff != "" {
		t.Errorf("ToleratedBy (-want +got):\n%s", diff)
	}
}

// upstreamTaintPreventsAllocation restates upstream's unexported
// taintPreventsAllocation and taintTolerated (allocator_stable.go, v0.37.2)
// over upstream's own types and its exported resourceclaim.ToleratesTaint,
// so that the differential test below holds the port to upstream's matching.
func upstreamTaintPreventsAllocation(taints []resourceapi.DeviceTaint, tolerations []resourceapi.DeviceToleration) bool {
	for _, taint := range taints {
		switch taint.Effect {
		case resourceapi.DeviceTaintEffectNoExecute, resourceapi.DeviceTaintEffectNoSchedule:
			tolerated := false
			for _, toleration := range tolerations {
				if resourceclaim.ToleratesTaint(toleration, taint) {
					tolerated = true
					break
				}
			}
			if !tolerated {
				return true
			}
		}
	}
	return false
}

// TestTaintPreventsAllocationAgreesWithUpstream compares the verdict on
// 20,000 generated devices (0–3 taints) and requests (0–3 tolerations),
// drawn from the oracle grids, with the restatement over upstream's matching.
func TestTaintPreventsAllocationAgreesWithUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(n int) int { return r.IntN(n) }
	for range 20000 {
		var taints []core.DeviceTaint
		var v1Taints []resourceapi.DeviceTaint
		for range pick(4) {
			taint := core.DeviceTaint{Key: upstream.DeviceOracleKeys[pick(len(upstream.DeviceOracleKeys))],
				Value:  upstream.DeviceOracleValues[pick(len(upstream.DeviceOracleValues))],
				Effect: upstream.DeviceOracleEffects[pick(len(upstream.DeviceOracleEffects))]}
			taints = append(taints, taint)
			v1Taints = append(v1Taints, upstream.ToV1DeviceTaint(&taint))
		}
		var tolerations []core.DeviceToleration
		var v1Tolerations []resourceapi.DeviceToleration
		for range pick(4) {
			tol := core.DeviceToleration{Key: upstream.DeviceOracleKeys[pick(len(upstream.DeviceOracleKeys))],
				Operator: upstream.DeviceOracleOperators[pick(len(upstream.DeviceOracleOperators))],
				Value:    upstream.DeviceOracleValues[pick(len(upstream.DeviceOracleValues))],
				Effect:   upstream.DeviceOracleEffects[pick(len(upstream.DeviceOracleEffects))]}
			tolerations = append(tolerations, tol)
			v1Tolerations = append(v1Tolerations, upstream.ToV1DeviceToleration(&tol))
		}
		want := upstreamTaintPreventsAllocation(v1Taints, v1Tolerations)
		if got := structured.TaintPreventsAllocation(onSlice(taints...), tolerations); got != want {
			t.Fatalf("TaintPreventsAllocation(%+v, %+v) = %v, upstream says %v", taints, tolerations, got, want)
		}
	}
}

// TestRequestTolerations checks which tolerations a result's request names.
func TestRequestTolerations(t *testing.T) {
	claim := core.ResourceClaim{Requests: []core.DeviceRequest{
		{Name: "req-0", Tolerations: []core.DeviceToleration{tolerationNoSchedule}},
		{Name: "req-1", FirstAvailable: []core.DeviceSubRequest{{Name: "sub-0"}, {Name: "sub-1", Tolerations: []core.DeviceToleration{tolerationNoExecute}}}},
	}}
	testCases := []struct {
		name    string
		request string
		want    []core.DeviceToleration
		ok      bool
	}{
		{name: "exact request", request: "req-0", want: []core.DeviceToleration{tolerationNoSchedule}, ok: true},
		{name: "sub-request", request: "req-1/sub-1", want: []core.DeviceToleration{tolerationNoExecute}, ok: true},
		{name: "sub-request without tolerations", request: "req-1/sub-0", ok: true},
		{name: "unknown request", request: "req-2"},
		{name: "unknown sub-request", request: "req-1/sub-2"},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := structured.RequestTolerations(&claim, tc.request)
			if ok != tc.ok {
				t.Errorf("ok = %v, want %v", ok, tc.ok)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("tolerations (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzTaintPreventsAllocation holds the check to the restatement of
// upstream's on one or two taints and tolerations of any strings.
func FuzzTaintPreventsAllocation(f *testing.F) {
	f.Add("k", "v", "NoSchedule", "k", "v", "None", "k", "Exists", "", "", "", "Equal", "", "NoExecute")
	f.Add("", "", "NoExecute", "x", "", "NoSchedule", "", "Exists", "", "", "x", "", "", "NoSchedule")
	f.Fuzz(func(t *testing.T, k1, v1, e1, k2, v2, e2, tk1, to1, tv1, te1, tk2, to2, tv2, te2 string) {
		taints := []core.DeviceTaint{
			{Key: k1, Value: v1, Effect: core.DeviceTaintEffect(e1)},
			{Key: k2, Value: v2, Effect: core.DeviceTaintEffect(e2)},
		}
		tolerations := []core.DeviceToleration{
			{Key: tk1, Operator: core.DeviceTolerationOperator(to1), Value: tv1, Effect: core.DeviceTaintEffect(te1)},
			{Key: tk2, Operator: core.DeviceTolerationOperator(to2), Value: tv2, Effect: core.DeviceTaintEffect(te2)},
		}
		for nTaints := range 3 {
			for nTols := range 3 {
				var v1Taints []resourceapi.DeviceTaint
				var v1Tols []resourceapi.DeviceToleration
				for i := range nTaints {
					v1Taints = append(v1Taints, upstream.ToV1DeviceTaint(&taints[i]))
				}
				for i := range nTols {
					v1Tols = append(v1Tols, upstream.ToV1DeviceToleration(&tolerations[i]))
				}
				want := upstreamTaintPreventsAllocation(v1Taints, v1Tols)
				if got := structured.TaintPreventsAllocation(onSlice(taints[:nTaints]...), tolerations[:nTols]); got != want {
					t.Fatalf("TaintPreventsAllocation(%+v, %+v) = %v, upstream says %v", taints[:nTaints], tolerations[:nTols], got, want)
				}
			}
		}
	})
}
