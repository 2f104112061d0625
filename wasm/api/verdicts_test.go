package api

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestVerdicts: the page's report download is the engine's Verdicts of the
// workspace it evaluated last — every pod's verdict, also when the report
// it shows is windowed — and nothing before the first evaluate.
func TestVerdicts(t *testing.T) {
	var s Session
	if _, err := call(t, s.Verdicts, `{}`); err == nil || err.Message != "verdicts: call evaluate first" {
		t.Fatalf("verdicts before evaluate: error %v, want \"verdicts: call evaluate first\"", err)
	}
	for _, size := range []struct{ nodes, pods int }{{3, 4}, {200, 150}} {
		nodes, pods := workspaceText(size.nodes, size.pods)
		if _, err := call(t, s.Evaluate, evaluateArg(t, nodes, pods, nil)); err != nil {
			t.Fatal(err)
		}
		value, err := call(t, s.Verdicts, `{}`)
		if err != nil {
			t.Fatal(err)
		}
		var got engine.Verdicts
		if err := json.Unmarshal(value, &got); err != nil {
			t.Fatal(err)
		}
		native, _ := json.Marshal(engine.Load(nodes, pods, core.DefaultOptions()).Verdicts())
		var want engine.Verdicts
		if err := json.Unmarshal(native, &want); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%d × %d: verdicts (-native +page):\n%s", size.nodes, size.pods, diff)
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
