package cli

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

// TestJSONStreamIsTheDocument writes the verdicts and a what-if report of
// every example and of a generated cluster both ways: writeJSONStream must
// give engine.WriteJSONDocument's bytes, jsonEscapeUnprintable applied.
func TestJSONStreamIsTheDocument(t *testing.T) {
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	var docs []any
	for _, s := range scenarios {
		ws := engine.Load(s.Nodes, s.Pods, s.Settings)
		docs = append(docs, ws.Verdicts())
		if len(ws.Nodes) > 0 {
			r, err := ws.WhatIf("kubectl taint nodes " + ws.Nodes[0].Name + " k=v:NoExecute")
			if err != nil {
				t.Fatal(err)
			}
			docs = append(docs, ws.WhatIfReport(r))
		}
	}
	l := streamWorkspace(t, snapshotText(t, clustersnapshot.Spec{Nodes: 10, Pods: 300, Seed: 4}), core.DefaultOptions())
	docs = append(docs, l.verdicts(), &engine.Verdicts{OverLimit: true, Pods: []engine.PodVerdict{}})
	for i, doc := range docs {
		var want, got bytes.Buffer
		if err := engine.WriteJSONDocument(&want, doc); err != nil {
			t.Fatal(err)
		}
		want = *bytes.NewBuffer(jsonEscapeUnprintable(want.Bytes()))
		if err := writeJSONStream(&got, doc); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want.String(), got.String()); diff != "" {
			t.Errorf("document %d (-document +stream):\n%s", i, diff)
		}
	}
}
