package cli

import (
	"fmt"

	"k8s.io/apimachinery/pkg/labels"
)

// podSelector parses -l as kubectl does (apimachinery's labels.Parse); an
// empty selector selects everything.
func podSelector(s string) (labels.Selector, error) {
	selector, err := labels.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("-l %s: %v", s, err)
	}
	return selector, nil
}
