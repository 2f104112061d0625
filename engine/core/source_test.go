package core_test

import (
	"encoding/json"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

// reflectedSource is core.Source without its MarshalJSON: encoding/json
// encodes it from the tags, as it would the Source without the method.
type reflectedSource core.Source

// checkSourceJSON fails the test unless Source.MarshalJSON, as
// encoding/json calls it, writes what encoding/json writes by reflection.
func checkSourceJSON(t *testing.T, src core.Source) {
	t.Helper()
	want, err := json.Marshal(reflectedSource(src))
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(struct{ S core.Source }{src})
	if err != nil {
		t.Fatal(err)
	}
	if wantField := `{"S":` + string(want) + `}`; string(got) != wantField {
		t.Errorf("MarshalJSON wrote %s, encoding/json by reflection %s", got, wantField)
	}
}

func TestSourceJSONIsReflections(t *testing.T) {
	for _, src := range []core.Source{
		{},
		{Editor: core.EditorNodes},
		{Line: 3},
		{Column: -2, Field: "spec"},
		{Editor: core.EditorPods, Line: 12, Column: 5, Field: "spec.tolerations[1]",
			Fields: map[string]int{"value": 14, "key": 13, "effect": 0, "operator": 15, "tolerationSeconds": 16, "a": 1, "b": 2, "c": 3, "d": 4}},
		{Fields: map[string]int{}},
		{Field: "<a href=\"x\">&amp;</a>\\\n\t\r\b\f\x01\x7f\xff\u2028\u2029é", Fields: map[string]int{"<&>": 1, "\xfe": 2, "é": 3, "": 4}},
	} {
		checkSourceJSON(t, src)
	}
}

func FuzzSourceJSON(f *testing.F) {
	f.Add("nodes", 1, 2, "spec.taints[0]", "key", 3)
	f.Add("", 0, 0, "", "", 0)
	f.Add("<\xff>", -1, 1<<40, "\u2028&", "\"\\", -7)
	f.Fuzz(func(t *testing.T, editor string, line, column int, field, name string, nameLine int) {
		checkSourceJSON(t, core.Source{Editor: editor, Line: line, Column: column, Field: field, Fields: map[string]int{name: nameLine, name + "x": line}})
		checkSourceJSON(t, core.Source{Editor: editor, Line: line, Column: column, Field: field})
	})
}
