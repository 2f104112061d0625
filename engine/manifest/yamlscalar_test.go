package manifest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/api/resource"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// scalarTexts are YAML 1.1 and 1.2 spellings whose types differ between
// parsers, as they appear after "v: " in a document.
var scalarTexts = []string{
	"web", `"web"`, "'web'", "yes", `"yes"`, "no", "on", "Off", "y", "n", "true", "True", "~", "null", "",
	"0", "1", "-5", "+1", "017", "0o17", "0x1F", "0b101", "1_000", "1.0", "1.50", "1e3", "-1.5e-3", "1e30",
	".5", ".inf", ".NaN", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
	"2025-03-14", "2025-03-14T10:01:40Z", "!!str 12", `!!int "12"`, "!!bool yes", "!!float 1", "!!null x",
	"|\n  line one\n  line two", ">-\n  folded\n  text", "plain\n  continued", "'it''s'", `"tab\there"`,
	"100m", "1Gi", "0.5", "1e-3", "[a]", "{a: b}", "&x 5", "!!binary aGVsbG8=",
}

// scalarNode parses "v: <text>" with goyaml.v3 and returns v's value node.
func scalarNode(t testing.TB, text string) *yaml3.Node {
	t.Helper()
	var doc yaml3.Node
	if err := yaml3.Unmarshal([]byte("v: "+text), &doc); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return yamltext.Resolved(doc.Content[0].Content[1])
}

// outcome renders a value or its error for comparison; only whether an
// error happens is compared, not its text.
func outcome[T any](v *T, err error) string {
	switch {
	case err != nil:
		return "error"
	case v == nil:
		return "null"
	}
	return fmt.Sprintf("%v", *v)
}

// TestScalarsAgainstApiserver decodes every scalar spelling as each kind of
// field with ours and with the apiserver's decoding (sigs.k8s.io/yaml to
// JSON, then case-sensitive JSON into Go types), and requires the same value
// or, where the apiserver rejects it, an error.
func TestScalarsAgainstApiserver(t *testing.T) {
	d := newScalarDecoder()
	for _, text := range scalarTexts {
		t.Run(text, func(t *testing.T) {
			n := scalarNode(t, text)

			var s struct{ V *string }
			want := outcome(s.V, apiserverDecode("V: "+text, &s))
			got, err := d.str(n)
			if diff := cmp.Diff(want, outcome(&got, err)); diff != "" && !(want == "null" && got == "" && err == nil) {
				t.Errorf("string (-apiserver +ours):\n%s", diff)
			}

			var i struct{ V *int64 }
			want = outcome(i.V, apiserverDecode("V: "+text, &i))
			gotInt, err := d.int64(n)
			if diff := cmp.Diff(want, outcome(gotInt, err)); diff != "" {
				t.Errorf("int64 (-apiserver +ours):\n%s", diff)
			}

			var b struct{ V *bool }
			want = outcome(b.V, apiserverDecode("V: "+text, &b))
			gotBool, err := d.bool(n)
			if diff := cmp.Diff(want, outcome(&gotBool, err)); diff != "" && !(want == "null" && !gotBool && err == nil) {
				t.Errorf("bool (-apiserver +ours):\n%s", diff)
			}

			var q struct{ V *resource.Quantity }
			qerr := apiserverDecode("V: "+text, &q)
			want = outcome(q.V, qerr)
			if qerr == nil && q.V != nil {
				want = q.V.String()
			}
			gotQuantity, err := d.quantity(n)
			if err == nil && gotQuantity != "" {
				gotQuantity = canonicalQuantity(gotQuantity)
				if _, perr := resource.ParseQuantity(gotQuantity); perr != nil {
					err = perr
				}
			}
			if diff := cmp.Diff(want, outcome(&gotQuantity, err)); diff != "" && !(want == "null" && gotQuantity == "" && err == nil) {
				t.Errorf("quantity (-apiserver +ours):\n%s", diff)
			}

			if strings.Contains(text, "\n") {
				return // a block or multi-line scalar cannot be written as a plain key
			}
			var m map[string]string
			want = "error"
			if apiserverDecode(text+": x", &m) == nil && len(m) == 1 {
				for k := range m {
					want = k
				}
			}
			gotKey, err := d.key(n)
			if diff := cmp.Diff(want, outcome(&gotKey, err)); diff != "" {
				t.Errorf("key (-apiserver +ours):\n%s", diff)
			}
		})
	}
}

// BenchmarkScalars reads every spelling of scalarTexts as a value and as a
// key with a new decoder each time, so that none comes from its caches: the
// scalars the shortcuts leave to the reader.
func BenchmarkScalars(b *testing.B) {
	nodes := make([]*yaml3.Node, 0, len(scalarTexts))
	for _, text := range scalarTexts {
		nodes = append(nodes, scalarNode(b, text))
	}
	b.ReportAllocs()
	for b.Loop() {
		d := newScalarDecoder()
		for _, n := range nodes {
			_, _ = d.value(n)
			_, _ = d.key(n)
		}
	}
}
