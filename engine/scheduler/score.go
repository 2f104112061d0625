package scheduler

import (
	"github.com/taint-playground/taint-playground/engine/core"
)

// MaxNodeScore is the highest score a scheduler plugin gives a node (upstream
// framework.MaxNodeScore).
const MaxNodeScore = 100

// TolerationsPreferNoSchedule is the TaintToleration plugin's PreScore: it keeps
// the tolerations whose effect is empty or PreferNoSchedule, the only ones that
// can tolerate a PreferNoSchedule taint (upstream getAllTolerationPreferNoSchedule).
func TolerationsPreferNoSchedule(tolerations []core.Toleration) []core.Toleration {
	var kept []core.Toleration
	for i := range tolerations {
		if tolerations[i].Effect == "" || tolerations[i].Effect == core.TaintEffectPreferNoSchedule {
			kept = append(kept, tolerations[i])
		}
	}
	return kept
}

// CountIntolerableTaintsPreferNoSchedule is the TaintToleration plugin's Score
// before normalizing: how many of the node's PreferNoSchedule taints no
// toleration tolerates. Pass it the tolerations PreScore kept.
func CountIntolerableTaintsPreferNoSchedule(taints []core.Taint, tolerations []core.Toleration, comparisonOperators bool) int {
	count := 0
	for i := range taints {
		if taints[i].Effect != core.TaintEffectPreferNoSchedule {
			continue
		}
		if !core.TolerationsTolerateTaint(tolerations, &taints[i], comparisonOperators) {
			count++
		}
	}
	return count
}
