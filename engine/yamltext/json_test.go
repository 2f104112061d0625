package yamltext

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/internal/yamlcorpus"
)

// jsonCases are texts at the edges of scanJSON's subset. scanned says
// whether scanJSON must read the text itself (true) or leave it to
// goyaml.v3 (false); either way the tree Parse gives must be goyaml.v3's.
var jsonCases = []struct {
	name    string
	text    string
	scanned bool
}{
	{"an object as kubectl prints it", "{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n    \"kind\": \"List\"\n}\n", true},
	{"compact", `{"a":{"b":[1,-2,0,true,false,null,"x"]},"c":{}}`, true},
	{"an array", ` [ {"a": "b"} , [] ] `, true},
	{"escapes", `{"k": "a\"b\\c\b\f\n\r\t\u00e9\u0041"}`, true},
	{"an escaped slash, which goyaml.v3 refuses", `{"k": "a\/b"}`, false},
	{"characters beyond ASCII shift columns", "{\"é\": \"ü\", \"k\": [\"日本\", 1]}", true},
	{"indented first line", "        {\n            \"a\": 1\n        }", true},
	{"a surrogate escape", `{"k": "\ud83d\ude00"}`, false},
	{"a float", `{"k": 1.5}`, false},
	{"an exponent", `{"k": 1e3}`, false},
	{"a big integer", `{"k": 1234567890123456789012}`, false},
	{"a leading zero", `{"k": 012}`, false},
	{"a trailing comma", `{"k": [1,]}`, false},
	{"a comment after", "{\"k\": 1} # done\n", false},
	{"a plain word", `{"k": yes}`, false},
	{"a raw tab in a string", "{\"k\": \"a\tb\"}", false},
	{"a line separator in a string", "{\"k\": \"a\u2028b\"}", false},
	{"block YAML", "a: b\n", false},
	{"a long key", `{"` + strings.Repeat("k", 1100) + `": 1}`, false},
	{"a colon on the next line", "{\"k\"\n: 1}", false},
	{"two documents", "{}\n---\n{}\n", false},
}

// TestScanJSON holds scanJSON to goyaml.v3 on jsonCases and on the
// repository's JSON test data.
func TestScanJSON(t *testing.T) {
	for _, tc := range jsonCases {
		t.Run(tc.name, func(t *testing.T) {
			if scanned := checkJSON(t, tc.text); scanned != tc.scanned {
				t.Errorf("scanned %t, want %t", scanned, tc.scanned)
			}
		})
	}
	files, err := filepath.Glob("../manifest/testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no JSON test data (%v)", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !checkJSON(t, string(data)) {
			t.Errorf("%s: not scanned", file)
		}
	}
}

func FuzzJSONAgreesWithYAMLv3(f *testing.F) {
	for _, tc := range jsonCases {
		f.Add(tc.text)
	}
	for _, text := range yamlcorpus.Texts(f) {
		if strings.HasPrefix(strings.TrimSpace(text), "{") {
			f.Add(text)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkJSON(t, text)
	})
}

// checkJSON fails the test when scanJSON's tree of a text is not
// goyaml.v3's, or when it accepts a text that goyaml.v3 refuses or reads as
// more than one document; it reports whether scanJSON read the text.
func checkJSON(t *testing.T, text string) bool {
	t.Helper()
	got, scanned := scanJSON(text, &treeArena{})
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
