package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples"
)

// FuzzReport renders the page's answers for any editors' text: the report of
// evaluate, the detail of every cell (up to a bound) from explain, and the
// timeline of simulate, each as the envelope's JSON the worker forwards. The
// page indexes arrays with the numbers in these answers and shows every
// string as text, so each answer must be valid JSON with no raw <, > or &
// (encoding/json escapes them; a hand-built answer could forget), and every
// index must point inside the array it names.
func FuzzReport(f *testing.F) {
	scenarios, err := examples.All()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range scenarios {
		f.Add(s.Nodes, s.Pods, s.Settings.ComparisonOperators)
	}
	f.Add("kubectl taint nodes n1 <img src=x onerror=alert(1)>=v:NoSchedule", "kind: Pod\nmetadata: {name: \"</textarea>\"}\n", false)
	f.Fuzz(func(t *testing.T, nodes, pods string, comparison bool) {
		var s Session
		options := core.DefaultOptions()
		options.ComparisonOperators = comparison
		arg, err := json.Marshal(map[string]any{"nodes": nodes, "pods": pods, "options": options})
		if err != nil {
			t.Skip("the text cannot travel as JSON either way")
		}
		var report engine.Report
		if !answer(t, "evaluate", s.export("evaluate"), arg, &report) {
			return
		}
		checkReportIndexes(t, &report)
		for i, cell := range report.Cells {
			if i == 50 {
				break
			}
			var detail engine.CellDetail
			arg := fmt.Appendf(nil, `{"pod":%d,"node":%d}`, cell.Pod, cell.Node)
			if answer(t, "explain", s.export("explain"), arg, &detail) {
				checkDetailIndexes(t, &report, &detail)
			}
		}
		var timeline tainteviction.Timeline
		answer(t, "simulate", s.export("simulate"), []byte(`{"events":[],"until":7200}`), &timeline)
	})
}

// answer calls fn as the bridge does, checks the envelope's JSON is what the
// page can show safely, and decodes a value into v; false when the call
// answered an error.
func answer(t *testing.T, name string, fn Func, arg []byte, v any) bool {
	t.Helper()
	data := Respond(fn(arg))
	if !json.Valid(data) {
		t.Fatalf("%s answered invalid JSON: %.200q", name, data)
	}
	if i := bytes.IndexAny(data, "<>&"); i >= 0 {
		t.Fatalf("%s answered a raw %q: %.200q", name, data[i], data[max(0, i-80):])
	}
	var env struct {
		OK    bool            `json:"ok"`
		Value json.RawMessage `json:"value"`
		Error *Error          `json:"error"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !env.OK {
		if env.Error == nil || strings.TrimSpace(env.Error.Message) == "" {
			t.Fatalf("%s failed without a message: %s", name, data)
		}
		return false
	}
	if err := json.Unmarshal(env.Value, v); err != nil {
		t.Fatalf("%s: the value does not decode: %v", name, err)
	}
	return true
}

// checkReportIndexes checks every index a cell holds against the report.
func checkReportIndexes(t *testing.T, r *engine.Report) {
	t.Helper()
	if len(r.Cells) != len(r.Pods)*len(r.Nodes) {
		t.Fatalf("%d cells for %d pods × %d nodes", len(r.Cells), len(r.Pods), len(r.Nodes))
	}
	for i, c := range r.Cells {
		if c.Pod != i/len(r.Nodes) || c.Node != i%len(r.Nodes) {
			t.Fatalf("cell %d is pod %d node %d; want pod-major order", i, c.Pod, c.Node)
		}
		taints, tolerations := len(r.Nodes[c.Node].Taints), len(r.Pods[c.Pod].Tolerations)
		inRange(t, "blockedBy", c.BlockedBy, taints)
		if e := c.Eviction; e != nil {
			inRange(t, "eviction.taint", e.Taint, taints)
			inRange(t, "eviction.toleration", e.Toleration, tolerations)
		}
	}
}

// checkDetailIndexes checks the indexes of one cell's detail.
func checkDetailIndexes(t *testing.T, r *engine.Report, d *engine.CellDetail) {
	t.Helper()
	taints, tolerations := len(r.Nodes[d.Node].Taints), len(r.Pods[d.Pod].Tolerations)
	for _, v := range d.Taints {
		inRange(t, "taintVerdicts.taint", v.Taint, taints)
		for _, by := range v.By {
			inRange(t, "taintVerdicts.by", by, tolerations)
		}
		for _, miss := range v.NearMisses {
			inRange(t, "nearMisses.toleration", miss.Toleration, tolerations)
		}
	}
}

// inRange fails unless i is -1 (none) or an index into n items.
func inRange(t *testing.T, field string, i, n int) {
	t.Helper()
	if i < -1 || i >= n {
		t.Fatalf("%s is %d with %d items", field, i, n)
	}
}
