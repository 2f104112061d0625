package manifest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestYAMLSyntaxErrorLines checks that a syntax error names the editor line
// of what is wrong, in any document of the text, and the column that
// syntaxColumn finds on it.
func TestYAMLSyntaxErrorLines(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{
			name: "a flow map left open is found at the end",
			text: "kind: Pod\nmetadata: {name: p\nspec: {}\n",
			want: []string{"error yaml line 3: did not find expected ',' or '}' (pods at 3:1)"},
		},
		{
			name: "a flow list left open on the first line",
			text: "[a, b",
			want: []string{"error yaml line 1: did not find expected ',' or ']' (pods at 1:1)"},
		},
		{
			name: "a key without a colon",
			text: "kind: Pod\nmetadata:\n  name: p\nspec\n  nodeName: n\n",
			want: []string{"error yaml line 4: could not find expected ':' (pods at 4:1)"},
		},
		{
			name: "a bad indentation in the third document",
			text: "kind: Pod\nmetadata: {name: a}\n---\nkind: Pod\nmetadata: {name: b}\n---\nkind: Pod\nmetadata:\n  name: c\n namespace: x\n",
			want: []string{"error yaml line 10: did not find expected key (pods at 10:2)"},
		},
		{
			name: "a quote left open",
			text: "kind: Pod\nmetadata:\n  name: \"p\n",
			want: []string{"error yaml line 3: found unexpected end of stream (pods at 3:11)"},
		},
		{
			name: "a tab for indentation",
			text: "kind: Pod\nmetadata:\n\tname: p\n",
			want: []string{"error yaml line 3: found character that cannot start any token (pods at 3:1)"},
		},
		{
			name: "a second mapping value on one line",
			text: "kind: Pod\nmetadata:\n  name: p: q\n",
			want: []string{"error yaml line 3: mapping values are not allowed in this context (pods at 3:10)"},
		},
		{
			name: "describe output after a line that is not a prompt",
			text: "some words\nName:               n1\n",
			want: []string{"error yaml line 2: mapping values are not allowed in this context (pods at 2:5)"},
		},
		{
			name: "a tab after the indentation",
			text: "kind: Pod\nmetadata:\n  name: p\n  \tnamespace: x\n",
			want: []string{"error yaml line 4: found a tab character that violates indentation (pods at 4:3)"},
		},
		{
			name: "an escape double quotes do not know",
			text: "kind: Pod\nmetadata:\n  name: \"a\\qb\"\n",
			want: []string{"error yaml line 3: found unknown escape character (pods at 3:11)"},
		},
		{
			name: "a block sequence after a value",
			text: "kind: Pod\nmetadata:\n  name: p\n  - x\n",
			want: []string{"error yaml line 4: did not find expected key (pods at 4:3)"},
		},
		{
			name: "columns count characters, not bytes",
			text: "kind: Pod\nmetadata:\n  name: é: q\n",
			want: []string{"error yaml line 3: mapping values are not allowed in this context (pods at 3:10)"},
		},
		{
			name: "an unknown anchor",
			text: "kind: Pod\nmetadata: {name: *p}\n",
			want: []string{"error yaml line 2: unknown anchor 'p' referenced (pods at 2:18)"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := DecodePods(tc.text)
			if diff := cmp.Diff(tc.want, diagnosticSummary(diags)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestEditorLines checks that positions count lines as the editor does: CR
// and CRLF are line breaks (a textarea makes them LF), NEL, LS and PS are not,
// though goyaml.v3 counts them as line breaks too.
func TestEditorLines(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{
			name: "CRLF",
			text: "kind: Node\r\nmetadata:\r\n  name: a\r\nspec:\r\n  taints:\r\n  - {key: k, effect: NoSchedule}\r\n",
			want: []string{
				"node a unschedulable=false labels[] at 1:1 {name@3}",
				"  taint k:NoSchedule at 6:5 spec.taints[0] {effect@6 key@6}",
			},
		},
		{
			name: "NEL, LS and PS in a quoted value",
			text: "kind: Node\nmetadata:\n  name: a\n  labels: {x: \"1\u00852\u20283\u20294\"}\nspec:\n  taints:\n  - {key: k, effect: NoSchedule}\n",
			want: []string{
				"node a unschedulable=false labels[x=1 2\u20283\u20294] at 1:1 {name@3}",
				"  taint k:NoSchedule at 7:5 spec.taints[0] {effect@7 key@7}",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			nodes, diags := DecodeNodes(tc.text)
			if diff := cmp.Diff(tc.want, nodeSummary(nodes)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if len(diags) > 0 {
				t.Errorf("diagnostics: %v", diagnosticSummary(diags))
			}
		})
	}
}
