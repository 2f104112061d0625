package manifest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// billionLaughs is the classic alias bomb: nine levels of nine aliases.
func billionLaughs() string {
	var b strings.Builder
	b.WriteString("kind: Node\nmetadata: {name: n}\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	return b.String()
}

// mergeBomb doubles a mapping through merge keys forty times.
func mergeBomb() string {
	var b strings.Builder
	b.WriteString("kind: Node\nmetadata: {name: n}\nm0: &m0 {x: 1}\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "m%d: &m%d {<<: [*m%d, *m%d]}\n", i, i, i-1, i-1)
	}
	b.WriteString("spec: {<<: *m40}\n")
	return b.String()
}

// manyTaints is a node with n distinct taints.
func manyTaints(n int) string {
	var b strings.Builder
	b.WriteString("kind: Node\nmetadata: {name: big}\nspec:\n  taints:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - {key: k%d, effect: NoSchedule}\n", i)
	}
	return b.String()
}

// nestedMaps is a node whose labels nest depth mappings deep.
func nestedMaps(depth int) string {
	return "kind: Node\nmetadata:\n  name: n\n  labels: " + strings.Repeat("{a: ", depth) + "b" + strings.Repeat("}", depth) + "\n"
}

// hostileInput is an input meant to hang, exhaust or crash a decoder, the
// diagnostics it must get, and the most memory decoding it may allocate.
type hostileInput struct {
	name string
	text string
	// pods decodes with DecodePods instead of DecodeNodes.
	pods bool
	want []string
	// maxMiB bounds the bytes allocated while decoding, about twice what it
	// takes: without the limit that stops it, each input costs far more
	// (gigabytes for the bombs and the 16 MiB lists).
	maxMiB uint64
}

// hostileInputs are built when a test asks, since some are 16 MiB.
func hostileInputs() []hostileInput {
	return []hostileInput{
		{
			name:   "more than 16 MiB",
			maxMiB: 1,
			text:   strings.Repeat("#", MaxInputBytes+1),
			want:   []string{"error limit the text is 16777217 bytes; the limit is 16 MiB (16777216 bytes) (at 1:0)"},
		},
		{
			name:   "invalid UTF-8",
			maxMiB: 1,
			text:   "kind: Node\nmetadata: {name: \xff\xfe}\n",
			want:   []string{"error limit line 2: the text is not valid UTF-8 (is it binary?) (at 2:0)"},
		},
		{
			name:   "binary garbage that happens to be UTF-8",
			maxMiB: 1,
			text:   "\x00\x01\x02\x03kind\x7f",
			want:   []string{"error yaml line 1: control characters are not allowed (at 1:1)"},
		},
		{
			name:   "an alias bomb",
			maxMiB: 1,
			text:   billionLaughs(),
			want:   []string{"error yaml line 9: the YAML expands to more than 4000000 nodes through its aliases (at 9:5)"},
		},
		{
			name:   "a merge-key bomb",
			maxMiB: 1,
			text:   mergeBomb(),
			want:   []string{"error yaml line 1: the YAML expands to more than 4000000 nodes through its aliases (at 1:1)"},
		},
		{
			name:   "an alias inside its own anchor",
			maxMiB: 1,
			text:   "kind: Node\nmetadata: {name: n, labels: &l {a: *l}}\n",
			want:   []string{"error yaml line 2: alias *l refers to the value that contains it (at 2:36)"},
		},
		{
			name:   "10,000 nested flow lists",
			maxMiB: 12,
			text:   strings.Repeat("[", 10_000) + strings.Repeat("]", 10_000),
			want:   []string{"error yaml line 1: the YAML nests deeper than 100 levels (at 1:101)"},
		},
		{
			name:   "10,001 nested flow lists",
			maxMiB: 12,
			text:   strings.Repeat("[", 10_001) + strings.Repeat("]", 10_001),
			want:   []string{"error yaml line 1: exceeded max depth of 10000 (at 1:0)"},
		},
		{
			name:   "10,000 nested block lists",
			maxMiB: 20,
			text:   strings.Repeat("- ", 10_000) + "x\n",
			want:   []string{"error yaml line 1: the YAML nests deeper than 100 levels (at 1:201)"},
		},
		{
			name:   "a node 150 maps deep",
			maxMiB: 1,
			text:   nestedMaps(150),
			want:   []string{"error yaml line 4: the YAML nests deeper than 100 levels (at 4:400)"},
		},
		{
			name:   "a 16 MiB flow list",
			maxMiB: 1,
			text:   "[" + strings.Repeat("0,", MaxInputBytes/2-2) + "0]",
			want:   []string{"error limit the text has too many YAML items (about 8388608); the limit is 1000000 (at 1:0)"},
		},
		{
			name:   "a flow list just within the item limit",
			maxMiB: 450,
			text:   "[" + strings.Repeat("0,", maxYAMLTokens-3) + "0]",
			want:   []string{"error decode line 1: expected a Kubernetes object (a map with apiVersion and kind), got a list (at 1:1)"},
		},
		{
			name:   "a node with 5,000 taints",
			maxMiB: 30,
			text:   manyTaints(5000),
			want:   []string{"error limit line 4: spec.taints: 5000 items; only the first 1000 are read (at 4:3 spec.taints)"},
		},
		{
			name:   "2,000 kubectl commands",
			maxMiB: 5,
			text:   strings.Repeat("kubectl taint nodes n k=v:NoSchedule --overwrite\n", 2000),
			want:   []string{"error limit line 1001: more than 1000 kubectl commands; the rest are not read (at 1001:1)"},
		},
		{
			name:   "an alias bomb in the Pods editor",
			maxMiB: 1,
			text:   strings.Replace(billionLaughs(), "kind: Node", "kind: Pod", 1),
			pods:   true,
			want:   []string{"error yaml line 9: the YAML expands to more than 4000000 nodes through its aliases (at 9:5)"},
		},
		{
			name:   "a pod with 5,000 tolerations",
			maxMiB: 12,
			text:   "kind: Pod\nmetadata: {name: p}\nspec:\n  tolerations:\n" + strings.Repeat("  - {operator: Exists}\n", 5000),
			pods:   true,
			want:   []string{"error limit line 4: spec.tolerations: 5000 items; only the first 1000 are read (at 4:3 spec.tolerations)"},
		},
		{
			name:   "20,000 pods",
			maxMiB: 110,
			text:   "kind: List\nitems:\n" + strings.Repeat("- {kind: Pod, metadata: {name: p}}\n", 20_000),
			pods:   true,
			want:   []string{"error limit line 2: items: 20000 items; only the first 10000 are read (at 2:1 items)"},
		},
		{
			name:   "a million empty documents",
			maxMiB: 1,
			text:   strings.Repeat("---\n", 1_000_000),
			want:   []string{"error limit the text has too many YAML items (about 2000001); the limit is 1000000 (at 1:0)"},
		},
		{
			name:   "one 16 MiB line",
			maxMiB: 230,
			text:   strings.Repeat("a", MaxInputBytes),
			want:   []string{"error decode line 1: expected a Kubernetes object (a map with apiVersion and kind), got a scalar (at 1:1)"},
		},
	}
}

// decodeHostile decodes an input in its editor.
func decodeHostile(in *hostileInput) []core.Diagnostic {
	if in.pods {
		_, diags := DecodePods(in.text)
		return diags
	}
	_, diags := DecodeNodes(in.text)
	return diags
}

// TestHostileInputs requires each hostile input's error, in bounded memory:
// it asserts on the work done (bytes allocated, counted by the runtime),
// never on the time taken, so a busy machine cannot fail it. The timings are
// BenchmarkHostileInputs (make bench).
func TestHostileInputs(t *testing.T) {
	for _, tc := range hostileInputs() {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			diags := decodeHostile(&tc)
			runtime.ReadMemStats(&after)
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s %s %s (at %d:%d%s)", d.Severity, d.Code, d.Message, d.Source.Line, d.Source.Column, prefixed(d.Source.Field)))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if allocated := after.TotalAlloc - before.TotalAlloc; allocated > tc.maxMiB<<20 {
				t.Errorf("allocated %.1f MiB, more than %d MiB", float64(allocated)/(1<<20), tc.maxMiB)
			}
		})
	}
}

// BenchmarkHostileInputs times the decoding of each hostile input (make
// bench prints it).
func BenchmarkHostileInputs(b *testing.B) {
	for _, tc := range hostileInputs() {
		b.Run(strings.ReplaceAll(tc.name, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				decodeHostile(&tc)
			}
		})
	}
}

func prefixed(field string) string {
	if field == "" {
		return ""
	}
	return " " + field
}
