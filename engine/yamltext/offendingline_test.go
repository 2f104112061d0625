package yamltext

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// offendingLineTexts are parser errors of each kind, in block and flow
// context, at the end of the text and before it, with several documents
// and with each kind of line break.
var offendingLineTexts = []string{
	"kind: Pod\nmetadata: {name: p\nspec: {}\n",
	"kind: Pod\nmetadata: {name: p\nspec: {}",
	"[a, b",
	"a:\n  - [b, c\n  - d\n",
	"a: [b, c\n   d: e]\nf: g\n",
	"a: [b,\n  c,\n  d}\n",
	"a: {b: c,\n  d: e]\n",
	"a: {b: c\n  d: e\n  f\n}\n",
	"kind: Pod\nmetadata:\n  name: c\n namespace: x\n",
	"kind: Pod\nmetadata:\n  name: p\n  - x\n",
	"a:\n  b:\n    c: d\n  e: f\n   g: h\n",
	"- a\n- b\n c: d\n",
	"a:\n- b\n- c\n d\n",
	"a: [b, ]]\n",
	"a:\n  b: ]\n",
	"- ]\n",
	"a: !x!y z\n",
	"a:\n  b: 1\n  c: !e!f g\n",
	"a: [\n  b,\n  ,\n]\n",
	"a: {\n  b: c,\n  : ,\n  ]\n",
	"x: 1\n---\na: {b: c\n  d: e]\n",
	"a: 1\r\nb:\r\n  c: 2\r\n d: 3\r\n",
	"a: 1\rb:\r  c: 2\r d: 3\r",
	"a: [b,\u0085c\u2028d}\u2029e]\n",
	"k: v\n\n\n# comment\n   bad: x\n",
	"a: &x [b, c\n  d: *x}\n",
	"? a\n: b\n c\n",
}

// v2Error returns the line and message of goyaml.v2's error for a text's
// first document, as kubectl (sigs.k8s.io/yaml) reports it.
func v2Error(text string) (line int, msg string, ok bool) {
	_, err := yaml.YAMLToJSON([]byte(text))
	if err == nil {
		return 0, "", false
	}
	m := yamlErrorLine().FindStringSubmatch(err.Error())
	if m == nil {
		return 0, "", false
	}
	line, _ = strconv.Atoi(m[1])
	return line, m[2], true
}

// checkOffendingLine holds offendingLine to goyaml.v2 wherever goyaml.v2 and
// goyaml.v3 stop a text's first document with the same parser problem. An
// answer that is not sure (the error then keeps goyaml.v3's line) is
// allowed only where sure is false.
func checkOffendingLine(t *testing.T, text string, sure bool) {
	t.Helper()
	var doc yaml3.Node
	err := yaml3.Unmarshal([]byte(text), &doc)
	if err == nil {
		return
	}
	m := yamlErrorLine().FindStringSubmatch(err.Error())
	if m == nil || !contextProblems[m[2]] {
		return
	}
	wantLine, wantMsg, ok := v2Error(text)
	if !ok || wantMsg != m[2] {
		return // the two versions disagree on the problem itself
	}
	reported, _ := strconv.Atoi(m[1])
	got, ok := offendingLine(text, m[2], reported)
	if !ok && !sure {
		return
	}
	if !ok || got != wantLine {
		t.Errorf("%q: %s: offendingLine = %d, %v; goyaml.v3 says line %d, goyaml.v2 line %d", text, m[2], got, ok, reported, wantLine)
	}
}

func TestOffendingLineAgreesWithYAMLv2(t *testing.T) {
	for _, text := range offendingLineTexts {
		checkOffendingLine(t, text, true)
	}
}

func FuzzOffendingLineAgreesWithYAMLv2(f *testing.F) {
	for _, text := range offendingLineTexts {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		checkOffendingLine(t, text, false)
	})
}

// BenchmarkOffendingLine parses a 20,000-line list whose last item has a
// bad indentation, as the page and the command line do on a syntax error:
// goyaml.v3's parse and then offendingLine's parses of the text's
// beginnings.
func BenchmarkOffendingLine(b *testing.B) {
	var text strings.Builder
	text.WriteString("items:\n")
	for i := range 5000 {
		fmt.Fprintf(&text, "- metadata:\n    name: n%d\n  spec:\n    taints: [{key: k, effect: NoSchedule}]\n", i)
	}
	text.WriteString("- metadata:\n    name: x\n   spec: {}\n")
	for b.Loop() {
		if _, errs := parseYAMLDocuments(text.String(), 1); len(errs) != 1 || errs[0].Line != 20004 {
			b.Fatalf("errors %v, want one at line 20004", errs)
		}
	}
}
