package cli

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/golden"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// scenarioFiles are the files a scenario's two editors become: nodes.yaml
// and pods.yaml, and the same texts under the editors' own names, nodes and
// pods, with which the command line's positions are the page's.
func scenarioFiles(s *examples.Scenario) map[string]string {
	return map[string]string{"nodes.yaml": s.Nodes, "pods.yaml": s.Pods, core.EditorNodes: s.Nodes, core.EditorPods: s.Pods}
}

// editorFileArgs are -f flags for the files named as the editors.
var editorFileArgs = []string{"-f", core.EditorNodes, "-f", core.EditorPods}

// checkArgs are the arguments that check a scenario, its settings as flags.
func checkArgs(s *examples.Scenario, output string) []string {
	return append([]string{"check", "-f", "nodes.yaml", "-f", "pods.yaml", "-o", output}, optionFlags(s.Settings)...)
}

// eachScenario runs test on every example in a subtest of its own, with the
// example's nodes.yaml and pods.yaml written in the test's folder.
func eachScenario(t *testing.T, test func(t *testing.T, s *examples.Scenario)) {
	t.Helper()
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		t.Run(s.Slug, func(t *testing.T) {
			writeFiles(t, scenarioFiles(&s))
			test(t, &s)
		})
	}
}

// TestCheckGolden runs every example through check -o json and -o table
// and compares with testdata/check; go test ./internal/cli -update
// re-records. The status must be what the verdicts say.
func TestCheckGolden(t *testing.T) {
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		for _, output := range []string{"json", "table"} {
			got := run(t, "", false, checkArgs(s, output)...)
			golden.Check(t, filepath.Join(testdataDir, "check", s.Slug+"."+output), []byte(got.stdout+"\n--- stderr, status "+strconv.Itoa(got.status)+"\n"+got.stderr))
		}
	})
}

// TestCheckAgreesWithPage runs every example through the page's evaluate
// (wasm/api, as the page's worker calls it) and builds the check model from
// its answer: it must be check -o json's, once the page's positions are
// mapped to the files the editors' texts were written to. The page's report
// download (its verdicts export) must be check -o json's output byte for
// byte when the files are named as the editors.
func TestCheckAgreesWithPage(t *testing.T) {
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		got := run(t, "", false, checkArgs(s, "json")...)

		var session api.Session
		pageCall(t, session.Exports()["evaluate"], mustJSON(t, map[string]any{"nodes": s.Nodes, "pods": s.Pods, "options": s.Settings}), &engine.Report{})
		var download string
		pageCall(t, session.Exports()["verdicts"], []byte(`{}`), &download)
		named := run(t, "", false, append(append([]string{"check", "-o", "json"}, editorFileArgs...), optionFlags(s.Settings)...)...)
		if diff := cmp.Diff(named.stdout, download); diff != "" {
			t.Errorf("the page's report download (+) is not check -o json's output (-):\n%s", diff)
		}

		report := pageEvaluate(t, s.Nodes, s.Pods, s.Settings)
		e := newEditors([]inputFile{{name: "nodes.yaml", text: s.Nodes}, {name: "pods.yaml", text: s.Pods}})
		report.Diagnostics = e.diagnostics(report.Diagnostics)
		page, err := engine.ReportVerdicts(report)
		if err != nil {
			t.Fatal(err)
		}
		e.relocateVerdicts(page)
		var want, cli engine.Verdicts
		mustRoundTrip(t, page, &want)
		if err := json.Unmarshal([]byte(got.stdout), &cli); err != nil {
			t.Fatalf("check -o json: %v\n%s", err, got.stdout)
		}
		if diff := cmp.Diff(want, cli); diff != "" {
			t.Errorf("the page's verdicts (-) and check's (+) differ:\n%s", diff)
		}
		if len(cli.Pods) != len(report.Pods) {
			t.Errorf("check judged %d pods, the page evaluated %d", len(cli.Pods), len(report.Pods))
		}
	})
}

// pageEvaluate calls the page's evaluate and decodes its Report.
func pageEvaluate(t *testing.T, nodes, pods string, opts core.Options) *engine.Report {
	t.Helper()
	var s api.Session
	arg, err := json.Marshal(map[string]any{"nodes": nodes, "pods": pods, "options": opts})
	if err != nil {
		t.Fatal(err)
	}
	var report engine.Report
	pageCall(t, s.Exports()["evaluate"], arg, &report)
	return &report
}

// pageCall runs one export as the bridge does and decodes its value.
func pageCall(t *testing.T, fn api.Func, arg []byte, value any) {
	t.Helper()
	var env struct {
		OK    bool            `json:"ok"`
		Value json.RawMessage `json:"value"`
		Error *api.Error      `json:"error"`
	}
	if err := json.Unmarshal(api.Respond(fn(arg)), &env); err != nil {
		t.Fatal(err)
	}
	if !env.OK {
		t.Fatalf("the page's call failed: %+v", env.Error)
	}
	if err := json.Unmarshal(env.Value, value); err != nil {
		t.Fatal(err)
	}
}

// mustRoundTrip gives v as JSON decodes it, as the command line prints it.
func mustRoundTrip(t *testing.T, v, into any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatal(err)
	}
}
