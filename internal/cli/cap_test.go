package cli

import (
	"fmt"
	"strings"
	"testing"
)

// manyPodsList is one node (with extra written into its spec) and n pods
// that fit it, as one mixed List: both editors read it, each skipping the
// other's kinds.
func manyPodsList(n int, nodeSpec string) string {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: List\nitems:\n")
	for i := range n {
		fmt.Fprintf(&b, "- apiVersion: v1\n  kind: Pod\n  metadata: {name: p%d}\n", i)
	}
	b.WriteString("- apiVersion: v1\n  kind: Node\n  metadata: {name: n1}\n  spec: {" + nodeSpec + "}\n")
	return b.String()
}

// TestProblemCapCountsWhatIsShown: the warnings the command line drops for
// a file both editors read take no room under the problem cap, so 1,001
// pods beside a node print no cap and no phantom error, and exit as their
// verdicts say; a node's error after them is still shown and the node
// still rejected.
func TestProblemCapCountsWhatIsShown(t *testing.T) {
	nodesFile := "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
	var pods strings.Builder
	for i := range 1_001 {
		fmt.Fprintf(&pods, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\n", i)
	}
	for _, tc := range []struct {
		name   string
		files  map[string]string
		status int
		stderr string
	}{
		{name: "a mixed List of 1 node and 1,001 pods: 0", files: map[string]string{"all.yaml": manyPodsList(1_001, "")}, status: ExitOK},
		{name: "a pods file beside a nodes file: 0", files: map[string]string{"n.yaml": nodesFile, "p.yaml": pods.String()}, status: ExitOK},
		{name: "a misspelt node field after 1,001 pods: 2", files: map[string]string{"all.yaml": manyPodsList(1_001, "unschedulabel: true")},
			status: ExitInvalid, stderr: `unknown field "spec.unschedulabel"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			writeFiles(t, tc.files)
			args := []string{"check", "-o", "json"}
			for name := range tc.files {
				args = append(args, "-f", name)
			}
			got := run(t, "", false, args...)
			if got.status != tc.status || strings.Contains(got.stderr, "not shown") || !strings.Contains(got.stderr, tc.stderr) {
				t.Errorf("status %d (want %d), stderr:\n%.2000s", got.status, tc.status, got.stderr)
			}
			if tc.stderr != "" && !strings.Contains(got.stdout, `"rejected": [`) {
				t.Errorf("node n1 is not rejected:\n%.3000s", got.stdout[strings.LastIndex(got.stdout, `"nodes"`):])
			}
		})
	}
}

// TestProblemCapIsPerFile: the same pod file 5,000 times, which both
// editors read, prints nothing: the Nodes editor's 5,000 warnings that a
// Pod belongs in the Pods editor are not shown, so they take no room and
// make no cap error.
func TestProblemCapIsPerFile(t *testing.T) {
	writeFiles(t, map[string]string{"n.yaml": "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n",
		"p.yaml": "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"})
	args := []string{"check", "-f", "n.yaml"}
	for range 5_000 {
		args = append(args, "-f", "p.yaml")
	}
	got := run(t, "", false, args...)
	if got.status != ExitOK || got.stderr != "" {
		t.Errorf("status %d (want 0), stderr:\n%.1000s", got.status, got.stderr)
	}
}

// TestProblemCapNote: past the cap, one note says how many problems of
// each kind are left out, with the severity of what it hides.
func TestProblemCapNote(t *testing.T) {
	var pods strings.Builder
	for i := range 1_234 {
		fmt.Fprintf(&pods, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\nspec:\n  tolerations: [{key: gpu, operator: Exists, effect: NoSchedule}]\n", i)
	}
	writeFiles(t, map[string]string{"n.yaml": "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n", "p.yaml": pods.String()})
	got := run(t, "", false, "check", "-f", "n.yaml", "-f", "p.yaml")
	if !strings.Contains(got.stdout, "; 0 error(s), 1234 warning(s)\n") {
		t.Errorf("the summary does not count the warnings left out:\n%s", got.stdout[max(0, len(got.stdout)-300):])
	}
	if !strings.Contains(got.stderr, ": warning: 234 more problems not shown: 234 warnings, 0 errors\n") || got.status != ExitOK {
		t.Errorf("status %d (want 0), stderr ends:\n%s", got.status, got.stderr[max(0, len(got.stderr)-500):])
	}
}
