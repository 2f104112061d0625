package chromatoken

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/wasm/highlight"
)

// TestClassesAreChromas checks that each of the highlighter's token types has
// the class chroma gives the chroma type it stands for, so that the WASM's
// markup is chroma's and the stylesheet's rules reach it.
func TestClassesAreChromas(t *testing.T) {
	seen := map[chroma.TokenType]highlight.TokenType{}
	for _, own := range highlight.TokenTypes() {
		mapped := Type(own)
		want, ok := chroma.StandardTypes[mapped]
		if !ok {
			t.Errorf("type %d stands for %v, not a standard chroma type", own, mapped)
		}
		if got := own.Class(); got != want {
			t.Errorf("type %d (chroma's %v) has class %q; chroma gives it %q", own, mapped, got, want)
		}
		if other, dup := seen[mapped]; dup {
			t.Errorf("types %d and %d both stand for chroma's %v", other, own, mapped)
		}
		seen[mapped] = own
	}
}

// TestLexerTokenisesAsHighlight checks that the chroma.Lexer gives chroma the
// highlighter's tokens, line breaks made "\n".
func TestLexerTokenisesAsHighlight(t *testing.T) {
	input := "taints:\r\n- key: a\r  effect: NoSchedule\n"
	got, err := chroma.Tokenise(Lexer, nil, input)
	if err != nil {
		t.Fatal(err)
	}
	want := Tokens(highlight.Tokenise("taints:\n- key: a\n  effect: NoSchedule\n"))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens (-highlight +Lexer):\n%s", diff)
	}
	var classes []string
	for _, token := range got {
		classes = append(classes, chroma.StandardTypes[token.Type])
	}
	if diff := cmp.Diff([]string{"kd", "p", "", "p", "", "nt", "p", "", "sx", "", "", "nt", "p", "", "kt", ""}, classes); diff != "" {
		t.Errorf("classes (-want +got):\n%s", diff)
	}
}
