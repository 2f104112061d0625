package yamltext

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/internal/yamlcorpus"
)

// blockYAMLCases are texts at the edges of scanBlockYAML's subset. scanned
// says whether the scanner must read the text itself (true) or leave it to
// goyaml.v3 (false); either way its tree must be goyaml.v3's.
var blockYAMLCases = []struct {
	name    string
	text    string
	scanned bool
}{
	{"a mapping", "a: b\n", true},
	{"a quote in single quotes", "key: 'it''s'\n", true},
	{"only quotes in single quotes", "key: ''''\nb: ''\n", true},
	{"escapes in double quotes", `key: "a\"b\\c\'d\te\n\0\a\b\v\f\r\e\ f"` + "\n", true},
	{"an empty value before a comment", "key: # comment\nb: c\n", true},
	{"trailing spaces", "key: value   \nb:   \nc: 'd'  \n", true},
	{"a comment after a value", "a: b #c\nd: e#f\ng: 'h' # i\n", true},
	{"a lone dash", "a:\n-\n- b\n-   \n- # c\n", true},
	{"sequences in a mapping", "a:\n  - b\n  -\n    c: d\n  - - e\n    - f\n", true},
	{"an indentless sequence", "a:\n- b\n- c: d\n  e: f\ng: h\n", true},
	{"compact mappings", "- a: b\n  c: d\n- e\n-   f: g\n    h:\n    - i\n", true},
	{"colons in quoted keys", "'a:b': c\n\"d: e\": f\n'': g\n", true},
	{"plain scalars with colons and hashes", "a: b:c\nd: http://e/f#g\nh: i,j[k]{l}\n", true},
	{"indicators that start plain scalars", "a: -b\nc: ?d\ne: :f\n-g: h\n", true},
	{"a space before the colon", "a : b\n'c'  : d\n", true},
	{"a value on the next line", "a:\n  b\nc: d\n", true},
	{"interior spaces", "a: b  c\n", true},
	{"an indented document", "  a: b\n  c:\n    d: e\n", true},
	{"a separator first", "---\na: b\n", true},
	{"a separator with a comment", "--- # c\na: b\n", true},
	{"comments and blank lines", "# head\n\na: b\n   # indented\n\n  \nc: d\n# tail\n", true},
	{"no final line feed", "a: b\nc:", true},
	{"a merge key", "<<:\n  a: b\nc: d\n'<<': e\n", true},
	{"characters beyond ASCII", "é: ü\nb:\n  ö: 'ä' # ß\n  c: - x\n- 日本: 語\n", false},
	{"characters beyond ASCII in place", "é: ü\nb:\n  ö: 'ä' # ß\n  日本: 語\n  x:\n", true},
	{"resolved tags", "a: 1\nb: 0x1F\nc: 1.5\nd: 1e3\ne: .5\nf: -1\ng: +1\nh: 0o17\ni: 0b101\nj: 2025-03-14\n" +
		"k: 2025-03-14T10:01:40Z\nl: null\nm: ~\nn: true\no: True\np: yes\nq: .inf\nr: -.inf\ns: .nan\nt: 1_000\n" +
		"u: 10.244.1.0/24\nv: 9a8b7c6d-5e4f\nw: 99999999999999999999\nx: 0x\ny: -0b101\nz: 0b-101\naa: 019\nab: 1.\n" +
		"ac: +.5e-3\nad: 2025-3-4 5:6:7\nae: 0o-7\naf: NULL\nag: FALSE\nah: 1e\nai: .e1\naj: +\nak: 12_\n1: 2\n", true},

	{"a second colon", "a: b: c\n", false},
	{"a colon at the end of a value", "a: b:\n", false},
	{"empty flow collections", "a: {}\nb: []\nc:\n- {}\n- [] # d\n", true},
	{"a flow sequence", "a: [b]\n", false},
	{"a space in a flow mapping", "a: { }\n", false},
	{"text after a flow mapping", "a: {} b\n", false},
	{"a flow mapping", "a: {b: c}\n", true},
	{"flow mappings as entries", "- {key: dedicated, value: gpu, effect: NoSchedule}\n- {key: spot, value: \"true\", effect: PreferNoSchedule} # c\n-   { 'a': b ,c: 1,  \"d\": -1 , e: f g  }\n", true},
	{"flow mapping scalars", "a: {b: 300, c: null, d: 'it''s', e: \"x\\ty\", f: -.inf, g: x-y, h: a'b\"c, i: é, j: -x}\n", true},
	{"a flow mapping over lines", "a: {b: c,\n  d: e}\n", false},
	{"a flow mapping with a trailing comma", "a: {b: c,}\n", false},
	{"a flow mapping with an empty value", "a: {b: , c: d}\n", false},
	{"a flow mapping with a key alone", "a: {b, c: d}\n", false},
	{"a flow mapping with a colon in a value", "a: {b: c:d}\n", false},
	{"a flow mapping with no space after a colon", "a: {b:c}\n", false},
	{"a flow mapping with a space before a colon", "a: {b : c}\n", false},
	{"a flow mapping in a flow mapping", "a: {b: {c: d}}\n", false},
	{"a flow sequence in a flow mapping", "a: {b: [c]}\n", false},
	{"a flow mapping with a comment inside", "a: {b: c #d\n}\n", false},
	{"text after a flow mapping with entries", "a: {b: c} d\n", false},
	{"a flow mapping with a question mark", "a: {b: c?d}\n", false},
	{"a flow mapping document", "{a: b}\n", true},
	{"an anchor and an alias", "a: &x b\nc: *x\n", false},
	{"a tag", "a: !t b\n", false},
	{"a literal scalar", "a: |\n  b\n", false},
	{"a folded scalar", "a: >\n  b\n", false},
	{"a plain scalar over lines", "a: b  \n  c  d \n\n   \n    e # f\n  # g\nh: i\n", true},
	{"a plain scalar below its key over lines", "a:\n  b\n  c\n- d\n", false},
	{"a plain entry over lines", "a:\n- b\n  - c\n- d\n  e\n  f: g\n", false},
	{"a plain entry over lines, then a key", "a:\n- b\n  - c\n- d\n  e\nf: g\n", true},
	{"a plain scalar over lines with a colon", "a: b\n  c: d\n", false},
	{"a plain scalar over lines with a comment after", "a: b\n  c # d\n  e\n", false},
	{"a plain scalar not indented enough", "a:\n  b: c\n  d\n", false},
	{"a single-quoted scalar over lines", "a: 'b  \n   c ''d''  \n\n  \n  e'  # f\ng:\n- ' h\n\n  '\n- '\n  i\n  '\n", true},
	{"a single-quoted scalar left open", "a: 'b\n  c\n", false},
	{"a single-quoted scalar not indented enough", "a:\n  b: 'c\n  d'\n", false},
	{"a single-quoted scalar at the left edge", "a: 'b\nc'\n", false},
	{"a double-quoted scalar over lines", "a: \"b\n  c\"\n", false},
	{"a single-quoted key over lines", "'a\n  b': c\n", false},
	{"kubectl's folded message", "status:\n  conditions:\n  - message: 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady\n      message:Network plugin returns error: cni plugin not initialized'\n    reason: KubeletNotReady\n", true},
	{"a complex key", "? a\n: b\n", false},
	{"a tab", "a:\n\tb: c\n", false},
	{"a directive", "%YAML 1.2\n---\na: b\n", false},
	{"a BOM", "\ufeffa: b\n", false},
	{"a carriage return", "a: b\r\n", false},
	{"odd indentation", "a:\n   b: c\n  d: e\n", false},
	{"a document end", "a: b\n...\n", false},
	{"a value after the separator", "--- a: b\n", false},
	{"a unicode escape", `a: "\u00e9"` + "\n", false},
	{"a hex escape", `a: "\x41"` + "\n", false},
	{"a dash as a value", "a: -\n", false},
	{"an entry as a value", "a: - b\n", false},
	{"an entry after a mapping", "a: b\n- c\n", false},
	{"a key after a sequence", "- a\nb: c\n", false},
	{"a scalar document", "a\n", false},
	{"an empty key", ": a\n", false},
	{"text after a quote", "a: 'x' y\n", false},
	{"a hash after a quote", "a: 'x'#c\n", false},
	{"a dedented document", "  a: b\nc: d\n", false},
	{"a dash further in continues a plain entry", "- a\n - b\n", true},
	{"a quote left open", "a: \"b\n", false},
	{"an escaped line break", "a: \"b\\\n  c\"\n", false},
	{"a control character", "a: b\x01\n", false},
	{"a next line", "a: b\u0085c\n", false},
	{"a second document", "a: b\n---\nc: d\n", false},
	{"a key too long", strings.Repeat("k", 1100) + ": v\n", false},
	{"a deep document", strings.Repeat("- ", 120) + "a\n", false},
	{"a quoted key with no space", "'a':b\n", false},
	{"an empty text", "", false},
	{"only comments", "# a\n\n", false},
}

// TestBlockYAMLEdges holds scanBlockYAML to goyaml.v3 at the edges of its
// subset, and to which side of it each case falls.
func TestBlockYAMLEdges(t *testing.T) {
	for _, tc := range blockYAMLCases {
		t.Run(tc.name, func(t *testing.T) {
			if scanned := checkBlockYAML(t, tc.text, &treeArena{}); scanned != tc.scanned {
				t.Errorf("scanned %v, want %v", scanned, tc.scanned)
			}
		})
	}
}

// TestBlockYAMLFiles holds scanBlockYAML to goyaml.v3 on every YAML file of
// the repository and every editor text in them, document by document as
// the decoder cuts them. The texts kubectl prints must be scanned, or
// DecodeNodes would quietly be slow again.
func TestBlockYAMLFiles(t *testing.T) {
	texts := yamlcorpus.Texts(t)
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			for _, doc := range Split(text) {
				checkBlockYAML(t, doc.Text, &treeArena{})
			}
		})
	}
	for _, name := range []string{"engine/manifest/testdata/decode_nodes_get.yaml", "engine/manifest/testdata/decode_pods_get.yaml"} {
		if !checkBlockYAML(t, texts[name], &treeArena{}) {
			t.Errorf("%s: not scanned", name)
		}
	}
}

// TestBlockYAMLArenaAcrossDocuments scans a paste of node documents that
// grow, with taints as flow mappings and in block style, and one the
// scanner leaves to goyaml.v3, all with one arena: each tree, cut from the
// memory of the one before, must be goyaml.v3's. (manifest's
// TestBlockYAMLDecodesAsYAMLv3 decodes the same paste both ways.)
func TestBlockYAMLArenaAcrossDocuments(t *testing.T) {
	text, err := os.ReadFile("testdata/growing_nodes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	scanned := 0
	var arena treeArena
	for _, doc := range Split(string(text)) {
		if checkBlockYAML(t, doc.Text, &arena) {
			scanned++
		}
	}
	if scanned != 39 {
		t.Errorf("scanned %d of the 40 documents, want all but the one with an anchor", scanned)
	}
}

// FuzzScannerAgreesWithYAMLv3: scanBlockYAML either gives a text up or makes
// goyaml.v3's tree of it, and it never accepts a text goyaml.v3 refuses.
func FuzzScannerAgreesWithYAMLv3(f *testing.F) {
	for _, tc := range blockYAMLCases {
		f.Add(tc.text)
	}
	for _, text := range yamlcorpus.Texts(f) {
		for _, doc := range Split(text) {
			f.Add(doc.Text)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkBlockYAML(t, text, &treeArena{})
	})
}

// checkBlockYAML fails the test when scanBlockYAML's tree of a text, cut
// from arena, is not goyaml.v3's, or when it accepts a text that goyaml.v3
// refuses or reads as more than one document; it reports whether the
// scanner read the text.
func checkBlockYAML(t *testing.T, text string, arena *treeArena) bool {
	t.Helper()
	got, scanned := scanBlockYAML(text, arena)
	if !scanned {
		return false
	}
	dec := yaml3.NewDecoder(strings.NewReader(text))
	var want yaml3.Node
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("scanned a text goyaml.v3 refuses (%v):\n%s", err, text)
	}
	var more yaml3.Node
	if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
		t.Fatalf("scanned a text goyaml.v3 reads on after its first document (%v):\n%s", err, text)
	}
	if diff := treeDiff(&want, got, "document"); diff != "" {
		t.Fatalf("%s\nin:\n%s", diff, text)
	}
	return true
}

// treeDiff compares two trees on what the decoder reads of them.
func treeDiff(want, got *yaml3.Node, path string) string {
	type view struct {
		Kind               yaml3.Kind
		Style              yaml3.Style
		Tag, Value, Anchor string
		Line, Column       int
		Alias              bool
		Content            int
	}
	w := view{want.Kind, want.Style, want.Tag, want.Value, want.Anchor, want.Line, want.Column, want.Alias != nil, len(want.Content)}
	g := view{got.Kind, got.Style, got.Tag, got.Value, got.Anchor, got.Line, got.Column, got.Alias != nil, len(got.Content)}
	if diff := cmp.Diff(w, g); diff != "" {
		return fmt.Sprintf("%s (-goyaml.v3 +scanner):\n%s", path, diff)
	}
	for i := range want.Content {
		if diff := treeDiff(want.Content[i], got.Content[i], fmt.Sprintf("%s/%d", path, i)); diff != "" {
			return diff
		}
	}
	return ""
}
