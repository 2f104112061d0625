package bench

import (
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestWorkspaceDecodes checks that the generated text is what the engine
// reads without an error, with the nodes and pods asked for, and that the
// same seed gives the same text.
func TestWorkspaceDecodes(t *testing.T) {
	nodesText, podsText := Workspace(500, 50, 1)
	w := engine.Load(nodesText, podsText, core.DefaultOptions())
	for _, d := range w.Diagnostics {
		if d.Severity == core.SeverityError {
			t.Errorf("generated text has an error: %s (line %d of %s)", d.Message, d.Source.Line, d.Source.Editor)
		}
	}
	if len(w.Nodes) != 500 || len(w.Pods) != 50 {
		t.Errorf("decoded %d nodes and %d pods; want 500 and 50", len(w.Nodes), len(w.Pods))
	}
	tainted := 0
	for _, n := range w.Nodes {
		if len(n.Taints) > 0 {
			tainted++
		}
	}
	if tainted == 0 || tainted == 500 {
		t.Errorf("%d of 500 nodes have taints; want a mix", tainted)
	}
	again, _ := Workspace(500, 50, 1)
	if again != nodesText {
		t.Error("the same seed gave different text")
	}
}
