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
}

func (t *targetTable) add(figure, measured, target string, met bool) {
	t.rows = append(t.rows, targetRow{figure, measured, target, met})
}

// addTiming adds a timing figure whose target is an upper bound.
func (t *targetTable) addTiming(figure string, measured, target time.Duration) {
	t.add(figure, fmt.Sprintf("%.1f ms", float64(measured)/float64(time.Millisecond)), fmt.Sprintf("≤ %v", target), measured <= target)
}

func (t *targetTable) print() {
	for _, r := range t.rows {
		verdict := "FAIL"
		if r.met {
			verdict = "PASS"
		}
		fmt.Printf("   %-4s %-62s %-28s target %s\n", verdict, r.figure, r.measured, r.target)
	}
}
