package core

import "strconv"

// ToleratesTaint reports whether the device toleration tolerates the device
// taint, exactly as upstream resourceclaim.ToleratesTaint does
// (k8s.io/dynamic-resource-allocation/resourceclaim devicetoleration.go,
// v0.37.2, itself a copy of the node toleration's rules without Lt and Gt),
// checking in this order:
//
//  1. A non-empty effect must equal the taint's effect; an empty effect
//     matches every effect.
//  2. A non-empty key must equal the taint's key; an empty key matches every
//     key (validation then requires Exists).
//  3. The operator decides: "" and Equal compare the values as strings;
//     Exists matches any value; any other operator never matches.
//
// Matching says nothing of what the effect does: callers react only to the
// effects they know, and None never matters.
func (t *DeviceToleration) ToleratesTaint(taint *DeviceTaint) bool {
	if t.Effect != "" && t.Effect != taint.Effect {
		return false
	}
	if t.Key != "" && t.Key != taint.Key {
		return false
	}
	switch t.Operator {
	case "", DeviceTolerationOpEqual:
		return t.Value == taint.Value
	case DeviceTolerationOpExists:
		return true
	default:
		return false
	}
}

// FirstToleratingDevice returns the index of the first toleration that
// tolerates the taint, or -1. For the allocator any one is enough; the page
// names the first.
func FirstToleratingDevice(tolerations []DeviceToleration, taint *DeviceTaint) int {
	for i := range tolerations {
		if tolerations[i].ToleratesTaint(taint) {
			return i
		}
	}
	return -1
}

// MatchesDevice reports whether the rule taints the device with this
// driver, pool and device name, as the eviction controller's
// ruleMatchesDevice and the ResourceSlice tracker's applyPatches decide:
//
//  1. No selector matches no device.
//  2. Each selector field that is set must equal the device's; an empty
//     selector matches every device.
func (r *DeviceTaintRule) MatchesDevice(driver, pool, device string) bool {
	s := r.Selector
	if s == nil {
		return false
	}
	return (s.Driver == nil || *s.Driver == driver) &&
		(s.Pool == nil || *s.Pool == pool) &&
		(s.Device == nil || *s.Device == device)
}

// TrackedDeviceTaint is a taint on a device together with where it comes
// from: the device's entry in a ResourceSlice, or a DeviceTaintRule. The
// scheduler and the eviction controller treat both alike; the page says which.
type TrackedDeviceTaint struct {
	Taint *DeviceTaint `json:"taint"`
	// Rule is the DeviceTaintRule's name; empty for a taint of the slice.
	Rule string `json:"rule,omitempty"`
	// Slice is the ResourceSlice's name and TaintIndex the taint's index in
	// the device's spec.devices[].taints, for a taint of the slice.
	Slice      string `json:"slice,omitempty"`
	TaintIndex int    `json:"taintIndex"`
}

// String names the taint's origin in the words of the eviction controller's log:
// "DeviceTaintRule <name>" or "ResourceSlice <slice> taint #<index>".
func (tt *TrackedDeviceTaint) String() string {
	if tt.Rule != "" {
		return "DeviceTaintRule " + tt.Rule
	}
	return "ResourceSlice " + tt.Slice + " taint #" + strconv.Itoa(tt.TaintIndex)
}
