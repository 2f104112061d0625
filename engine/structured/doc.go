// Package structured reproduces the device taint check of the DRA
// structured-parameters allocator, which the scheduler's DynamicResources
// plugin runs for every candidate device
// (k8s.io/dynamic-resource-allocation/structured, allocator_stable.go,
// taintPreventsAllocation, v0.37.2), over the taints the scheduler sees: the
// ResourceSlice's own and those DeviceTaintRules add, which the ResourceSlice
// tracker patches into the slices it hands the scheduler
// (k8s.io/dynamic-resource-allocation/resourceslice/tracker, applyPatches).
//
// Only the taint check is reproduced, not device classes, CEL selectors,
// counters or constraints: a device it refuses is never allocated, a device
// it accepts may still be refused for other reasons.
//
// It imports core only.
package structured
