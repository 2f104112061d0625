package main

import (
	"encoding/json"
	"fmt"

	"github.com/taint-playground/taint-playground/examples"
)

// galleryScenario is a scenario as examples.json has it, with the engine's
// answers to the calls the page makes first when a link shows the scenario
// (?example=<slug>, as docs sites embed it): the page shows those verdicts
// and that countdown as soon as examples.json has arrived, before the WASM
// has started, as it does for its default text (see prerender).
type galleryScenario struct {
	examples.Scenario
	FirstAnswers firstAnswers `json:"firstAnswers"`
}

// galleryJSON is examples.json: every scenario, in gallery order, with its
// first answers.
func galleryJSON(scenarios []examples.Scenario) ([]byte, error) {
	gallery := make([]galleryScenario, len(scenarios))
	for i, s := range scenarios {
		first, err := answerFirstCalls(s.Nodes, s.Pods, s.Settings, s.Events)
		if err != nil {
			return nil, fmt.Errorf("evaluating %s: %w", s.Slug, err)
		}
		// The page builds simulate's argument from the clock it shows (the scenario's events as it reads them).
		first.Simulate.Arg = nil
		gallery[i] = galleryScenario{Scenario: s, FirstAnswers: first}
	}
	return json.Marshal(gallery)
}
