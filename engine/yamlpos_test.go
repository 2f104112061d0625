package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestYAMLSyntaxErrorLines checks that a syntax error names the editor line
// of what is wrong, in any document of the text.
func TestYAMLSyntaxErrorLines(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{
			name: "a flow map left open is found at the end",
			text: "kind: Pod\nmetadata: {name: p\nspec: {}\n",
			want: []string{"error yaml line 3: did not find expected ',' or '}' (pods at 3:0)"},
		},
		{
			name: "a flow list left open on the first line",
			text: "[a, b",
			want: []string{"error yaml line 1: did not find expected ',' or ']' (pods at 1:0)"},
		},
		{
			name: "a key without a colon",
			text: "kind: Pod\nmetadata:\n  name: p\nspec\n  nodeName: n\n",
			want: []string{"error yaml line 4: could not find expected ':' (pods at 4:0)"},
		},
		{
			name: "a bad indentation in the third document",
			text: "kind: Pod\nmetadata: {name: a}\n---\nkind: Pod\nmetadata: {name: b}\n---\nkind: Pod\nmetadata:\n  name: c\n namespace: x\n",
			want: []string{"error yaml line 10: did not find expected key (pods at 10:0)"},
		},
		{
			name: "a quote left open",
			text: "kind: Pod\nmetadata:\n  name: \"p\n",
			want: []string{"error yaml line 3: found unexpected end of stream (pods at 3:0)"},
		},
		{
			name: "a tab for indentation",
			text: "kind: Pod\nmetadata:\n\tname: p\n",
			want: []string{"error yaml line 3: found character that cannot start any token (pods at 3:0)"},
		},
		{
			name: "an unknown anchor",
			text: "kind: Pod\nmetadata: {name: *p}\n",
			want: []string{"error yaml line 1: unknown anchor 'p' referenced (pods at 1:0)"},
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
