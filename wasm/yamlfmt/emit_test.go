package yamlfmt

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"
)

// encoderText is what Format wrote before it had its own emitter: every
// document encoded by yaml.v3's encoder with SetIndent(Indent). The encoder is
// the oracle here, and only here, so that it stays out of the WASM.
func encoderText(t *testing.T, text string) string {
	t.Helper()
	decoder := yaml.NewDecoder(strings.NewReader(text))
	var docs []string
	for {
		var doc yaml.Node
		if err := decoder.Decode(&doc); err != nil {
			break
		}
		if len(doc.Content) == 0 {
			docs = append(docs, commentsOnly(&doc))
			continue
		}
		var b strings.Builder
		encoder := yaml.NewEncoder(&b)
		encoder.SetIndent(Indent)
		if err := encoder.Encode(&doc); err != nil {
			t.Fatalf("the oracle cannot encode %q: %v", text, err)
		}
		if err := encoder.Close(); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, b.String())
	}
	formatted := strings.Join(docs, "---\n")
	if strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "---") {
		formatted = "---\n" + formatted
	}
	return formatted
}

// comments lists every comment of every document of text with the path of
// the node that holds it, as yaml.v3's decoder attaches them.
func comments(t *testing.T, text string) []string {
	t.Helper()
	decoder := yaml.NewDecoder(strings.NewReader(text))
	var list []string
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		for kind, c := range map[string]string{"head": n.HeadComment, "line": n.LineComment, "foot": n.FootComment} {
			if c != "" {
				list = append(list, fmt.Sprintf("%s %s %q", path, kind, c))
			}
		}
		for i, c := range n.Content {
			walk(c, fmt.Sprintf("%s/%d", path, i))
		}
	}
	for i := 0; ; i++ {
		var doc yaml.Node
		if err := decoder.Decode(&doc); err != nil {
			break
		}
		walk(&doc, fmt.Sprint(i))
	}
	slices.Sort(list)
	return list
}

// checkAgainstEncoder formats text and checks it against the oracle: the
// same objects as text, comments where text (or the encoder) has them, and,
// unless differs says why not, the encoder's very text.
func checkAgainstEncoder(t *testing.T, text, differs string) {
	t.Helper()
	got, err := Format(text)
	if err != nil {
		t.Fatalf("Format(%q): %v", text, err)
	}
	want := encoderText(t, text)
	if differs == "" {
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Format(%q) differs from yaml.v3's encoder (-encoder +ours):\n%s", text, diff)
		}
	} else if want == got {
		t.Errorf("Format(%q) is the encoder's text, though the case says it differs: %s", text, differs)
	}
	before, err := documents(text)
	if err != nil {
		t.Fatal(err)
	}
	after, err := documents(got)
	if err != nil {
		t.Fatalf("the formatted text does not parse: %v\n%s", err, got)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the objects changed (-before +after):\n%s", diff)
	}
	ours := comments(t, got)
	if diff := cmp.Diff(comments(t, text), ours); diff != "" {
		if cmp.Diff(comments(t, want), ours) != "" {
			t.Errorf("comments moved (-text +formatted):\n%s\nformatted:\n%s", diff, got)
		}
	}
	again, err := Format(got)
	if err != nil {
		t.Fatalf("the formatted text is refused: %v\n%s", err, got)
	}
	if again != got {
		t.Errorf("formatting twice changed the text (-once +twice):\n%s", cmp.Diff(got, again))
	}
}

// TestEmitterMatchesEncoderOnExamples formats every YAML file under examples/.
func TestEmitterMatchesEncoderOnExamples(t *testing.T) {
	var paths []string
	err := filepath.WalkDir(filepath.Join("..", "..", "examples"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil || len(paths) < 20 {
		t.Fatalf("%d examples: %v", len(paths), err)
	}
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstEncoder(t, string(data), "")
		})
	}
}

// emitterCases cover every construct the emitter writes; FuzzFormat starts from them too.
var emitterCases = []struct {
	name, text string
	differs    string // why the text is not the encoder's, when it is not
}{
	{name: "nested mappings", text: "a:\n  b:\n    c: 1\n  d: x\n"},
	{name: "a sequence in a mapping is indented under its key", text: "spec:\n  tolerations:\n  - key: a\n    operator: Exists\n  - effect: NoSchedule\n"},
	{name: "nested sequences start on the dash's line", text: "- - a\n  - b\n- - - c\n"},
	{name: "a mapping in a sequence starts on the dash's line", text: "- a: 1\n  b:\n    - x\n"},
	{name: "empty collections", text: "a: {}\nb: []\nc:\n  - []\n  - {}\n"},
	{name: "nulls", text: "a:\nb: ~\nc: null\n"},
	{name: "null items", text: "- \n- ~\n-\n"},
	{name: "plain scalars of every type", text: "a: 1\nb: 1.5\nc: true\nd: 2001-12-14\ne: 0x1F\nf: .inf\ng: text with spaces\n"},
	{name: "quoted scalars keep their quotes", text: "a: 'single'\nb: \"double\"\nc: 'it''s'\nd: \"say \\\"hi\\\"\"\ne: '123'\nf: \"true\"\n"},
	{name: "double quotes escape what they must", text: "a: \"tab\\there\\nnew\\u0001\\x7f\\u00e9\\U0001F600\\\\ \\0 \\e \\N \\L \\P \\_\"\n"},
	{name: "single-quoted text with breaks", text: "a: 'one\n\n  two\n\n\n  three'\n"},
	{name: "single-quoted text that must become double-quoted", text: "a: 'tab\there'\n"},
	{name: "keys that need quotes", text: "\"a: b\": 1\n\"#x\": 2\n\"- y\": 3\n\"\": 4\n\"true\": 5\n'null': 6\n\"multi\\nline\": 7\n"},
	{name: "plain values that need quotes", text: "a: \": x\"\nb: \"- x\"\nc: \" lead\"\nd: \"trail \"\ne: \"---\"\nf: \"a #b\"\ng: \"@x\"\n"},
	{name: "literal block scalars with each chomping", text: "clip: |\n  one\n  two\nstrip: |-\n  one\nkeep: |+\n  one\n\nlast: x\n"},
	{name: "a literal block scalar starting with a space", text: "a: |2\n   lead\n  next\n"},
	{name: "a literal block scalar starting with a break", text: "a: |2\n\n  after\n"},
	{name: "folded block scalars", text: "a: >\n  one\n  two\n\n  para\n", differs: "the encoder ends a folded scalar with an empty line too many"},
	{name: "folded lines indented more", text: "b: >-\n  x\n     more\n  y\n", differs: "the encoder writes an empty line before a line indented more, which adds a break"},
	{name: "folded text keeping its breaks", text: "c: >+\n  k\n\n", differs: "the encoder writes an empty line too many at the end, which adds a break"},
	{name: "a folded block scalar starting with a space", text: "a: >2\n   lead\n  next\n"},
	{name: "block scalars in a sequence", text: "- |\n  one\n- >-\n  two\n"},
	{name: "a multi-line plain scalar becomes literal", text: "a: one\n\n  two\n"},
	{name: "a block scalar with trailing spaces becomes double-quoted", text: "a: |\n  x  \n  y\n"},
	{name: "tags", text: "a: !!str 1\nb: !custom x\nc: !<tag:example.com,2000:x> y\nd: !!map\n  k: v\ne: !!seq\n  - 1\nf: !!binary aGk=\ng: !!float 1\n"},
	{name: "a non-specific tag makes a string", text: "a: ! 12\nb: ! x\nc: ! true\nd: ! ~\ne: ! 2001-12-14\nf: ! -1.5\n"},
	{name: "anchors and aliases", text: "base: &base\n  k: v\nlist: &l\n  - 1\nscalar: &s x\nuse: *base\nagain: *l\nmore: *s\n"},
	{name: "a merge key", text: "base: &base\n  k: v\nmerged:\n  <<: *base\n  z: 1\n", differs: "the encoder writes the merge key as !!merge <<"},
	{name: "an anchored mapping in a sequence", text: "- &a\n  k: v\n- *a\n"},
	{name: "an alias as a key", text: "a: &k key\n*k : 1\n"},
	{name: "flow collections stay in flow", text: "a: [1, 'two', \"three\", {b: c}, [], {}]\nb: {x: 1, y: [a, b]}\nc: &f [x]\nd: [\"a, b\", 'c: d']\n"},
	{name: "a flow collection with a comment inside is laid out in block style", text: "a: [1, # one\n  2]\nb: {c: d, # why\n  e: f}\n", differs: "the encoder keeps flow style and writes the comments inside it"},
	{name: "flow nulls", text: "a: {b: , c: ~}\n", differs: "the encoder writes an empty null in flow as '', a string"},
	{name: "empty null keys", text: "? \n: 1\nb: {? : 2}\n", differs: "the encoder writes an empty null key as '', a string"},
	{name: "explicit keys", text: "? |\n  multi\n: 2\n? >-\n  folded\n  key\n: - 3\n? \"x\\ny\"\n: {a: b}\n"},
	{name: "a long key is explicit", text: strings.Repeat("k", 130) + ": v\n"},
	{name: "comments on keys and values", text: "# head\n\n# key head\na: 1 # a line\n# a foot\n\nb: # b line\n  # c head\n  c: x # c line\n  # c foot\n# b foot\nd:\n  - 1 # one\n  # one foot\n  - k: v # kv\n    # kv foot\n  # seq foot\ne: &x [1, 2] # flow\nf: *x # alias\n"},
	{name: "a document's foot comment", text: "a: 1\n\n# final\n"},
	{name: "a head comment inside a sequence item", text: "- # head\n  k: v\n- # h2\n  - x\n- k: # kl\n    z: 1\n"},
	{name: "comments in a sequence", text: "seq:\n# head of item\n- a # line\n- b\n"},
	{name: "a foot comment between items", text: "- a\n# foot of a\n\n- b\n"},
	{name: "a last foot comment", text: "- x: 1\n  y: 2\n# end\n"},
	{name: "a block scalar's line comment", text: "a: | # c\n  text\n"},
	{name: "several documents", text: "---\na: 1\n---\n- b\n---\nscalar\n"},
	{name: "a root scalar", text: "just text\n"},
	{name: "a root literal", text: "|\n  text\n"},
	{name: "a comment between a key and its scalar", text: "a:\n  # why\n  x\n", differs: "the encoder moves the comment below, where it becomes the key's foot comment"},
	{name: "tabs and unicode", text: "a: \"x\\ty\"\nb: héllo\nc: \"\\uFEFF\"\n"},
}

func TestEmitterMatchesEncoder(t *testing.T) {
	for _, tc := range emitterCases {
		t.Run(tc.name, func(t *testing.T) {
			checkAgainstEncoder(t, tc.text, tc.differs)
		})
	}
}
