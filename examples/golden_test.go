package examples

import (
	"path/filepath"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/internal/golden"
)

// goldenReport is everything the page shows for a scenario: the report, the
// explanation of every cell, and the timeline when the scenario has a clock.
type goldenReport struct {
	Report   *engine.Report          `json:"report"`
	Details  []*engine.CellDetail    `json:"details"`
	Timeline *tainteviction.Timeline `json:"timeline,omitempty"`
}

// TestGoldenReports keeps the engine's whole answer for every scenario in
// testdata/golden/<slug>.json, so any change to a verdict, a reason or a
// source position shows up in review; go test ./examples -update re-records.
// TestScenarios checks the verdicts against what a human expects; this test
// catches every other change.
func TestGoldenReports(t *testing.T) {
	scenarios, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		t.Run(s.Slug, func(t *testing.T) {
			ws := engine.Load(s.Nodes, s.Pods, s.Settings)
			got := goldenReport{Report: ws.Evaluate()}
			for p := range ws.Pods {
				for n := range ws.Nodes {
					detail, err := ws.Explain(p, n)
					if err != nil {
						t.Fatal(err)
					}
					got.Details = append(got.Details, detail)
				}
			}
			if s.Until > 0 {
				got.Timeline = ws.Simulate(s.Events, s.Until)
			}
			golden.JSON(t, filepath.Join("testdata", "golden", s.Slug+".json"), got)
		})
	}
}
