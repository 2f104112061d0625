package engine

import (
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

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
	scoreRow(row, maxCount)
}

// scoreRow is NormalizeScore's second step, given the largest count among
// the cells that fit, for callers that found it while filling the row.
func scoreRow(row []Cell, maxCount int) {
	for i := range row {
		switch {
		case !row[i].Fits:
			row[i].Score = 0
		case maxCount == 0:
			row[i].Score = scheduler.MaxNodeScore
		default:
			row[i].Score = scheduler.MaxNodeScore - scheduler.MaxNodeScore*row[i].PreferNoSchedule/maxCount
		}
	}
}
