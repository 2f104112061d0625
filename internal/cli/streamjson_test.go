package cli

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
	"sigs.k8s.io/yaml"
)

// TestJSONStreamIsTheDocument writes the verdicts and a what-if report of
// every example and of a generated cluster both ways: writeJSONStream must
// give engine.WriteJSONDocument's bytes, jsonEscapeUnprintable applied.
func TestJSONStreamIsTheDocument(t *testing.T) {
	for i, doc := range streamedDocuments(t) {
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

// streamedDocuments are the verdicts and a what-if report of every example
// and the verdicts of a generated cluster and of one over the limit.
func streamedDocuments(t *testing.T) []any {
	t.Helper()
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
	return append(docs, l.verdicts(), &engine.Verdicts{OverLimit: true, Pods: []engine.PodVerdict{}})
}

// TestYAMLStreamIsTheDocument writes the same documents with yaml.Marshal
// and with writeYAMLStream: the two must read back as the same value.
func TestYAMLStreamIsTheDocument(t *testing.T) {
	for i, doc := range streamedDocuments(t) {
		whole, err := yaml.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := writeYAMLStream(&got, doc); err != nil {
			t.Fatal(err)
		}
		var wantValue, gotValue any
		if err := yaml.Unmarshal(whole, &wantValue); err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(got.Bytes(), &gotValue); err != nil {
			t.Fatalf("document %d: %v\n%s", i, err, got.String())
		}
		if diff := cmp.Diff(wantValue, gotValue); diff != "" {
			t.Errorf("document %d (-yaml.Marshal +stream):\n%s", i, diff)
		}
		if !bytes.Equal(whole, got.Bytes()) {
			t.Logf("document %d: the same value in other bytes", i)
		}
	}
}
