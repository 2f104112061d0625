package engine

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestValidationErrorsHaveColumns: a validation error points at the line
// and column of the field it names, in block YAML, flow YAML and JSON, as a
// YAML error does.
func TestValidationErrorsHaveColumns(t *testing.T) {
	const nodes = "kind: Node\nmetadata: {name: n1}\nspec:\n  taints:\n  - key: a\n    effect: NoSchedul\n  - {key: b, effect: Nope}\n"
	const pods = `{"kind": "Pod", "metadata": {"name": "p"}, "spec": {"tolerations": [` + "\n" +
		`  {"key": "a", "operator": "Exits"}]}}` + "\n"
	w := Load(nodes, pods, core.DefaultOptions())
	var got []string
	for _, d := range w.Diagnostics {
		if d.Code == core.CodeInvalid {
			got = append(got, d.Source.Editor+" "+d.Source.Field+" "+strconv.Itoa(d.Source.Line)+":"+strconv.Itoa(d.Source.Column))
		}
	}
	want := []string{
		"nodes spec.taints[0].effect 6:5",
		"nodes spec.taints[1].effect 7:14",
		"pods spec.tolerations[0].operator 2:16",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("positions (-want +got):\n%s", diff)
	}
}
