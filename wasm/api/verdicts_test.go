package api

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestVerdicts: the page's report download is the text of the engine's
// Verdicts of the workspace it evaluated last, as engine.WriteJSONDocument
// (check -o json) writes it — every pod's verdict, also when the report it
// shows is windowed — and nothing before the first evaluate.
func TestVerdicts(t *testing.T) {
	var s Session
	if _, err := call(t, s.export("verdicts"), `{}`); err == nil || err.Message != "verdicts: call evaluate first" {
		t.Fatalf("verdicts before evaluate: error %v, want \"verdicts: call evaluate first\"", err)
	}
	for _, size := range []struct{ nodes, pods int }{{3, 4}, {200, 150}} {
		nodes, pods := workspaceText(size.nodes, size.pods)
		if _, err := call(t, s.export("evaluate"), evaluateArg(t, nodes, pods, nil)); err != nil {
			t.Fatal(err)
		}
		text := callValue[string](t, s.export("verdicts"), `{}`)
		var native bytes.Buffer
		if err := engine.WriteJSONDocument(&native, engine.Load(nodes, pods, core.DefaultOptions()).Verdicts()); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(native.String(), text); diff != "" {
			t.Errorf("%d × %d: verdicts (-native +page):\n%s", size.nodes, size.pods, diff)
		}
		var got engine.Verdicts
		if err := json.Unmarshal([]byte(text), &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Pods) != size.pods || got.Summary.Pods != size.pods {
			t.Errorf("%d × %d: %d pod verdicts, summary %d pods; want %d", size.nodes, size.pods, len(got.Pods), got.Summary.Pods, size.pods)
		}
		for _, p := range got.Pods {
			if p.Verdict == "" {
				t.Fatalf("%d × %d: pod %s has no verdict", size.nodes, size.pods, p.Name)
			}
		}
	}
}
