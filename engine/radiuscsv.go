package engine

import (
	"encoding/csv"
	"io"
	"strconv"
)

// RadiusCSVHeader names the columns of WriteRadiusCSV.
var RadiusCSVHeader = []string{"namespace", "pod", "node", "pool", "workload", "outcome", "when"}

// WriteRadiusCSV writes rows (Rows) as CSV, a header then one record per pod:
//
//  1. Fields are quoted as RFC 4180 says (a comma, a quote or a line break
//     in a field), and records end in CRLF.
//  2. A field that starts with =, +, -, @, a tab or a carriage return gets a
//     leading ', so that a spreadsheet shows it as text instead of running it
//     as a formula (CSV injection): pasted names are anyone's text.
//  3. when is the seconds to the eviction, empty when there is none.
func WriteRadiusCSV(out io.Writer, rows []RadiusRow) error {
	w := csv.NewWriter(out)
	w.UseCRLF = true
	if err := w.Write(RadiusCSVHeader); err != nil {
		return err
	}
	record := make([]string, len(RadiusCSVHeader))
	for i := range rows {
		r := &rows[i]
		when := ""
		if r.When != nil {
			when = strconv.FormatInt(*r.When, 10)
		}
		for c, field := range [...]string{r.Namespace, r.Pod, r.Node, r.Pool, r.Workload, r.Outcome, when} {
			record[c] = inertCell(field)
		}
		if err := w.Write(record); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// inertCell prefixes a field a spreadsheet would read as a formula with '.
func inertCell(field string) string {
	if field == "" {
		return field
	}
	switch field[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + field
	}
	return field
}
