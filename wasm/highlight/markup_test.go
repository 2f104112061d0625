package highlight

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/google/go-cmp/cmp"
)

// chromaFormatter is chroma's HTML formatter as HTML called it before markup
// replaced it: classes with the prefix, no <pre> around.
var chromaFormatter = chromahtml.New(
	chromahtml.WithClasses(true),
	chromahtml.ClassPrefix(ClassPrefix),
	chromahtml.PreventSurroundingPre(true),
)

// chromaHTML is HTML as it was written with chroma's formatter, a line at a
// time: the oracle that markup must match byte for byte.
func chromaHTML(t testing.TB, input, editor string) string {
	t.Helper()
	var out strings.Builder
	out.WriteString(`<code class="` + ClassPrefix + `chroma">`)
	for i, line := range tokenLines(input) {
		n := strconv.Itoa(i + 1)
		out.WriteString(`<span class="` + ClassPrefix + `line"`)
		if editor != "" {
			out.WriteString(` id="` + editor + `-L` + n + `"`)
		}
		out.WriteString(` data-line="` + n + `">`)
		if err := chromaFormatter.Format(&out, emptyStyle(), chroma.Literator(asChroma(line)...)); err != nil {
			t.Fatal(err)
		}
		out.WriteString(`</span>`)
	}
	out.WriteString(`</code>`)
	return out.String()
}

// markupCorpus is the text markup is checked on: the golden inputs, the fuzz
// seeds, the lexer's tricky lines, the long lines, a cluster's nodes, and
// text past MaxBytes, with every character HTML escapes.
func markupCorpus(t *testing.T) []string {
	t.Helper()
	var corpus []string
	for _, path := range inputs(t) {
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		corpus = append(corpus, string(input))
	}
	corpus = append(corpus, htmlSeeds...)
	for _, line := range trickyLines {
		corpus = append(corpus, line+"\n")
	}
	for _, tc := range longLineCases() {
		corpus = append(corpus, tc.input)
	}
	return append(corpus, nodesYAML(10<<10), strings.Repeat("a: <b> & 'c' \"d\" \\e\t\x01\n", MaxBytes/16))
}

// checkMarkupMatchesChroma asserts that HTML writes what chroma's formatter
// writes, with and without line ids, in the size it was allocated.
func checkMarkupMatchesChroma(t *testing.T, input string) {
	t.Helper()
	for _, editor := range []string{"nodes", ""} {
		got, err := HTML(input, editor)
		if err != nil {
			t.Fatal(err)
		}
		if size := htmlMarkup().size(tokenLines(input), editor); size != len(got) {
			t.Errorf("size = %d for the %d bytes of HTML(%.60q, %q)", size, len(got), input, editor)
		}
		if want := chromaHTML(t, input, editor); got != want {
			t.Errorf("HTML(%.60q, %q) differs from chroma's formatter's (-chroma +HTML):\n%s", input, editor, cmp.Diff(want, got))
		}
	}
}

func TestMarkupMatchesChroma(t *testing.T) {
	for _, input := range markupCorpus(t) {
		checkMarkupMatchesChroma(t, input)
	}
}

// TestMarkupOfEveryType checks the span of every token type, with every
// character that is escaped, against chroma's formatter's for the chroma type
// it stands for.
func TestMarkupOfEveryType(t *testing.T) {
	for _, tokenType := range TokenTypes() {
		class := tokenType.Class()
		line := []Token{{Type: tokenType, Value: `a<b>&'"c`}, {Type: text, Value: "\n"}}
		var want strings.Builder
		if err := chromaFormatter.Format(&want, emptyStyle(), chroma.Literator(asChroma(line)...)); err != nil {
			t.Fatal(err)
		}
		got := string(htmlMarkup().appendLines(nil, [][]Token{line}, ""))
		wantLine := `<code class="hl-chroma"><span class="hl-line" data-line="1">` + want.String() + `</span></code>`
		if got != wantLine {
			t.Errorf("a token of type %v (class %q) is written %q; chroma's formatter writes %q", tokenType, class, got, wantLine)
		}
	}
}

// addMarkupSeeds seeds a markup fuzz target with the highlighter's test
// inputs and the lines that tripped escapes before.
func addMarkupSeeds(f *testing.F) {
	for _, seed := range htmlSeeds {
		f.Add(seed)
	}
	for _, line := range trickyLines {
		f.Add(line)
	}
}

func FuzzMarkupMatchesChroma(f *testing.F) {
	addMarkupSeeds(f)
	f.Fuzz(checkMarkupMatchesChroma)
}

// checkJSONIsTheHTML asserts that AppendJSON appends a JSON string, after
// what dst held, whose value is HTML's, in the size it was allocated.
func checkJSONIsTheHTML(t *testing.T, input string) {
	t.Helper()
	want, err := HTML(input, "pods")
	if err != nil {
		t.Fatal(err)
	}
	got, err := AppendJSON([]byte(`{"html":`), input, "pods")
	if err != nil {
		t.Fatal(err)
	}
	if size := jsonMarkup().size(tokenLines(input), "pods") + len(`{"html":""`); size != len(got) {
		t.Errorf("size = %d for the %d bytes of AppendJSON(%.60q)", size, len(got), input)
	}
	got = append(got, '}')
	if !json.Valid(got) {
		t.Fatalf("AppendJSON(%.60q) is not valid JSON: %.200s", input, got)
	}
	var decoded struct{ HTML string }
	if err := json.Unmarshal(got, &decoded); err != nil {
		t.Fatal(err)
	}
	if decoded.HTML != want {
		t.Errorf("AppendJSON(%.60q) holds other HTML than HTML's (-HTML +JSON):\n%s", input, cmp.Diff(want, decoded.HTML))
	}
}

func TestJSONIsTheHTML(t *testing.T) {
	for _, input := range markupCorpus(t) {
		checkJSONIsTheHTML(t, input)
	}
	if _, err := AppendJSON(nil, "a: b\n", "Nodes"); err == nil {
		t.Error("AppendJSON took an editor name with an upper-case letter; its ids would not be HTML's")
	}
}

func FuzzJSONIsTheHTML(f *testing.F) {
	addMarkupSeeds(f)
	f.Fuzz(checkJSONIsTheHTML)
}

// BenchmarkHighlightChoices measures what each way of writing the markup
// costs on 100 KB of node YAML, with the line cache warm (highlighting again
// after an edit, or the same text again) and cold (a paste): chroma's HTML
// formatter a line at a time, as the highlighter first wrote it; markup's
// HTML; that HTML encoded by encoding/json, as the bridge answered before;
// and markup's JSON form, which the bridge answers now. The README's table
// is its figures, natively and in the WASM under Node.
func BenchmarkHighlightChoices(b *testing.B) {
	input := nodesYAML(100 << 10)
	choices := []struct {
		name  string
		write func() error
	}{
		{"chroma formatter", func() error { chromaHTML(b, input, "nodes"); return nil }},
		{"markup HTML", func() error { _, err := HTML(input, "nodes"); return err }},
		{"markup HTML then encoding-json", func() error {
			html, err := HTML(input, "nodes")
			if err == nil {
				_, err = json.Marshal(map[string]string{"html": html})
			}
			return err
		}},
		{"markup JSON", func() error { _, err := AppendJSON(nil, input, "nodes"); return err }},
	}
	for _, choice := range choices {
		for _, cold := range []bool{false, true} {
			name := choice.name + "/warm"
			if cold {
				name = choice.name + "/cold"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(input)))
				for b.Loop() {
					if cold {
						cache = &lineCache{tokens: map[string][]Token{}}
					}
					if err := choice.write(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
