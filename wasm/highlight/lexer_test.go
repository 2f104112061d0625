package highlight

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tok is a token as a test states it: its class (without the prefix; "" for
// plain text) and its text.
type tok struct{ Class, Value string }

// classified lexes input and names each non-whitespace token by its class.
func classified(t *testing.T, input string) []tok {
	t.Helper()
	var got []tok
	for _, line := range tokenLines(input) {
		for _, token := range line {
			if token.Type == text && isBlank(token) {
				continue
			}
			got = append(got, tok{token.Type.Class(), token.Value})
		}
	}
	return got
}

func TestTokens(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []tok
	}{
		{
			name:  "a taint's key, effect and value have their own classes",
			input: "taints:\n- key: dedicated\n  value: gpu\n  effect: NoSchedule\n",
			want: []tok{
				{"kd", "taints"}, {"p", ":"},
				{"p", "-"}, {"nt", "key"}, {"p", ":"}, {"py", "dedicated"},
				{"nt", "value"}, {"p", ":"}, {"sx", "gpu"},
				{"nt", "effect"}, {"p", ":"}, {"kt", "NoSchedule"},
			},
		},
		{
			name:  "a key outside taints and tolerations is a plain string",
			input: "matchExpressions:\n- key: zone\n  operator: In\n",
			want: []tok{
				{"nt", "matchExpressions"}, {"p", ":"},
				{"p", "-"}, {"nt", "key"}, {"p", ":"}, {"sx", "zone"},
				{"nt", "operator"}, {"p", ":"}, {"ow", "In"},
			},
		},
		{
			name:  "a sibling of tolerations ends its list",
			input: "tolerations:\n- key: a\naffinity:\n- key: b\n",
			want: []tok{
				{"kd", "tolerations"}, {"p", ":"}, {"p", "-"}, {"nt", "key"}, {"p", ":"}, {"py", "a"},
				{"nt", "affinity"}, {"p", ":"}, {"p", "-"}, {"nt", "key"}, {"p", ":"}, {"sx", "b"},
			},
		},
		{
			name:  "JSON quotes every string, yet effects and operators stay recognisable",
			input: "\"tolerations\": [\n  {\"key\": \"k\", \"operator\": \"Exists\", \"effect\": \"NoExecute\"}\n]\n",
			want: []tok{
				{"kd", `"tolerations"`}, {"p", ":"}, {"p", "["},
				{"p", "{"}, {"nt", `"key"`}, {"p", ":"}, {"py", `"k"`}, {"p", ","},
				{"nt", `"operator"`}, {"p", ":"}, {"ow", `"Exists"`}, {"p", ","},
				{"nt", `"effect"`}, {"p", ":"}, {"kt", `"NoExecute"`}, {"p", "}"},
				{"p", "]"},
			},
		},
		{
			name:  "a flow list on the key's own line",
			input: "taints: [{key: a, effect: NoSchedule}]\n",
			want: []tok{
				{"kd", "taints"}, {"p", ":"}, {"p", "["}, {"p", "{"},
				{"nt", "key"}, {"p", ":"}, {"py", "a"}, {"p", ","},
				{"nt", "effect"}, {"p", ":"}, {"kt", "NoSchedule"}, {"p", "}"}, {"p", "]"},
			},
		},
		{
			name:  "the lines of a block scalar are strings, until the indentation returns",
			input: "note: |\n  key: NoSchedule\n\n  # not a comment\nafter: 1\n",
			want: []tok{
				{"nt", "note"}, {"p", ":"}, {"sh", "|"},
				{"sd", "key: NoSchedule"},
				{"sd", "# not a comment"},
				{"nt", "after"}, {"p", ":"}, {"mi", "1"},
			},
		},
		{
			name:  "a comment after a value, and a # inside a word",
			input: "name: a#b # the name\n",
			want:  []tok{{"nt", "name"}, {"p", ":"}, {"sx", "a#b"}, {"c1", "# the name"}},
		},
		{
			name:  "YAML 1.1 booleans and null are constants; numbers and timestamps are told apart",
			input: "a: yes\nb: ~\nc: -1.5e3\nd: 2024-05-01T10:00:00Z\ne: \"true\"\n",
			want: []tok{
				{"nt", "a"}, {"p", ":"}, {"kc", "yes"},
				{"nt", "b"}, {"p", ":"}, {"kc", "~"},
				{"nt", "c"}, {"p", ":"}, {"mi", "-1.5e3"},
				{"nt", "d"}, {"p", ":"}, {"ld", "2024-05-01T10:00:00Z"},
				{"nt", "e"}, {"p", ":"}, {"s2", `"true"`},
			},
		},
		{
			name:  "a kubectl taint line: command, node, specs, a removal, a selector and a flag",
			input: "kubectl taint nodes gpu-1 dedicated=gpu:NoSchedule old- -l pool=spot --overwrite\n",
			want: []tok{
				{"kp", "kubectl"}, {"kr", "taint"}, {"kr", "nodes"}, {"n", "gpu-1"},
				{"py", "dedicated"}, {"p", "="}, {"sx", "gpu"}, {"p", ":"}, {"kt", "NoSchedule"},
				{"py", "old"}, {"gd", "-"},
				{"na", "-l"}, {"sx", "pool=spot"}, {"na", "--overwrite"},
			},
		},
		{
			name:  "bare specs; a misspelt effect does not look like an effect",
			input: "spot:PreferNoSchedule typo=v:NoExcute key:NoExecute-\n",
			want: []tok{
				{"py", "spot"}, {"p", ":"}, {"kt", "PreferNoSchedule"},
				{"py", "typo"}, {"p", "="}, {"sx", "v"}, {"p", ":"}, {"n", "NoExcute"},
				{"py", "key"}, {"p", ":"}, {"kt", "NoExecute"}, {"gd", "-"},
			},
		},
		{
			name:  "kubectl describe's Taints and Tolerations lines",
			input: "Taints:  a=b:NoSchedule\nTolerations:  k:NoExecute op=Exists for 300s\n",
			want: []tok{
				{"kd", "Taints"}, {"p", ":"}, {"py", "a"}, {"p", "="}, {"sx", "b"}, {"p", ":"}, {"kt", "NoSchedule"},
				{"kd", "Tolerations"}, {"p", ":"}, {"py", "k"}, {"p", ":"}, {"kt", "NoExecute"},
				{"na", "op"}, {"p", "="}, {"ow", "Exists"}, {"", "for"}, {"mi", "300s"},
			},
		},
		{
			name:  "a YAML key line is not a bare spec",
			input: "dedicated: gpu:NoSchedule\n",
			want:  []tok{{"nt", "dedicated"}, {"p", ":"}, {"sx", "gpu:NoSchedule"}},
		},
		{
			name:  "document markers, anchors, aliases and tags",
			input: "---\na: &x 1\nb: *x\nc: !!str 2\n...\n",
			want: []tok{
				{"nn", "---"},
				{"nt", "a"}, {"p", ":"}, {"nl", "&x"}, {"mi", "1"},
				{"nt", "b"}, {"p", ":"}, {"nl", "*x"},
				{"nt", "c"}, {"p", ":"}, {"nd", "!!str"}, {"mi", "2"},
				{"nn", "..."},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, classified(t, tc.input)); diff != "" {
				t.Errorf("tokens of %q (-want +got):\n%s", tc.input, diff)
			}
		})
	}
}

func TestScalarKinds(t *testing.T) {
	tests := []struct {
		name   string
		scalar string
		want   string
	}{
		{name: "integer", scalar: "3600", want: "mi"},
		{name: "negative float with exponent", scalar: "-1.5e3", want: "mi"},
		{name: "fraction only", scalar: ".5", want: "mi"},
		{name: "hex", scalar: "0x1F", want: "mi"},
		{name: "octal", scalar: "0o17", want: "mi"},
		{name: "infinity", scalar: "-.inf", want: "mi"},
		{name: "not a number", scalar: ".nan", want: "mi"},
		{name: "two signs", scalar: "+-1", want: "sx"},
		{name: "a dot alone", scalar: ".", want: "sx"},
		{name: "an exponent without digits", scalar: "1e", want: "sx"},
		{name: "a quantity is a string", scalar: "500m", want: "sx"},
		{name: "a version is a string", scalar: "1.2.3", want: "sx"},
		{name: "hex digits beyond f", scalar: "0xfg", want: "sx"},
		{name: "a date", scalar: "2024-05-01", want: "ld"},
		{name: "an RFC 3339 time", scalar: "2024-05-01T10:00:00Z", want: "ld"},
		{name: "with an offset and fractions", scalar: "2024-05-01T10:00:00.5+02:00", want: "ld"},
		{name: "not a month", scalar: "2024-13-01", want: "sx"},
		{name: "Inf is not YAML's infinity", scalar: "Inf", want: "sx"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := scalarType(tc.scalar).Class(); got != tc.want {
				t.Errorf("scalarType(%q) is class %q; want %q", tc.scalar, got, tc.want)
			}
		})
	}
}

// TestLinesLexAlone checks what the line cache relies on: lexing the whole
// text gives the same tokens as lexing each line on its own.
func TestLinesLexAlone(t *testing.T) {
	for _, path := range inputs(t) {
		input, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkLinesLexAlone(t, string(input))
	}
}

func FuzzLinesLexAlone(f *testing.F) {
	for _, seed := range []string{"a: \"b\nc\"\n", "kubectl taint nodes a 'b\nc:NoSchedule'\n", "Taints: a:NoSchedule\n  b\n", "x: |\n  y\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		checkLinesLexAlone(t, normalize(input))
	})
}

func checkLinesLexAlone(t *testing.T, input string) {
	t.Helper()
	whole := Tokenise(input)
	var byLine []Token
	for _, line := range strings.SplitAfter(input, "\n") {
		byLine = append(byLine, Tokenise(line)...)
	}
	if diff := cmp.Diff(merge(whole), merge(byLine)); diff != "" {
		t.Errorf("lexing line by line differs from lexing the whole (-whole +lines):\n%s", diff)
	}
}

// merge joins adjacent tokens of one type and drops empty ones, so that two
// token streams can be compared by what they colour.
func merge(tokens []Token) []Token {
	var out []Token
	for _, t := range tokens {
		switch {
		case t.Value == "":
		case len(out) > 0 && out[len(out)-1].Type == t.Type:
			out[len(out)-1].Value += t.Value
		default:
			out = append(out, t)
		}
	}
	return out
}
