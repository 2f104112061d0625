package yaml11

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	yaml2 "go.yaml.in/yaml/v2"
	"sigs.k8s.io/yaml"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// scalarTexts are texts whose YAML 1.1 reading is easy to get wrong:
// integers of every base with signs and underscores, leading zeros (octal in
// YAML 1.1), integers past int64 and uint64, floats of YAML 1.1's pattern and
// past it, infinities and not-a-number, booleans and nulls in every spelling,
// timestamps, base64, the merge key, text that JSON changes.
var scalarTexts = []string{
	"", " ", "web", "0", "-0", "+0", "00", "1", "-5", "+1", "017", "-017", "08", "09.5", "0o17", "0O17", "-0o17", "0x1F", "0X1f", "-0x1F", "+0x1F",
	"0x", "0b", "0b101", "-0b101", "+0b101", "0B101", "0b2", "0b-101", "0b+101", "0b_1_0", "-0b-1", "-0b" + strings.Repeat("1", 64), "0b" + strings.Repeat("1", 64),
	"0b1" + strings.Repeat("0", 63), "-0b1" + strings.Repeat("0", 63), "0b" + strings.Repeat("1", 65),
	"1_000", "1__0", "_1", "1_", "-_1", "+_1", "0x_1F", "0_17", "1_000.5", "1_0e1_0",
	"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
	"18446744073709551616", "0xFFFFFFFFFFFFFFFF", "0x10000000000000000", "0o1777777777777777777777", "-18446744073709551615",
	"1.0", "1.", "-1.", ".5", "+.5", "-.5", "1.50", "1e3", "1E3", "1e+3", "1e-3", "-1.5e-3", "1e30", "1e21", "1e20", "123456789012345678901",
	"1e-6", "1e-7", "0.000001", "0.0000001", "1e400", "-1e400", "1e-400", ".5e400", "4.9e-324", "1.7976931348623157e308",
	"0.1", "0.30000000000000004", "3.4028235e38", "3.5e38", "1.2345678901", "16777217", "1e", "1e+", ".e3", ".", "+", "-", "+-1",
	"0x1p3", "0x1.8p1", "1_0.5_0", "inf", "Inf", "nan", "NaN", "infinity",
	".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN", "-.nan", "+.nan", ".iNf", ".nAn",
	"y", "Y", "yes", "Yes", "YES", "yEs", "true", "True", "TRUE", "tRUE", "on", "On", "ON", "oN",
	"n", "N", "no", "No", "NO", "nO", "false", "False", "FALSE", "off", "Off", "OFF", "~", "null", "Null", "NULL", "nULL", "~~",
	"2025-03-14", "2025-3-4", "2025-03-14T10:01:40Z", "2025-03-14t10:01:40Z", "2025-03-14T10:01:40.123456789+02:00",
	"2025-03-14 10:01:40", "2025-03-14 10:01:40.5", "2001-12-14 21:59:43.10 -5", "2025-13-01", "2025-02-30", "20250-01-01",
	"2025-03-14x", "+2025-03-14", "-2025-03-14", "2025_03_14", "0001-01-01",
	"aGVsbG8=", "aGVs\nbG8=", "/w==", "gA==", "//79", "!", "<<", "<", "=", "a b", "a:b", "ĉu", "é", "\u00a0", "\ufffd",
}

// tags are the tags the tests write on scalars: YAML's own, a tag YAML does
// not resolve, and local and URI tags ("" is none).
var tags = []string{
	"", "!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp", "!!binary", "!!merge",
	"!!map", "!!seq", "!!Str", "!!foo", "!local", "!<tag:example.com,2000:x>",
}

// styles write a text as a scalar of each style, to follow a key or "? ".
var styles = []func(string) string{
	func(s string) string { return s },
	strconv.Quote,
	func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" },
	func(s string) string { return "|2-\n" + indent(s) },
	func(s string) string { return ">2-\n" + indent(s) },
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}

// parseOnly is a goyaml.v2 Unmarshaler that reads nothing: decoding into
// it tells only whether goyaml.v2 parses a text.
type parseOnly struct{}

func (parseOnly) UnmarshalYAML(func(any) error) error { return nil }

// outcome renders a value or an error; only whether an error happens is
// compared, not its text.
func outcome(v any, err error) string {
	if err != nil {
		return "error"
	}
	return fmt.Sprintf("%T %#v", v, v)
}

// agreesWithSigs writes a text with a tag in a style as a field's value and
// as a key, reads its goyaml.v3 node with Value and Key and the document
// with sigs.k8s.io/yaml.Unmarshal, and requires the same value or key, or
// an error from both. It reports whether it compared: a text that goyaml.v3
// or goyaml.v2 does not parse into one field is no scalar to compare.
func agreesWithSigs(t *testing.T, text, tag string, style func(string) string) bool {
	t.Helper()
	scalar := style(text)
	if tag != "" {
		scalar = tag + " " + scalar
	}
	if nonSpecificTag.MatchString(scalar) {
		return false // goyaml.v3's tree does not keep it (ScalarOf)
	}
	valueDoc, keyDoc := "v: "+scalar, "? "+scalar+"\n: 0"
	valueNode, keyNode := onlyPair(valueDoc), onlyPair(keyDoc)
	if valueNode == nil || keyNode == nil || valueNode[0].Value != "v" || yaml2.Unmarshal([]byte(valueDoc), &parseOnly{}) != nil || yaml2.Unmarshal([]byte(keyDoc), &parseOnly{}) != nil {
		return false
	}

	var target struct {
		V any `json:"v"`
	}
	err := yaml.Unmarshal([]byte(valueDoc), &target, func(d *json.Decoder) *json.Decoder { d.UseNumber(); return d })
	want := outcome(target.V, err)
	got := outcome(ScalarOf(valueNode[1]).Value())
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("value of %q, %#v (-sigs.k8s.io/yaml +ours):\n%s", valueDoc, ScalarOf(valueNode[1]), diff)
	}

	var m map[string]any
	want = "error"
	if err := yaml.Unmarshal([]byte(keyDoc), &m); err == nil {
		if len(m) != 1 {
			t.Fatalf("%q reads as %d keys", keyDoc, len(m))
		}
		for k := range m {
			want = outcome(k, nil)
		}
	}
	got = outcome(ScalarOf(keyNode[0]).Key())
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("key %q, %#v (-sigs.k8s.io/yaml +ours):\n%s", keyDoc, ScalarOf(keyNode[0]), diff)
	}
	return true
}

// nonSpecificTag matches a text that may carry the tag "!".
var nonSpecificTag = regexp.MustCompile(`(^|\s)!(\s|$)`)

// onlyPair returns the key and value of a document that goyaml.v3 reads as a
// map of one scalar pair, nil for any other.
func onlyPair(text string) []*yaml3.Node {
	var doc yaml3.Node
	if yaml3.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) != 1 {
		return nil
	}
	m := doc.Content[0]
	if m.Kind != yaml3.MappingNode || len(m.Content) != 2 || m.Content[0].Kind != yaml3.ScalarNode || m.Content[1].Kind != yaml3.ScalarNode {
		return nil
	}
	return m.Content
}

// TestAgreesWithSigs compares every text with every tag in every style.
func TestAgreesWithSigs(t *testing.T) {
	compared, total := 0, 0
	for _, text := range scalarTexts {
		for _, tag := range tags {
			for _, style := range styles {
				total++
				if agreesWithSigs(t, text, tag, style) {
					compared++
				}
			}
		}
	}
	if compared < total*3/4 {
		t.Errorf("compared only %d of %d scalars: the test proves little", compared, total)
	}
}

// FuzzAgreesWithSigs compares any text with any of the tags in any style.
func FuzzAgreesWithSigs(f *testing.F) {
	for _, text := range scalarTexts {
		f.Add(text, uint8(0), uint8(0))
		f.Add(text, uint8(len(text)), uint8(len(text)/3))
	}
	f.Fuzz(func(t *testing.T, text string, tag, style uint8) {
		agreesWithSigs(t, text, tags[int(tag)%len(tags)], styles[int(style)%len(styles)])
		if got, want := isYAML11Float(text), yamlStyleFloat.MatchString(text); got != want {
			t.Errorf("isYAML11Float(%q) = %v, goyaml.v2's pattern says %v", text, got, want)
		}
	})
}

// yamlStyleFloat is goyaml.v2's pattern of a float (resolve.go).
var yamlStyleFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// TestFloatPattern holds isYAML11Float to goyaml.v2's pattern.
func TestFloatPattern(t *testing.T) {
	for _, text := range append(scalarTexts, "1.e5", ".5.", "1..2", "1e5e5", "e5", "-", "+.", "1.2.3", "12e", "12e-", "٣") {
		if got, want := isYAML11Float(text), yamlStyleFloat.MatchString(text); got != want {
			t.Errorf("isYAML11Float(%q) = %v, goyaml.v2's pattern says %v", text, got, want)
		}
	}
}
