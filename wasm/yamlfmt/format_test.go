package yamlfmt

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{
			name: "a messy pod is re-indented by two spaces, comments and quotes kept",
			text: "apiVersion: v1\nkind: Pod\nmetadata:\n    name: web   # the name\nspec:\n      tolerations:\n      - key: \"k\"\n        operator: Exists\n",
			want: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web # the name\nspec:\n  tolerations:\n    - key: \"k\"\n      operator: Exists\n",
		},
		{
			name: "documents stay separated and a leading separator is kept",
			text: "---\n# the node\nkind:    Node\n---\nkind: Pod\n",
			want: "---\n# the node\nkind: Node\n---\nkind: Pod\n",
		},
		{
			name: "a document of comments only keeps them",
			text: "# nothing yet\n",
			want: "# nothing yet\n",
		},
		{
			name: "flow collections keep their style",
			text: "a: [1,   2]\n",
			want: "a: [1, 2]\n",
		},
		{
			name: "JSON is indented as JSON, keys in their order",
			text: `{"kind":"Pod","apiVersion":"v1","spec":{"tolerations":[{"operator":"Exists"}]}}`,
			want: "{\n  \"kind\": \"Pod\",\n  \"apiVersion\": \"v1\",\n  \"spec\": {\n    \"tolerations\": [\n      {\n        \"operator\": \"Exists\"\n      }\n    ]\n  }\n}\n",
		},
		{
			name: "empty JSON objects and arrays stay on one line, strings are kept whole",
			text: `{"a": {}, "b": [ ], "c": "q\"}, ["}`,
			want: "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": \"q\\\"}, [\"\n}\n",
		},
		{
			// yaml.v3 reads "" and an empty null as one key written twice, and
			// "" and null as two: spelt null, the key made the text decode.
			name: "an empty null key stays empty, so a key written twice stays twice",
			text: "?  >\n?",
			want: "\"\":\n?\n:\n",
		},
		{
			name: "an empty null key is not spelt null, which a quoted \"null\" key would then repeat",
			text: "\"null\": 1\n? \n: 2\nf: {? : 3}\n",
			want: "\"null\": 1\n?\n: 2\nf: {? : 3}\n",
		},
		{
			name: "blank text is left alone",
			text: "  \n",
			want: "  \n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Format(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Format (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFormatRefusesBrokenText(t *testing.T) {
	tests := []struct {
		name, text string
		want       Error
	}{
		{
			name: "a mapping value where none may be names its line",
			text: "kind: Pod\nmetadata:\n  name: a\n    labels: b\n",
			want: Error{Message: "line 4: mapping values are not allowed in this context", Line: 4},
		},
		{
			name: "an unclosed quote in the second document names its line in the whole text",
			text: "kind: Node\n---\nkind: Pod\nmetadata:\n  name: \"web\n",
			want: Error{Message: "line 5: found unexpected end of stream", Line: 5},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Format(tc.text)
			var formatErr *Error
			if !errors.As(err, &formatErr) {
				t.Fatalf("Format = %q, %v; want an *Error", got, err)
			}
			if diff := cmp.Diff(tc.want, *formatErr); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFormatKeepsExamples formats every example's YAML: the objects decode
// the same, comments survive, and formatting again changes nothing.
func TestFormatKeepsExamples(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.yaml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkFormat(t, string(data))
		})
	}
}

// checkFormat asserts Format's promises for a text it accepts.
func checkFormat(t *testing.T, text string) {
	t.Helper()
	formatted, err := Format(text)
	if err != nil {
		t.Fatal(err)
	}
	before, err := documents(text)
	if err != nil {
		t.Fatal(err)
	}
	after, err := documents(formatted)
	if err != nil {
		t.Fatalf("the formatted text does not parse: %v\n%s", err, formatted)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the objects changed (-before +after):\n%s", diff)
	}
	for _, line := range strings.Split(text, "\n") {
		if comment, ok := strings.CutPrefix(strings.TrimSpace(line), "#"); ok && !strings.Contains(formatted, comment) {
			t.Errorf("the comment %q was lost", line)
		}
	}
	again, err := Format(formatted)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(formatted, again); diff != "" {
		t.Errorf("formatting twice changed the text (-once +twice):\n%s", diff)
	}
}

// FuzzFormat checks that any text Format accepts keeps its objects and
// formats to itself; the seeds reach every construct the emitter writes.
func FuzzFormat(f *testing.F) {
	f.Add("kind: Pod\nspec:\n    tolerations:\n    - key: a # why\n")
	f.Add("a: &x [1, 2]\nb: *x\n---\nc: |\n  text\n")
	f.Add(`{"a": [], "b": {}, "c": [1, {"d": "e\\\"f"}], "g": null}`)
	for _, tc := range emitterCases {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		formatted, err := Format(text)
		if err != nil {
			return
		}
		if trimmed := strings.TrimSpace(text); trimmed != "" && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid([]byte(trimmed)) {
			var want bytes.Buffer
			if err := json.Indent(&want, []byte(trimmed), "", "  "); err != nil || want.String()+"\n" != formatted {
				t.Fatalf("JSON %q: Format gives %q, json.Indent %q (%v)", text, formatted, want.String(), err)
			}
			return
		}
		if formatted != text { // blank text is left as it is, even if it does not decode
			before, err := documents(text)
			if err != nil { // YAML, but not plain values (a mapping as a key): the layout must not be either
				if _, err := documents(formatted); err == nil {
					t.Fatalf("Format(%q) = %q, which decodes, unlike the text", text, formatted)
				}
				return
			}
			if after, err := documents(formatted); err != nil || !reflect.DeepEqual(before, after) {
				t.Fatalf("Format(%q) = %q, which decodes to other objects (%v)", text, formatted, err)
			}
		}
		again, err := Format(formatted)
		if err != nil {
			t.Fatalf("formatted text %q is refused: %v", formatted, err)
		}
		if again != formatted {
			t.Errorf("formatting %q twice: %q then %q", text, formatted, again)
		}
	})
}

// documents decodes every YAML document of text to plain values, as the
// engine's decoders see them.
func documents(text string) ([]any, error) {
	decoder := yaml.NewDecoder(strings.NewReader(text))
	var docs []any
	for {
		var doc any
		err := decoder.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
}

func TestSameNodes(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       bool
	}{
		{"styles and comments do not matter", "a: [1, 'x'] # c\n", "a:\n  - 1\n  - \"x\"\n", true},
		{"the forms of null are the same", "a:\nb: ~\n", "a: null\nb:\n", true},
		{"a quoted number is a string", "a: '1'\n", "a: 1\n", false},
		{"another value", "a: 1\n", "a: 2\n", false},
		{"another key", "a: 1\n", "b: 1\n", false},
		{"an entry more", "- 1\n", "- 1\n- 2\n", false},
		{"an alias is not a copy", "a: &x 1\nb: *x\n", "a: &x 1\nb: 1\n", false},
		{"another tag", "a: !x 1\n", "a: !y 1\n", false},
		{"a document more", "a: 1\n", "a: 1\n---\na: 1\n", false},
		{"the forms of a null key are not the same", "? \n: 1\n", "null: 1\n", false},
		{"nor those of a null key deeper down", "a:\n  ~: 1\n", "a:\n  null: 1\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := nodes(tc.a)
			if err != nil {
				t.Fatal(err)
			}
			b, err := nodes(tc.b)
			if err != nil {
				t.Fatal(err)
			}
			if got := sameNodes(a, b); got != tc.want {
				t.Errorf("sameNodes(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}
