package highlight

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestInvisibleCharactersAreMarked(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []tok
	}{
		{
			name:  "a right-to-left override in a taint value is a token of its own",
			input: "taints:\n- key: team\n  value: \"\u202eupg\"\n",
			want: []tok{
				{"kd", "taints"}, {"p", ":"},
				{"p", "-"}, {"nt", "key"}, {"p", ":"}, {"py", "team"},
				{"nt", "value"}, {"p", ":"}, {"s2", "\""}, {"gr", "\u202e"}, {"s2", "upg\""},
			},
		},
		{
			name:  "a zero-width space in a label key splits the key",
			input: "labels:\n  te\u200bam: a\n",
			want:  []tok{{"nt", "labels"}, {"p", ":"}, {"nt", "te"}, {"gr", "\u200b"}, {"nt", "am"}, {"p", ":"}, {"sx", "a"}},
		},
		{
			name:  "isolates, marks, a soft hyphen, a BOM and control characters are marked; a tab and no-break space are not",
			input: "# a\u2066b\u200fc\u00add\ufeffe\x01f\u0085g\th\u00a0i\n",
			want: []tok{{"c1", "# a"}, {"gr", "\u2066"}, {"c1", "b"}, {"gr", "\u200f"}, {"c1", "c"}, {"gr", "\u00ad"}, {"c1", "d"},
				{"gr", "\ufeff"}, {"c1", "e"}, {"gr", "\x01"}, {"c1", "f"}, {"gr", "\u0085"}, {"c1", "g\th\u00a0i"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, classified(t, tc.input)); diff != "" {
				t.Errorf("tokens (-want +got):\n%s", diff)
			}
		})
	}
}

// TestInvisibleKeepsTheText checks that marking changes no character: the
// layer's text is still the textarea's.
func TestInvisibleKeepsTheText(t *testing.T) {
	input := "metadata:\n  name: \u202ea\u200bb\u2069\n"
	var b strings.Builder
	for _, line := range tokenLines(input) {
		for _, token := range line {
			b.WriteString(token.Value)
		}
	}
	if b.String() != input {
		t.Errorf("the tokens' text is %q; want the input %q", b.String(), input)
	}
}
