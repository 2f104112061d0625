package manifest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestBadNamesAreRejected: a name or namespace the apiserver refuses is an
// Invalid error at its value, and the object is Rejected, as for a bad toleration.
func TestBadNamesAreRejected(t *testing.T) {
	const subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
	const label = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
	nodes, nodeDiags := DecodeNodes("kind: Node\nmetadata:\n  name: Bad_Name!!\n")
	pods, podDiags := DecodePods("kind: Pod\nmetadata:\n  name: Pod Name With Spaces\n  namespace: NS!\n" +
		"---\nkind: Deployment\nmetadata: {generateName: Web-}\nspec: {template: {spec: {}}}\n" +
		"---\nkind: Pod\nmetadata: {namespace: ok}\n")
	want := []core.Diagnostic{
		{Severity: core.SeverityError, Code: core.CodeInvalid,
			Message: `line 3: metadata.name: Invalid value: "Bad_Name!!": ` + subdomain,
			Source:  core.Source{Editor: core.EditorNodes, Line: 3, Column: 9, Field: "metadata.name"}},
		{Severity: core.SeverityError, Code: core.CodeInvalid,
			Message: `line 3: metadata.name: Invalid value: "Pod Name With Spaces": ` + subdomain,
			Source:  core.Source{Editor: core.EditorPods, Line: 3, Column: 9, Field: "metadata.name"}},
		{Severity: core.SeverityError, Code: core.CodeInvalid,
			Message: `line 4: metadata.namespace: Invalid value: "NS!": ` + label,
			Source:  core.Source{Editor: core.EditorPods, Line: 4, Column: 14, Field: "metadata.namespace"}},
		{Severity: core.SeverityError, Code: core.CodeInvalid,
			Message: `line 7: metadata.generateName: Invalid value: "Web-": ` + subdomain,
			Source:  core.Source{Editor: core.EditorPods, Line: 7, Column: 26, Field: "metadata.generateName"}},
		{Severity: core.SeverityError, Code: core.CodeInvalid,
			Message: "line 10: metadata.name: Required value: name or generateName is required",
			Source:  core.Source{Editor: core.EditorPods, Line: 10, Column: 1, Field: "metadata.name"}},
	}
	got := append(nodeDiags, podDiags...)
	for i := range got {
		got[i].Source.Fields = nil
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if len(nodes) != 1 || len(nodes[0].Rejected) != 1 {
		t.Errorf("node Bad_Name!! should be read and rejected once: %+v", nodes)
	}
	for _, pod := range pods {
		if len(pod.Rejected) == 0 {
			t.Errorf("pod %q should be rejected", pod.Name)
		}
	}
}
