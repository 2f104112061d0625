package highlight

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/internal/golden"
)

// golden compares got with the file at path, or writes it with -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	golden.Check(t, path, []byte(got))
}

// inputs are the golden inputs: every file in testdata but the goldens.
func inputs(t testing.TB) []string {
	t.Helper()
	// Each input sits beside its golden, input.html; testdata also holds
	// fuzz/, where go test keeps a fuzz target's failing inputs.
	goldens, err := filepath.Glob("testdata/*.html")
	if err != nil {
		t.Fatal(err)
	}
	if len(goldens) == 0 {
		t.Fatal("no inputs in testdata")
	}
	out := make([]string, len(goldens))
	for i, g := range goldens {
		out[i] = strings.TrimSuffix(g, ".html")
	}
	return out
}

func TestHTMLGolden(t *testing.T) {
	for _, path := range inputs(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			input, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := HTML(string(input), "nodes")
			if err != nil {
				t.Fatal(err)
			}
			checkHTML(t, string(input), "nodes", got)
			checkGolden(t, path+".html", got)
		})
	}
}

var (
	tags      = regexp.MustCompile(`<[^>]*>`)
	lineStart = regexp.MustCompile(`<span class="hl-line"(?: id="([^"]*)")? data-line="(\d+)">`)
)

// checkHTML asserts what must hold for any input: the text survives
// unchanged (but for line breaks and invalid UTF-8), every line is wrapped and numbered in
// order, no inline style is emitted, and nothing but chroma's escaped
// tokens is between the tags.
func checkHTML(t *testing.T, input, editor, got string) {
	t.Helper()
	wantText := strings.ToValidUTF8(strings.ReplaceAll(strings.ReplaceAll(input, "\r\n", "\n"), "\r", "\n"), "\uFFFD")
	if text := html.UnescapeString(tags.ReplaceAllString(got, "")); text != wantText {
		t.Errorf("the text of the HTML differs from the input:\n%s", cmp.Diff(wantText, text))
	}
	if strings.Contains(got, "style=") {
		t.Error("the HTML has a style attribute; the CSP forbids inline styles")
	}
	if !strings.HasPrefix(got, `<code class="hl-chroma">`) || !strings.HasSuffix(got, `</code>`) {
		t.Errorf("the HTML is not one <code class=\"hl-chroma\"> element: %.80q", got)
	}
	wantLines := strings.Count(wantText, "\n")
	if !strings.HasSuffix(wantText, "\n") {
		wantLines++
	}
	if wantText == "" {
		wantLines = 0
	}
	starts := lineStart.FindAllStringSubmatch(got, -1)
	if len(starts) != wantLines {
		t.Fatalf("%d line elements for %d lines", len(starts), wantLines)
	}
	for i, m := range starts {
		n := strconv.Itoa(i + 1)
		wantID := ""
		if editor != "" {
			wantID = editor + "-L" + n
		}
		if m[1] != wantID || m[2] != n {
			t.Errorf("line %d has id %q and data-line %q; want %q and %q", i+1, m[1], m[2], wantID, n)
		}
	}
	for _, tag := range tags.FindAllString(got, -1) {
		if !strings.HasPrefix(tag, "<span ") && tag != "</span>" && tag != `<code class="hl-chroma">` && tag != "</code>" {
			t.Errorf("unexpected tag %q: only chroma's spans and the wrapper may appear", tag)
		}
	}
}

func TestHTMLEdges(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		editor string
	}{
		{name: "empty text has no lines", input: ""},
		{name: "no final line break", input: "a: b\nc: d", editor: "pods"},
		{name: "CRLF line breaks become LF", input: "a: b\r\nc: d\r\n", editor: "nodes"},
		{name: "blank lines are lines too", input: "\n\n\n", editor: "nodes"},
		{name: "an unterminated quote", input: "a: \"b\nc: 'd\n", editor: "nodes"},
		{name: "invalid UTF-8 and NUL", input: "a: \xff\xfe\x00\nb: c\n", editor: "nodes"},
		{name: "tabs and odd indentation", input: "\ttaints:\n\t- key: a\n   -  key: b\n", editor: "nodes"},
		{name: "beyond MaxBytes the lines are plain but still numbered",
			input: strings.Repeat("taints: [{key: a}] <b>\n", MaxBytes/20), editor: "nodes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := HTML(tc.input, tc.editor)
			if err != nil {
				t.Fatal(err)
			}
			checkHTML(t, tc.input, tc.editor, got)
		})
	}
}

func TestHTMLPlainBeyondMaxBytes(t *testing.T) {
	got, err := HTML(strings.Repeat("effect: NoSchedule\n", MaxBytes/10), "nodes")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, `class="hl-kt"`) {
		t.Error("text longer than MaxBytes was coloured; it must be plain")
	}
}

func TestHTMLEditorName(t *testing.T) {
	tests := []struct {
		name    string
		editor  string
		wantErr bool
	}{
		{name: "nodes", editor: "nodes"},
		{name: "a dash and digits", editor: "taint-command-2"},
		{name: "empty leaves ids out", editor: ""},
		{name: "a quote would break the attribute", editor: `nodes" onclick="x`, wantErr: true},
		{name: "upper case", editor: "Nodes", wantErr: true},
		{name: "starts with a digit", editor: "1nodes", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := HTML("a: b\n", tc.editor)
			if (err != nil) != tc.wantErr {
				t.Errorf("HTML(editor %q) error = %v; want an error: %v", tc.editor, err, tc.wantErr)
			}
		})
	}
}

// longLineCases are lines that would make a backtracking pattern quadratic,
// each about longLineSize bytes, beside ordinary YAML of the same size.
const longLineSize = 200_000

func longLineCases() []struct{ name, input string } {
	var ordinary strings.Builder // unique lines, so the line cache does not help
	for i := 0; ordinary.Len() < longLineSize; i++ {
		fmt.Fprintf(&ordinary, "  - key: dedicated-%d\n    effect: NoSchedule # %d\n", i, i)
	}
	return []struct{ name, input string }{
		{name: "ordinary YAML", input: ordinary.String()},
		{name: "one long word of dashes", input: strings.Repeat("a-", longLineSize/2)},
		{name: "a long spec line that fails at its end", input: strings.Repeat("k=v:NoSchedule ", longLineSize/15) + "k: v"},
		{name: "a long key that never gets its colon", input: strings.Repeat("ab ", longLineSize/3)},
		{name: "a long flow list", input: "a: [" + strings.Repeat("x, ", longLineSize/3) + "]"},
		{name: "a long kubectl line", input: "kubectl taint nodes " + strings.Repeat("n-1 k=v:E- ", longLineSize/11)},
		{name: "an unterminated quoted key", input: "\"" + strings.Repeat(`\"a`, longLineSize/3)},
		{name: "many spaces before a colon", input: "a" + strings.Repeat(" ", longLineSize) + "b"},
		{name: "a line of flow brackets", input: strings.Repeat("[", longLineSize)},
		{name: "a line of sequence dashes", input: strings.Repeat("- ", longLineSize/2)},
		{name: "an unterminated single-quoted scalar", input: "a: '" + strings.Repeat("b''", longLineSize/3)},
	}
}

// TestHTMLLongLines checks that the lines that would make a pattern
// backtrack are highlighted whole and correctly. How long they take, against
// ordinary YAML of the same size, is BenchmarkHTMLLongLines (make bench): a
// time limit in a test fails whenever the machine is busy.
func TestHTMLLongLines(t *testing.T) {
	for _, tc := range longLineCases() {
		t.Run(tc.name, func(t *testing.T) {
			got, err := HTML(tc.input, "nodes")
			if err != nil {
				t.Fatal(err)
			}
			checkHTML(t, tc.input, "nodes", got)
		})
	}
}

// BenchmarkHTMLLongLines times each long line; a lexer turned quadratic
// shows as hundreds of times the ordinary case's ns/op, not a few.
func BenchmarkHTMLLongLines(b *testing.B) {
	for _, tc := range longLineCases() {
		b.Run(tc.name, func(b *testing.B) {
			benchmarkColdHTML(b, tc.input)
		})
	}
}

// BenchmarkLexLongLines times the lexer alone on each long line: chroma's
// formatter, not the lexer, takes most of BenchmarkHTMLLongLines.
func BenchmarkLexLongLines(b *testing.B) {
	for _, tc := range longLineCases() {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.input)))
			for b.Loop() {
				lexer.tokens(tc.input)
			}
		})
	}
}

// benchmarkColdHTML times highlighting input with an empty line cache, as
// for a paste: with the cache warm, only the first iteration would lex.
func benchmarkColdHTML(b *testing.B, input string) {
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		cache = &lineCache{tokens: map[string][]Token{}}
		if _, err := HTML(input, "nodes"); err != nil {
			b.Fatal(err)
		}
	}
}

// htmlSeeds start the fuzzing of HTML.
var htmlSeeds = []string{
	"", "a: b\n", "taints:\n- key: a\n  effect: NoSchedule\n", "kubectl taint nodes n a=b:NoExecute-\n",
	"Tolerations: k op=Exists for 300s\n", "note: |\n  x: y\nz: 1\n", "{\"taints\": [{\"key\": \"k\"}]}",
	"a:\r\n\t- 'b''c'\r", "\xff<&>\"'",
}

func FuzzHTML(f *testing.F) {
	for _, seed := range htmlSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		got, err := HTML(input, "pods")
		if err != nil {
			t.Fatal(err)
		}
		checkHTML(t, input, "pods", got)
	})
}

// nodesYAML is a cluster's Nodes editor of at least size bytes, in the form
// `kubectl get nodes -o yaml` prints.
func nodesYAML(size int) string {
	var text strings.Builder
	for i := 0; text.Len() < size; i++ {
		fmt.Fprintf(&text, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-%04d # worker\n  labels:\n    zone: zone-%d\n"+
			"spec:\n  taints:\n  - key: dedicated\n    value: gpu\n    effect: NoSchedule\n  - {key: spot, value: \"true\", effect: PreferNoSchedule}\n"+
			"status:\n  conditions:\n  - type: Ready\n    status: \"True\"\n    lastTransitionTime: 2024-05-01T10:00:00Z\n", i, i%3)
	}
	return text.String()
}

// BenchmarkHTML highlights the Nodes editor of a 500-node cluster (200 KB) again, as
// after an edit: the line cache holds its lines.
func BenchmarkHTML(b *testing.B) {
	input := nodesYAML(200 << 10)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		if _, err := HTML(input, "nodes"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHTML100KB highlights 100 KB of nodes pasted into an empty editor:
// every line is lexed.
func BenchmarkHTML100KB(b *testing.B) {
	benchmarkColdHTML(b, nodesYAML(100<<10))
}
