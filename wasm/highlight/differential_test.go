package highlight

import (
	"os"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/google/go-cmp/cmp"
)

// trickyLines are lines at the edges of the regex lexer's patterns: where a
// backtracking pattern finds a shorter match than a greedy scan would, where a
// lookahead looks past a word, and characters its "\s" and "\d" take in
// beyond ASCII.
var trickyLines = []string{
	// YAML and JSON
	"a: b", "a:b", "a :b", "a  : b", "a:", "- a", "-a", "- - a", "-", "? a", "?a", ": a", ":a", "a,b", "a, b", "a ,b",
	"[a, b]", "{a: b, c: [d]}", "a: [x, y]]", "a b: c", "a #b", "a#b: c", "a: b # c #d", "#", "a:  # c",
	`"a": "b"`, `"a":"b"`, `"a" : b`, `'a': 'b'`, `'a''b'`, `'a''`, `'a'' b`, `'a'''`, `'`, `''`, `'''`, `"`, `"a\"`, `"a\`,
	`"a\"b"`, `"\\"`, `a: "b`, `a: 'b`, `"a" "b"`, `"NoSchedule"`, `'Exists'`, `"taints": [`, `'tolerations':`,
	"a: |", "a: |-", "a: >+2 # c", "a: |x", "|", ">", "| #", "a: >-  ", "&a b", "*a", "&", "*", "& a", "!!str a", "!", "! a",
	"a: %b", "a: @b", "a: `b`", "%YAML 1.2", "--- a", "---", "--- # c", "...", "----", "---a", "... b", " ---",
	"a: 1", "a: -1.5e3", "a: 0x1F", "a: .inf", "a: yes", "a: ~", "a: 2024-05-01", "a: 2024-05-01T10:00:00Z",
	"a\u00a0b: c", "a:\u00a0b", "\u00a0a", "a\u2028b", "a: é", "é: ü", "a: \x00", "a\fb", "\va",
	// kubectl
	"kubectl", "  kubectl taint nodes a k=v:NoSchedule", "kubectl taint no a k- -l a=b", "kubectl taint node a k:NoExecute-",
	"kubectl taint nodes a k=v:NoSchedule \\", "kubectl \\ a", "kubectl taint nodes a # c", "kubectl --selector a=b",
	"kubectl --selector=a=b", "kubectl -l", "kubectl -l  ", "kubectl -lx", "kubectl --overwrite", "kubectl --all=true",
	"kubectl -", "kubectl --", "kubectl --1", "kubectl ---a", "kubectl -a-b=", "kubectl nodesx nod no", "kubectl a \"b c\" 'd e'",
	`kubectl a "b`, "kubectl a 'b", `kubectl a "b\"`, `kubectl a "b\`, "kubectl a k=v'", "kubectl a k=v\"x", "kubectl a k=v:",
	"kubectl a k=v:NoSchedulex-y", "kubectl a k=:NoSchedule", "kubectl a k=", "kubectl a a-b", "kubectl a a-", "kubectl a a.b/c-",
	"kubectl a k=v-", "kubectl a k=v-x", "kubectl a \fb", "kubectl a\u00a0b", "kubectl a k=v\u00a0", "kubectl\ta", "kubectlx a",
	// bare specs and describe
	"k=v:NoSchedule", "k:NoSchedule", "k-", "k=v", "k=:NoSchedule", "k=v:NoSchedule-", "a-b", "a-b-", "a=b#c", "a=b # c",
	"a=b c", "a=b op=Exists", "a=b for 300s", "a=b for", "a=b <none>", "a=b 300s", "a=b 3s0", "a=b ٣s", "a=b 300", "a=b #",
	"k:NoExcute", "k:", "k=v:", "k=v::", "k=v:No-", "a.b/c=d_e.f:NoExecute-", "a/b-:X", "_a=b", "a_=b", "a=b_", "a=-b",
	"a=b'c", "a=b\"c", "k=v\u00a0", "k=v \fx", "k=v\tx", "  k=v  ", "k=v\u3000x",
	"Taints:", "Taints:  a=b:NoSchedule", "Taints: <none>", "Tolerations:  k:NoExecute op=Exists for 300s", "Taints:x",
	"Tolerations: op=Lt op=Gtx op=Equal", "Taints: for", "Taints: fore", "Taints: 5s 5sx ٣s", "Taints: a=b#c", "Taints: a\fb",
	"Taints: <none>x", "Taints: 'a' \"b\"", " Taints: a", "taints: a",
}

// checkAgreement asserts that the lexer's tokens for input are the regex
// lexer's, type for type and text for text, but for the empty tokens the
// regex lexer emits for pattern groups that matched nothing (nothing shows
// them: tokenLines drops them).
func checkAgreement(t *testing.T, input string) {
	t.Helper()
	want, err := chroma.Tokenise(regexLexer, nil, input)
	if err != nil {
		t.Fatal(err)
	}
	got := asChroma(Tokenise(input))
	if diff := cmp.Diff(nonEmpty(want), nonEmpty(got)); diff != "" {
		t.Errorf("tokens of %q (-regex lexer +lexer):\n%s", input, diff)
	}
}

// nonEmpty drops the tokens without text.
func nonEmpty(tokens []chroma.Token) []chroma.Token {
	out := []chroma.Token{}
	for _, t := range tokens {
		if t.Value != "" {
			out = append(out, t)
		}
	}
	return out
}

func TestLexerAgreesWithRegexLexer(t *testing.T) {
	for _, path := range inputs(t) {
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkAgreement(t, string(input))
	}
	for _, line := range trickyLines {
		checkAgreement(t, line)
		checkAgreement(t, line+"\n")
		checkAgreement(t, line+" ")
	}
	checkAgreement(t, strings.Join(trickyLines, "\n"))
	checkAgreement(t, "a\r\nb\rc: \xff\xfe")
}

func FuzzLexerAgreesWithRegexLexer(f *testing.F) {
	for _, path := range inputs(f) {
		input, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range strings.SplitAfter(string(input), "\n") {
			f.Add(line)
		}
	}
	for _, line := range trickyLines {
		f.Add(line)
	}
	f.Fuzz(checkAgreement)
}
