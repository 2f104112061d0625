package engine

// MaxNodeScore is the highest score a scheduler plugin gives a node (upstream
// framework.MaxNodeScore).
const MaxNodeScore = 100

// TolerationsPreferNoSchedule is the TaintToleration plugin's PreScore: it keeps
// the tolerations whose effect is empty or PreferNoSchedule, the only ones that
// can tolerate a PreferNoSchedule taint (upstream getAllTolerationPreferNoSchedule).
func TolerationsPreferNoSchedule(tolerations []Toleration) []Toleration {
	var kept []Toleration
	for i := range tolerations {
		if tolerations[i].Effect == "" || tolerations[i].Effect == TaintEffectPreferNoSchedule {
			kept = append(kept, tolerations[i])
		}
	}
	return kept
}

// CountIntolerableTaintsPreferNoSchedule is the TaintToleration plugin's Score
// before normalizing: how many of the node's PreferNoSchedule taints no
// toleration tolerates. Pass it the tolerations PreScore kept.
func CountIntolerableTaintsPreferNoSchedule(taints []Taint, tolerations []Toleration, comparisonOperators bool) int {
	count := 0
	for i := range taints {
		if taints[i].Effect != TaintEffectPreferNoSchedule {
			continue
		}
		if !TolerationsTolerateTaint(tolerations, &taints[i], comparisonOperators) {
			count++
		}
	}
	return count
}

// NormalizeScore is the TaintToleration plugin's NormalizeScore,
// DefaultNormalizeScore(MaxNodeScore, reverse) over one pod's row of cells. The
// scheduler scores only the nodes that passed every filter, so only cells that
// Fit take part and get a score:
//
//  1. maxCount is the largest PreferNoSchedule count among those cells.
//  2. If it is 0, each of them scores MaxNodeScore.
//  3. Otherwise each scores MaxNodeScore - MaxNodeScore*count/maxCount
//     (integer division), so counts 0, 1, 2 give 100, 50, 0.
//
// A cell that does not fit keeps Score 0: the scheduler never scores it.
func NormalizeScore(row []Cell) {
	maxCount := 0
	for i := range row {
		if row[i].Fits && row[i].PreferNoSchedule > maxCount {
			maxCount = row[i].PreferNoSchedule
		}
	}
	for i := range row {
		switch {
		case !row[i].Fits:
			row[i].Score = 0
		case maxCount == 0:
			row[i].Score = MaxNodeScore
		default:
			row[i].Score = MaxNodeScore - MaxNodeScore*row[i].PreferNoSchedule/maxCount
		}
	}
}
