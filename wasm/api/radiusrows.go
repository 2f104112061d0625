package api

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
)

// noRadius is the error of the exports that read the last what-if.
const noRadius = "call whatIf or whatIfGenerated first"

// lastRadius is the last what-if's blast radius with the workspace its
// indexes point into, and its rows (engine.Rows) once whatIfRows asks for
// them, with each order asked for so far: the table pages through 150,000
// pods, and sorting them again for every page would cost a sort per click.
type lastRadius struct {
	workspace *engine.Workspace
	radius    *engine.BlastRadius
	rows      []engine.RadiusRow
	orders    map[rowOrder][]int32
}

// rowOrder is one way to sort the rows: a column of engine.RadiusCSVHeader.
type rowOrder struct {
	column     string
	descending bool
}

// RowsPage is one page of the last what-if's rows in one order.
type RowsPage struct {
	Offset     int                `json:"offset"`
	Total      int                `json:"total"`
	Sort       string             `json:"sort"`
	Descending bool               `json:"descending"`
	Rows       []engine.RadiusRow `json:"rows"`
}

// rowsArgs are whatIfRows' argument.
type rowsArgs struct {
	Offset     int    `json:"offset"`
	Limit      int    `json:"limit"`
	Sort       string `json:"sort"`
	Descending bool   `json:"descending"`
}

// setDefaults pages by 100 unless told otherwise.
func (a *rowsArgs) setDefaults() { a.Limit = 100 }

// whatIfRows takes {offset, limit, sort, descending} and answers that page
// of the last what-if's pods, one row each (engine.Rows), sorted by the
// column sort names ("" keeps the blast radius's order). Ties keep that
// order, so paging through a sort never shows a row twice.
func (s *Session) whatIfRows(args *rowsArgs) (any, error) {
	switch {
	case args.Offset < 0:
		return nil, &Error{Message: fmt.Sprintf("whatIfRows: offset %d is negative", args.Offset), Field: "offset"}
	case args.Limit < 0 || args.Limit > MaxItems:
		return nil, &Error{Message: fmt.Sprintf("whatIfRows: limit %d is not between 0 and %d", args.Limit, MaxItems), Field: "limit"}
	case args.Sort != "" && !slices.Contains(engine.RadiusCSVHeader, args.Sort):
		return nil, &Error{Message: fmt.Sprintf("whatIfRows: sort %q is not one of %s", args.Sort, strings.Join(engine.RadiusCSVHeader, ", ")), Field: "sort"}
	case s.last.radius == nil:
		return nil, &Error{Message: "whatIfRows: " + noRadius}
	}
	order := s.last.order(rowOrder{column: args.Sort, descending: args.Descending})
	page := RowsPage{Offset: args.Offset, Total: len(order), Sort: args.Sort, Descending: args.Descending, Rows: []engine.RadiusRow{}}
	for _, i := range order[min(args.Offset, len(order)):min(args.Offset+args.Limit, len(order))] {
		page.Rows = append(page.Rows, s.last.rows[i])
	}
	return page, nil
}

// allRows are the rows of the radius, listed once.
func (l *lastRadius) allRows() []engine.RadiusRow {
	if l.rows == nil {
		l.rows = l.workspace.Rows(l.radius)
		l.orders = map[rowOrder][]int32{}
	}
	return l.rows
}

// order is the rows' indexes in the order o, computed once.
func (l *lastRadius) order(o rowOrder) []int32 {
	l.allRows()
	if order, ok := l.orders[o]; ok {
		return order
	}
	order := make([]int32, len(l.rows))
	for i := range order {
		order[i] = int32(i)
	}
	if o.column != "" {
		compare := rowComparisons[o.column]
		slices.SortStableFunc(order, func(a, b int32) int {
			if o.descending {
				return compare(&l.rows[b], &l.rows[a])
			}
			return compare(&l.rows[a], &l.rows[b])
		})
	}
	l.orders[o] = order
	return order
}

// rowComparisons compare two rows by one column; a row without a time
// (when) comes after every row with one.
var rowComparisons = map[string]func(a, b *engine.RadiusRow) int{
	"namespace": func(a, b *engine.RadiusRow) int { return cmp.Compare(a.Namespace, b.Namespace) },
	"pod":       func(a, b *engine.RadiusRow) int { return cmp.Compare(a.Pod, b.Pod) },
	"node":      func(a, b *engine.RadiusRow) int { return cmp.Compare(a.Node, b.Node) },
	"pool":      func(a, b *engine.RadiusRow) int { return cmp.Compare(a.Pool, b.Pool) },
	"workload":  func(a, b *engine.RadiusRow) int { return cmp.Compare(a.Workload, b.Workload) },
	"outcome":   func(a, b *engine.RadiusRow) int { return cmp.Compare(a.Outcome, b.Outcome) },
	"when": func(a, b *engine.RadiusRow) int {
		switch {
		case a.When == nil && b.When == nil:
			return 0
		case a.When == nil:
			return 1
		case b.When == nil:
			return -1
		}
		return cmp.Compare(*a.When, *b.When)
	},
}

// downloadArgs are whatIfDownload's argument.
type downloadArgs struct {
	Format string `json:"format"`
}

// whatIfDownload takes {format} and answers the last what-if whole, as the
// text the page saves as a file: "json" is the engine's WhatIfReport as
// `taint-playground whatif -o json` prints it, byte for byte
// (engine.WriteJSONDocument); "csv" is engine.WriteRadiusCSV, one row per pod.
func (s *Session) whatIfDownload(args *downloadArgs) (any, error) {
	if s.last.radius == nil {
		return nil, &Error{Message: "whatIfDownload: " + noRadius}
	}
	switch args.Format {
	case "json":
		return document("whatIfDownload", s.last.workspace.WhatIfReport(s.last.radius))
	case "csv":
		var out bytes.Buffer
		if err := engine.WriteRadiusCSV(&out, s.last.allRows()); err != nil {
			return nil, &Error{Message: "whatIfDownload: " + err.Error()}
		}
		return out.String(), nil
	}
	return nil, &Error{Message: fmt.Sprintf("whatIfDownload: format %q is not json or csv", args.Format), Field: "format"}
}
