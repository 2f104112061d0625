package cli

import (
	"fmt"

	"github.com/taint-playground/taint-playground/engine/core"
)

// podSelector parses -l as kubectl does, with the engine's copy of
// apimachinery's labels.Parse grammar; an empty selector selects everything.
func podSelector(s string) (core.LabelSelector, error) {
	selector, err := core.ParseLabelSelector(s)
	if err != nil {
		return nil, fmt.Errorf("-l %s: %v", s, err)
	}
	return selector, nil
}
