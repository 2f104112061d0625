package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
)

// TestRejectedPodIsNotCounted: a pod the API server would refuse (operator
// Exits) that fits a node as read is counted as rejected, not as "can
// schedule", in the table and in JSON, where its verdict is "rejected" and
// the verdict as read is asRead; likewise a node it would refuse is not a
// node a pod "can schedule on".
func TestRejectedPodIsNotCounted(t *testing.T) {
	badPod := strings.Replace(tolerantPod, "operator: Exists", "operator: Exits", 1)
	badNode := "apiVersion: v1\nkind: Node\nmetadata: {name: GPU_1}\n"
	writeFiles(t, map[string]string{"n.yaml": "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n", "m.yaml": badNode,
		"p.yaml": badPod + "---\n" + intolerantPod})
	table := run(t, "", false, "check", "-f", "n.yaml", "-f", "m.yaml", "-f", "p.yaml")
	for _, want := range []string{
		": rejected by the API server; not judged. As read, ignoring the errors: can schedule on n1\n",
		"Pod web (p.yaml:12:1): can schedule on n1\n  as read, also fits GPU_1, which the API server would reject\n",
		"2 pod(s) on 2 node(s): 1 can schedule, 0 cannot;",
		"; 1 rejected by the API server, not judged;",
	} {
		if !strings.Contains(table.stdout, want) {
			t.Errorf("the table lacks %q:\n%s", want, table.stdout)
		}
	}
	var v engine.Verdicts
	if err := json.Unmarshal([]byte(run(t, "", false, "check", "-f", "n.yaml", "-f", "m.yaml", "-f", "p.yaml", "-o", "json").stdout), &v); err != nil {
		t.Fatal(err)
	}
	if s := v.Summary; s.Schedulable != 1 || s.Rejected != 1 {
		t.Errorf("summary %+v, want 1 schedulable and 1 rejected", s)
	}
	if p := v.Pods[0]; p.Verdict != engine.VerdictRejected || p.AsRead != engine.VerdictSchedulable {
		t.Errorf("the rejected pod's verdict is %q (as read %q), want rejected (as read schedulable)", p.Verdict, p.AsRead)
	}
	if p := v.Pods[1]; len(p.Fits) != 1 || p.Fits[0] != "n1" || len(p.FitsRejected) != 1 {
		t.Errorf("pod web fits %q and rejected nodes %q, want n1 and GPU_1", p.Fits, p.FitsRejected)
	}
}

// TestExplainRejectedPod: explain puts the rejection first, as the page's
// card does, and the verdict as read after it.
func TestExplainRejectedPod(t *testing.T) {
	badPod := strings.Replace(tolerantPod, "operator: Exists", "operator: Exits", 1)
	writeFiles(t, map[string]string{"n.yaml": nodesYAML, "p.yaml": badPod})
	got := run(t, "", false, "explain", "-f", "n.yaml", "-f", "p.yaml", "trainer", "gpu-1")
	want := "The API server would reject this pod: spec.tolerations[0].operator: Unsupported value: \"Exits\": supported values: \"Equal\", \"Exists\"\nAs read, ignoring the errors, the engine finds:\n"
	if !strings.HasPrefix(got.stdout, want) {
		t.Errorf("explain does not start with the rejection:\n%s", got.stdout)
	}
}

// TestInvalidNamesAreRefused: the names the issue found accepted (a node
// Bad_Name!!, a pod "Pod Name With Spaces" in namespace NS!) are what the
// API server refuses: check names each at its line and column in the
// apiserver's words, exits 2 instead of 1, and judges neither object.
func TestInvalidNamesAreRefused(t *testing.T) {
	writeFiles(t, map[string]string{
		"n.yaml": "apiVersion: v1\nkind: Node\nmetadata:\n  name: Bad_Name!!\n",
		"p.yaml": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: Pod Name With Spaces\n  namespace: NS!\nspec:\n  containers: [{name: c, image: nginx}]\n",
	})
	got := run(t, "", false, "check", "-f", "n.yaml", "-f", "p.yaml")
	for _, want := range []string{
		`n.yaml:4:9: error: metadata.name: Invalid value: "Bad_Name!!": a lowercase RFC 1123 subdomain must consist of`,
		`p.yaml:4:9: error: metadata.name: Invalid value: "Pod Name With Spaces": a lowercase RFC 1123 subdomain`,
		`p.yaml:5:14: error: metadata.namespace: Invalid value: "NS!": a lowercase RFC 1123 label must consist of`,
	} {
		if !strings.Contains(got.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, got.stderr)
		}
	}
	if !strings.Contains(got.stdout, "Pod NS!/Pod Name With Spaces (p.yaml:1:1; rejected by the API server: ") ||
		!strings.Contains(got.stdout, "; 1 rejected by the API server, not judged;") {
		t.Errorf("the pod is not shown as rejected:\n%s", got.stdout)
	}
	if got.status != ExitInvalid {
		t.Errorf("status %d, want %d: the API server refuses both objects", got.status, ExitInvalid)
	}
}
