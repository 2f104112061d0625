package manifest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
)

// shortcutWords are texts around the edge of readsAsItself: YAML 1.1's
// boolean and null words and their neighbours one letter longer or shorter,
// numbers, dates and words with characters it does not take.
var shortcutWords = []string{
	"y", "Y", "yes", "Yes", "YES", "yES", "yess", "yes1", "n", "N", "no", "No", "NO", "nO", "non", "none", "nodes",
	"true", "True", "TRUE", "tRUE", "truer", "trues", "false", "False", "FALSE", "falsey", "falses", "fals",
	"on", "On", "ON", "oN", "one", "off", "Off", "OFF", "offset", "null", "Null", "NULL", "nULL", "nulls",
	"t", "f", "o", "O", "T", "F", "ty", "of", "to", "yy", "nn", "~", "Nope", "yes-no", "on.off", "true_x",
	"node-0001", "worker-12", "kind-worker", "NoSchedule", "NoExecute", "PreferNoSchedule", "Exists", "Equal",
	"a", "x1", "k8s.io/hostname", "kubernetes.io/os", "a_b", "A-", "b.", "c/", "e3", "E1", "inf", "nan", "Inf",
	"NaN", "x0", "d1e3", "Z", "zone-1", "v1", "apps/v1", "a:b", "a b", "a#b", "a,b", "é", "aé", "a\u00a0b",
	"0", "1", "-1", "+1", "017", "0x1F", "0o17", "0b101", "1_000", "1.0", ".5", ".inf", "-.inf", ".NaN",
	"2025-03-14", "2025-03-14T10:01:40Z", "1e3", "100m", "1Gi", "<<", "=", "/a", "_a", "-a", ".a",
	// UIDs (isUID) and words one step from their shape.
	"00000000-0000-4000-8000-000000000123", "1234abcd-ef01-4a2b-8c3d-0123456789ab", "9F8E7D6C-5B4A-4321-8FED-CBA987654321",
	"0b010101-0000-4000-8000-000000000000", "0x1f2e3d-0000-4000-8000-000000000000", "1e345678-1234-1234-1234-123456789012",
	"2025-03-14-0000-4000-8000-000000000000", "12345678-1234-1234-1234-12345678901", "12345678-1234-1234-1234-1234567890123",
	"12345678_1234_1234_1234_123456789012", "1234567g-1234-1234-1234-123456789012", "12345678-1234-1234-1234-12345678901/",
	"12345678-1234-1234-1234-1234567890.1", "12345678:1234-1234-1234-123456789012",
}

// TestReadsAsItselfAgreesWithSigs reads every word, and every ASCII letter
// followed by endings that make numbers, booleans and odd characters, as a
// value and as a key, with the decoders' reading (the shortcuts, then
// engine/yaml11) and through sigs.k8s.io/yaml alone, and requires the same
// string or error.
func TestReadsAsItselfAgreesWithSigs(t *testing.T) {
	words := append([]string(nil), shortcutWords...)
	for c := byte(' '); c < 0x7f; c++ {
		for _, ending := range []string{"", "es", "ES", "o", "n", "ff", "FF", "rue", "RUE", "alse", "ALSE", "ull", "ULL", "1", "-1", ".5", "e3", "_x", "/y", "x-y.z/w", "12345", ":x", " x"} {
			words = append(words, string(c)+ending)
		}
	}
	shortcut, viaSigs := newScalarDecoder(), newSigsScalarDecoder()
	shortcuts, texts := 0, 0
	for _, word := range words {
		for _, text := range []string{"v: " + word, "v: [" + word + "]", word + ": x", "{" + word + ": x}"} {
			var doc yaml3.Node
			if yaml3.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
				continue
			}
			n := firstScalar(&doc)
			if n == nil {
				continue
			}
			texts++
			if readsAsItself(n) {
				shortcuts++
			}
			got, gotErr := shortcut.value(n)
			want, wantErr := viaSigs.value(n)
			if _, err := (sigsReader{}).value(n); errors.Is(err, errNoLayout) {
				want, wantErr = got, gotErr // a key that cannot be a value
			}
			if diff := cmp.Diff(fmt.Sprintf("%#v %v", want, wantErr), fmt.Sprintf("%#v %v", got, gotErr)); diff != "" {
				t.Errorf("value of %q in %q (-sigs.k8s.io/yaml +shortcut):\n%s", n.Value, text, diff)
			}
			gotKey, gotErr := shortcut.key(n)
			wantKey, wantErr := viaSigs.key(n)
			if diff := cmp.Diff(fmt.Sprintf("%q %v", wantKey, wantErr), fmt.Sprintf("%q %v", gotKey, gotErr)); diff != "" {
				t.Errorf("key %q in %q (-sigs.k8s.io/yaml +shortcut):\n%s", n.Value, text, diff)
			}
		}
	}
	if shortcuts < texts/4 {
		t.Errorf("the shortcut read only %d of %d texts: the comparison proves little", shortcuts, texts)
	}
}

// firstScalar returns the first scalar of a document that is not the key
// "v", depth first.
func firstScalar(n *yaml3.Node) *yaml3.Node {
	if n.Kind == yaml3.ScalarNode {
		if n.Value == "v" {
			return nil
		}
		return n
	}
	for _, child := range n.Content {
		if s := firstScalar(child); s != nil {
			return s
		}
	}
	return nil
}

// shortcutDocuments put the shortcut's words where the decoders read them
// (names, labels, taints, tolerations, selectors) and around what YAML
// makes of them: anchors, aliases and merge keys, tags, keys that are not
// strings, duplicate keys, several documents, JSON, Lists, and errors.
func shortcutDocuments() []string {
	docs := []string{
		"apiVersion: v1\nkind: Node\nmetadata:\n  name: &n node-1\n  labels: &l {zone: eu, on: yes, 1: one, y: n, true: x, No: nodes}\nspec:\n  taints:\n  - &t {key: dedicated, value: gpu, effect: NoSchedule}\n  - {<<: *t, value: *n}\n  - {key: k, value: !!str true, effect: !!str NoExecute}\n  - {key: k2, value: !custom tag, effect: NoSchedule}\n---\nkind: Node\nmetadata: {name: node-2, labels: *l}\nspec: {taints: [*t, *t], unschedulable: on}\n",
		"kind: Node\nmetadata:\n  name: n1\n  name: n2\n  labels:\n    a: b\n    a: c\n    zone: 0x1F\n    size: 017\nspec:\n  unschedulable: yes\n  unschedulable: off\n",
		"kind: NodeList\nitems:\n- metadata: {name: a}\n  spec: {taints: [{key: true, effect: NoSchedule}, {key: x, value: 1.0, effect: NoSchedule}]}\n- kind: Node\n  metadata: {name: b}\n  status: {conditions: [{type: Ready, status: True}, {type: Ready, status: \"True\"}]}\n",
		`{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "json-node", "labels": {"yes": "no", "k": "v"}}, "spec": {"taints": [{"key": "a", "value": "b", "effect": "NoSchedule"}]}}`,
		"kind: Node\nmetadata: {name: bad}\nspec: {taints: [{key: [a], effect: {x: y}}]}\n",
		"kind: Node\nmetadata: {name: x}\nspec: {taints: [{key: a, effect: NoSchedule, timeAdded: 2025-03-14T10:01:40Z}, {key: b, effect: NoSchedule, timeAdded: yesterday}]}\n",
		"kind: Node\nmetadata:\n  name: x\n  labels:\n    ? [a]\n    : b\n    <<: {c: d}\n    ~: e\n    .5: f\n",
		"kind: Pod\nmetadata: {name: p, namespace: default, labels: &l {app: web, tier: Off}, annotations: {a: on}}\nspec:\n  nodeName: node-0001\n  nodeSelector: *l\n  tolerations:\n  - {key: dedicated, operator: Equal, value: gpu, effect: NoSchedule, tolerationSeconds: 30}\n  - &e {operator: Exists}\n  - {<<: *e, effect: NoExecute, tolerationSeconds: 0x10}\n  - {key: y, operator: Exists}\n  containers:\n  - name: main\n    image: registry.example/app:1\n    resources: {requests: {cpu: 1, memory: 1Gi}, limits: {cpu: 0.5}}\n",
		"kind: Deployment\nmetadata: {generateName: web-}\nspec:\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n            - matchExpressions:\n              - {key: zone, operator: In, values: [eu, us, no, 1]}\n      tolerations: [{key: a, operator: exists}]\n",
		"kind: PodList\nitems:\n- metadata: {name: a}\n  spec: {tolerations: [{key: k, operator: Equal, value: yes}]}\n- kind: Pod\n  metadata: {name: b}\n  spec: {tolerations: [{key: k, tolerationSeconds: 1.5}]}\n",
		"apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  priority: 017\n  tolerations:\n  - key: k\n    key: kk\n    operator: Exists\n    effect: NoSchedule\n    effects: NoSchedule\n",
		"kind: Pod\nmetadata: {name: deep}\nspec: {tolerations: [{key: " + strings.Repeat("[", 120) + strings.Repeat("]", 120) + "}]}\n",
		"a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\nkind: Pod\n",
		"metadata: {name: no-kind, labels: {on: yes}}\nspec: {x: 1}\n",
		"kind: Pod\nmetadata: {name: p\nspec: {}\n",
		"kind: Node\nmetadata: {name: ! plain, labels: {a: !!int abc, b: !!binary aGk=, c: !!float x1, ! d: e, \"f\": 'g'}}\nspec: {taints: [{key: \"k\\tx\", value: v\u00e9, effect: NoSchedule}]}\n",
	}
	for _, word := range shortcutWords {
		docs = append(docs, fmt.Sprintf("kind: Node\nmetadata:\n  name: %[1]s\n  labels: {%[1]s: %[1]s}\nspec: {taints: [{key: %[1]s, value: %[1]s, effect: %[1]s}], unschedulable: %[1]s}\nstatus: {conditions: [{type: %[1]s, status: %[1]s}]}\n", word))
		docs = append(docs, fmt.Sprintf("kind: Pod\nmetadata: {name: %[1]s, namespace: %[1]s, annotations: {%[1]s: %[1]s}}\nspec: {nodeName: %[1]s, nodeSelector: {%[1]s: %[1]s}, tolerations: [{key: %[1]s, operator: %[1]s, value: %[1]s, effect: %[1]s, tolerationSeconds: %[1]s}], %[1]s: x}\n", word))
	}
	return docs
}

// decodesLikeSigs decodes a text as both editors, with the decoders'
// reading of scalars (the shortcuts, then engine/yaml11) and through
// sigs.k8s.io/yaml alone, and requires the same objects and diagnostics.
func decodesLikeSigs(t *testing.T, text string) {
	t.Helper()
	shortcut, viaSigs := newDecoder(core.EditorNodes, nil), newDecoder(core.EditorNodes, nil)
	viaSigs.scalars = newSigsScalarDecoder()
	gotNodes, gotDiags := shortcut.nodes(text)
	wantNodes, wantDiags := viaSigs.nodes(text)
	if diff := cmp.Diff(wantNodes, gotNodes); diff != "" {
		t.Errorf("nodes of %q (-sigs.k8s.io/yaml +shortcut):\n%s", text, diff)
	}
	if diff := cmp.Diff(wantDiags, gotDiags); diff != "" {
		t.Errorf("diagnostics of the nodes %q (-sigs.k8s.io/yaml +shortcut):\n%s", text, diff)
	}
	shortcut, viaSigs = newDecoder(core.EditorPods, nil), newDecoder(core.EditorPods, nil)
	viaSigs.scalars = newSigsScalarDecoder()
	gotPods, gotDiags := shortcut.pods(text)
	wantPods, wantDiags := viaSigs.pods(text)
	if diff := cmp.Diff(wantPods, gotPods); diff != "" {
		t.Errorf("pods of %q (-sigs.k8s.io/yaml +shortcut):\n%s", text, diff)
	}
	if diff := cmp.Diff(wantDiags, gotDiags); diff != "" {
		t.Errorf("diagnostics of the pods %q (-sigs.k8s.io/yaml +shortcut):\n%s", text, diff)
	}
}

// shortcutFixtures are the testdata files the differential tests decode.
var shortcutFixtures = []string{"decode_nodes_get.yaml", "decode_nodes_get.json", "decode_pods_get.yaml", "decode_pods_get.json", "decode_pods_workloads.yaml"}

// TestShortcutDecodesLikeSigs compares the two readings on the testdata and
// on shortcutDocuments.
func TestShortcutDecodesLikeSigs(t *testing.T) {
	for _, name := range shortcutFixtures {
		decodesLikeSigs(t, readFixture(t, name))
	}
	docs := shortcutDocuments()
	for _, doc := range docs {
		decodesLikeSigs(t, doc)
	}
	decodesLikeSigs(t, strings.Join(docs, "\n---\n"))
}

// FuzzShortcutDecodesLikeSigs compares the two readings on any text.
func FuzzShortcutDecodesLikeSigs(f *testing.F) {
	for _, name := range shortcutFixtures {
		f.Add(readFixture(f, name))
	}
	for _, doc := range shortcutDocuments() {
		f.Add(doc)
	}
	f.Fuzz(decodesLikeSigs)
}
