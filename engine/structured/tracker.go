package structured

import "github.com/taint-playground/taint-playground/engine/core"

// PatchedTaints lists the taints of one device as the scheduler sees them
// through the ResourceSlice tracker (upstream applyPatches):
//
//  1. The slice's own taints, in the device's order.
//  2. Then, for each rule in rules order, the rule's taint when the rule
//     matches the slice's driver and pool and the device's name
//     (DeviceTaintRule.MatchesDevice: a rule without selector matches
//     nothing). The rule's taint is appended whatever its effect, and even
//     when the slice already has the same taint.
//
// The tracker does not read the slice's pool generation: every slice is
// patched.
func PatchedTaints(slice *core.ResourceSlice, device *core.Device, rules []core.DeviceTaintRule) []core.TrackedDeviceTaint {
	var out []core.TrackedDeviceTaint
	for i := range device.Taints {
		out = append(out, core.TrackedDeviceTaint{Taint: &device.Taints[i], Slice: slice.Name, TaintIndex: i})
	}
	for i := range rules {
		if rules[i].MatchesDevice(slice.Driver, slice.Pool, device.Name) {
			out = append(out, core.TrackedDeviceTaint{Taint: &rules[i].Taint, Rule: rules[i].Name})
		}
	}
	return out
}
