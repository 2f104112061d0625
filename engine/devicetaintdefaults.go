package engine

import (
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
)

// withTimesAdded returns the inventory's slices and rules as the apiserver
// stores them: a device taint without timeAdded gets the time it is stored
// (core.SetDefaultsDeviceTaint), which for a pasted inventory is now, the
// time the verdicts are for. The eviction controller counts
// tolerationSeconds from timeAdded, so without it such a taint would never
// evict. Slices and rules that need no default are shared, not copied.
func withTimesAdded(slices []core.ResourceSlice, rules []core.DeviceTaintRule, now time.Time) ([]core.ResourceSlice, []core.DeviceTaintRule) {
	slices = cloneWhere(slices, sliceMissesTimeAdded, func(s *core.ResourceSlice) {
		s.Devices = append([]core.Device(nil), s.Devices...)
		for d := range s.Devices {
			s.Devices[d].Taints = append([]core.DeviceTaint(nil), s.Devices[d].Taints...)
			for t := range s.Devices[d].Taints {
				core.SetDefaultsDeviceTaint(&s.Devices[d].Taints[t], now)
			}
		}
	})
	rules = cloneWhere(rules, func(r *core.DeviceTaintRule) bool { return r.Taint.TimeAdded == nil }, func(r *core.DeviceTaintRule) {
		core.SetDefaultsDeviceTaint(&r.Taint, now)
	})
	return slices, rules
}

func sliceMissesTimeAdded(s *core.ResourceSlice) bool {
	for d := range s.Devices {
		for t := range s.Devices[d].Taints {
			if s.Devices[d].Taints[t].TimeAdded == nil {
				return true
			}
		}
	}
	return false
}

// cloneWhere returns items itself when no item needs fixing, else a copy in
// which each item that does is fixed (fix gets the copy's element).
func cloneWhere[T any](items []T, needs func(*T) bool, fix func(*T)) []T {
	var out []T
	for i := range items {
		if !needs(&items[i]) {
			continue
		}
		if out == nil {
			out = append([]T(nil), items...)
		}
		fix(&out[i])
	}
	if out == nil {
		return items
	}
	return out
}
