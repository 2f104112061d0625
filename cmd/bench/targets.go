package main

import (
	"fmt"
	"time"
)

// targetTable collects each figure with its target, printed last as one
// table so that a run says at a glance what is met.
type targetTable struct {
	rows []targetRow
}

type targetRow struct {
	figure, measured, target string
	met                      bool
	// info is a figure printed for comparison, with no target.
	info bool
}

func (t *targetTable) add(figure, measured, target string, met bool) {
	t.rows = append(t.rows, targetRow{figure: figure, measured: measured, target: target, met: met})
}

// addTiming adds a timing figure whose target is an upper bound.
func (t *targetTable) addTiming(figure string, measured, target time.Duration) {
	t.add(figure, fmt.Sprintf("%.1f ms", float64(measured)/float64(time.Millisecond)), fmt.Sprintf("≤ %v", target), measured <= target)
}

// addInfo adds a figure that has no target, printed beside the one it explains.
func (t *targetTable) addInfo(figure string, measured time.Duration, note string) {
	t.rows = append(t.rows, targetRow{figure: figure, measured: fmt.Sprintf("%.1f ms", float64(measured)/float64(time.Millisecond)), target: note, info: true})
}

func (t *targetTable) print() {
	for _, r := range t.rows {
		verdict := "FAIL"
		if r.met {
			verdict = "PASS"
		}
		if r.info {
			fmt.Printf("   %-4s %-62s %-28s %s\n", "", r.figure, r.measured, r.target)
			continue
		}
		fmt.Printf("   %-4s %-62s %-28s target %s\n", verdict, r.figure, r.measured, r.target)
	}
}
