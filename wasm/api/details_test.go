package api

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/examples"
)

// TestEvaluateDetails: a workspace of no more pairs than details answers,
// with its report, every cell's CellDetail in the cells' order, the same
// JSON explain answers for that cell; a larger one, or no details asked,
// answers the report alone, byte for byte what it was.
func TestEvaluateDetails(t *testing.T) {
	for _, name := range []string{"docs-three-taints", "dedicated-nodes"} {
		scenario, err := examples.Find(name)
		if err != nil {
			t.Fatal(err)
		}
		texts, err := json.Marshal(map[string]string{"nodes": scenario.Nodes, "pods": scenario.Pods})
		if err != nil {
			t.Fatal(err)
		}
		withDetails := func(details int) string {
			return fmt.Sprintf(`{"nodes":%s,"pods":%s,"details":%d}`, mustField(t, texts, "nodes"), mustField(t, texts, "pods"), details)
		}
		var s Session
		plain, callErr := call(t, s.export("evaluate"), string(texts))
		if callErr != nil {
			t.Fatal(callErr)
		}
		var report struct {
			Cells []struct {
				Pod  int `json:"pod"`
				Node int `json:"node"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(plain, &report); err != nil {
			t.Fatal(err)
		}
		pairs := len(report.Cells)
		if pairs == 0 {
			t.Fatalf("%s: no cells", name)
		}
		// One pair too few for details: the report alone.
		if got, _ := call(t, s.export("evaluate"), withDetails(pairs-1)); string(got) != string(plain) {
			t.Errorf("%s: with details %d < %d pairs the answer changed", name, pairs-1, pairs)
		}
		got, callErr := call(t, s.export("evaluate"), withDetails(pairs))
		if callErr != nil {
			t.Fatal(callErr)
		}
		var answer struct {
			Details []json.RawMessage `json:"details"`
		}
		if err := json.Unmarshal(got, &answer); err != nil {
			t.Fatal(err)
		}
		var want []json.RawMessage
		for _, cell := range report.Cells {
			detail, callErr := call(t, s.export("explain"), fmt.Sprintf(`{"pod":%d,"node":%d}`, cell.Pod, cell.Node))
			if callErr != nil {
				t.Fatal(callErr)
			}
			want = append(want, detail)
		}
		if diff := cmp.Diff(jsonStrings(want), jsonStrings(answer.Details)); diff != "" {
			t.Errorf("%s: details (-explain +evaluate):\n%s", name, diff)
		}
		// The rest of the answer is the report.
		var rest map[string]json.RawMessage
		if err := json.Unmarshal(got, &rest); err != nil {
			t.Fatal(err)
		}
		delete(rest, "details")
		var reportOnly map[string]json.RawMessage
		if err := json.Unmarshal(plain, &reportOnly); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(reportOnly, rest); diff != "" {
			t.Errorf("%s: the report beside the details differs (-alone +with details):\n%s", name, diff)
		}
	}
}

func mustField(t *testing.T, object []byte, name string) json.RawMessage {
	t.Helper()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(object, &fields); err != nil {
		t.Fatal(err)
	}
	return fields[name]
}

func jsonStrings(list []json.RawMessage) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = string(m)
	}
	return out
}
