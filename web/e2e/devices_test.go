package e2e

import (
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/examples"
)

// TestDeviceExamplesOpen opens every device example of the gallery by its
// link: the page, which has no device cards yet, must still show each
// example's node verdicts and report no problem, whatever the
// resource.k8s.io objects and the report's device verdicts beside them.
func TestDeviceExamplesOpen(t *testing.T) {
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	p := open(t, "/")
	opened := 0
	for _, s := range all {
		if !strings.HasPrefix(s.Slug, "device-") {
			continue
		}
		p.Navigate(p.site.URL + "/?example=" + s.Slug)
		scenarioView{p: p, scenario: s}.checkVerdicts()
		opened++
	}
	if opened < 5 {
		t.Errorf("opened %d device examples, want at least 5", opened)
	}
	p.finish("")
}
