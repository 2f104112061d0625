package cli

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// whatIfCommands are asked of every example: a NoExecute taint evicts, a
// NoSchedule one strands pending pods, and removing every taint of a key
// (which kubectl refuses on a node without it) frees them.
var whatIfCommands = [][]string{
	{"kubectl", "taint", "nodes", "--all", "probe=x:NoExecute"},
	{"kubectl", "taint", "nodes", "--all", "probe=x:NoSchedule"},
	{"kubectl", "taint", "nodes", "--all", "node.kubernetes.io/unschedulable-"},
}

// TestWhatIfAgreesWithPage runs each command on every example through
// whatif -o json and through the page's what-if on the same cluster: the
// blast radius must be the same, and the status must follow from it. The
// page's JSON download (whatIfDownload) must be whatif -o json's output, the
// whole WhatIfReport, byte for byte when the files are named as the editors.
func TestWhatIfAgreesWithPage(t *testing.T) {
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		e := newEditors([]inputFile{{name: "nodes.yaml", text: s.Nodes}, {name: "pods.yaml", text: s.Pods}})
		var session api.Session
		pageCall(t, session.Exports()["evaluate"], mustJSON(t, map[string]any{"nodes": s.Nodes, "pods": s.Pods, "options": s.Settings}), &engine.Report{})
		for _, command := range whatIfCommands {
			args := append([]string{"whatif", "-f", "nodes.yaml", "-f", "pods.yaml", "-o", "json"}, optionFlags(s.Settings)...)
			got := run(t, "", false, append(append(args, "--"), command...)...)
			var cli engine.WhatIfReport
			if err := json.Unmarshal([]byte(got.stdout), &cli); err != nil {
				t.Fatalf("%v: %v\n%s%s", command, err, got.stdout, got.stderr)
			}
			var page engine.BlastRadius
			pageCall(t, session.Exports()["whatIf"], mustJSON(t, map[string]string{"command": shellJoin(command)}), &page)
			e.relocateRadius(&page)
			var want engine.BlastRadius
			mustRoundTrip(t, &page, &want)
			if diff := cmp.Diff(&want, cli.Radius); diff != "" {
				t.Errorf("%v: the page's blast radius (-) and whatif's (+) differ:\n%s", command, diff)
			}
			if wantStatus := whatIfWantStatus(&want, cli.Diagnostics); got.status != wantStatus {
				t.Errorf("%v: status %d, want %d", command, got.status, wantStatus)
			}

			var download string
			pageCall(t, session.Exports()["whatIfDownload"], []byte(`{"format": "json"}`), &download)
			named := run(t, "", false, append(append(append(append([]string{"whatif", "-o", "json"}, editorFileArgs...), optionFlags(s.Settings)...), "--"), command...)...)
			if diff := cmp.Diff(named.stdout, download); diff != "" {
				t.Errorf("%v: the page's JSON download (+) is not whatif -o json's output (-):\n%s", command, diff)
			}
		}
	})
}

// whatIfWantStatus is the status a blast radius calls for.
func whatIfWantStatus(r *engine.BlastRadius, diagnostics []core.Diagnostic) int {
	for _, d := range diagnostics {
		if d.Severity == core.SeverityError {
			return ExitInvalid
		}
	}
	switch {
	case len(r.Errors) > 0:
		return ExitInvalid
	case len(r.EvictedNow) > 0 || len(r.EvictedLater) > 0 || len(r.NoLongerSchedulable) > 0:
		return ExitProblems
	}
	return ExitOK
}

// TestSimulateAgreesWithPage runs every example that has a timeline through
// simulate -o json, its events given as --event flags where they are
// kubectl lines, and compares with the page's simulate of the same events.
func TestSimulateAgreesWithPage(t *testing.T) {
	eachScenario(t, func(t *testing.T, s *examples.Scenario) {
		args := append([]string{"simulate", "-f", "nodes.yaml", "-f", "pods.yaml", "-o", "json", "--until", "2h"}, optionFlags(s.Settings)...)
		args = append(args, "--event", "30s kubectl taint nodes --all probe=x:NoExecute", "--event", "10m kubectl taint nodes --all probe-")
		got := run(t, "", false, args...)
		var cli simulateResult
		if err := json.Unmarshal([]byte(got.stdout), &cli); err != nil {
			t.Fatalf("%v\n%s%s", err, got.stdout, got.stderr)
		}
		if len(cli.Events) == 0 && len(cli.NodeNames) > 0 {
			t.Fatalf("the --event flags gave no event:\n%s", got.stderr)
		}
		var session api.Session
		pageCall(t, session.Exports()["evaluate"], mustJSON(t, map[string]any{"nodes": s.Nodes, "pods": s.Pods, "options": s.Settings}), &engine.Report{})
		var page tainteviction.Timeline
		pageCall(t, session.Exports()["simulate"], mustJSON(t, map[string]any{"events": cli.Events, "until": 7200}), &page)
		if diff := cmp.Diff(&page, cli.Timeline); diff != "" {
			t.Errorf("the page's timeline (-) and simulate's (+) differ:\n%s", diff)
		}
	})
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
