package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

// streamCases are single inputs of every shape loadStream meets: Lists in
// kubectl's JSON and YAML, a compact JSON List, Lists whose items take the
// List's kind, broken items, CRLF and a byte order mark, text around a List,
// and inputs that are no List at all.
var streamCases = map[string]string{
	"typed list, items without kind":      "apiVersion: v1\nitems:\n- metadata:\n    name: a\n  spec:\n    tolerations:\n    - key: k\n      operator: Exists\nkind: PodList\nmetadata: {}\n",
	"json typed list, items without kind": `{"apiVersion": "v1", "items": [{"metadata": {"name": "n1"}, "spec": {"taints": [{"key": "k", "effect": "NoSchedule"}]}}], "kind": "NodeList"}`,
	"compact json":                        `{"apiVersion":"v1","items":[{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1"}},{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"x"},"spec":{"nodeSelector":{"a":"b"}}}],"kind":"List"}`,
	"errors in items":                     "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p\n  spec:\n    tolerations:\n    - key: k\n      effect: Sometimes\n    toleration: []\n- apiVersion: v1\n  kind: Widget\n  metadata:\n    name: w\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c\nkind: List\nmetadata:\n  resourceVersion: \"\"\n  bogus: 1\n",
	"crlf and bom":                        "\uFEFFapiVersion: v1\r\nitems:\r\n- apiVersion: v1\r\n  kind: Node\r\n  metadata:\r\n    name: n1\r\nkind: List\r\n",
	"lone cr":                             "apiVersion: v1\ritems:\r- apiVersion: v1\r  kind: Node\r  metadata:\r    name: n1\rkind: List\r",
	"not a list":                          "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n---\napiVersion: v1\nkind: Node\nmetadata:\n  name: n\n",
	"taint lines":                         "kubectl taint nodes n1 a=b:NoSchedule\nk=v:NoExecute\n",
	"list then nodes":                     "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata:\n    name: n1\nkind: List\n---\napiVersion: v1\nkind: Node\nmetadata:\n  name: n2\n",
	"devices in a list":                   "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata:\n    name: n1\n- apiVersion: resource.k8s.io/v1\n  kind: ResourceSlice\n  metadata:\n    name: n1-gpu\n  spec:\n    driver: gpu.example.com\n    nodeName: n1\n    pool: {name: n1, generation: 1, resourceSliceCount: 1}\n    devices:\n    - name: gpu-0\n      taints:\n      - {key: unhealthy, effect: NoExecute, timeAdded: \"2026-11-27T08:00:00Z\"}\n- apiVersion: resource.k8s.io/v1\n  kind: ResourceClaim\n  metadata:\n    name: c1\n    namespace: default\n  spec:\n    devices:\n      requests:\n      - name: gpu\n        exactly:\n          deviceClassName: gpu.example.com\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p\n    namespace: default\n  spec:\n    nodeName: n1\n    resourceClaims:\n    - name: gpu\n      resourceClaimName: c1\nkind: List\n",
	"devices, no list":                    "apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\nmetadata:\n  name: drain\nspec:\n  deviceSelector:\n    driver: gpu.example.com\n  taint:\n    key: maintenance\n    effect: None\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata:\n  name: c2\nspec:\n  devices:\n    requests:\n    - name: gpu\n      exactly:\n        deviceClassName: gpu.example.com\n",
	"syntax error in the wrapper":         "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata:\n    name: n1\nkind: [List\n",
}

// TestStreamAgreesWithEditors loads each input as a stream (loadStream) and
// as the page's editors (newEditors, editors.load) and wants the same
// workspace: objects, rejections and diagnostics, every position in the
// file. The inputs are every example's editors, each alone and both in one
// file, generated cluster snapshots in JSON and YAML with managedFields, and
// streamCases; the cases where the two differ by design are in
// TestStreamDiffersByDesign.
func TestStreamAgreesWithEditors(t *testing.T) {
	inputs := map[string]string{}
	for name, text := range streamCases {
		if name != "syntax error in the wrapper" {
			inputs[name] = text
		}
	}
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		inputs[s.Slug+" nodes"] = s.Nodes
		inputs[s.Slug+" pods"] = s.Pods
		inputs[s.Slug+" both"] = s.Nodes + "\n---\n" + s.Pods
	}
	for _, format := range []clustersnapshot.Format{clustersnapshot.JSON, clustersnapshot.YAML} {
		var b bytes.Buffer
		spec := clustersnapshot.Spec{Nodes: 6, Pods: 120, Seed: 3, ManagedFields: true}
		if err := clustersnapshot.Write(&b, spec, format); err != nil {
			t.Fatal(err)
		}
		inputs["snapshot "+string(format)] = b.String()
	}
	opts := core.DefaultOptions()
	for name, text := range inputs {
		t.Run(name, func(t *testing.T) {
			want := newEditors([]inputFile{{name: stdinName, text: text}}).load(opts)
			got := streamWorkspace(t, text, opts)
			// The stream drops the sub-fields' columns once validated
			// (dropColumns); the diagnostics that read them are compared.
			ignore := cmpopts.IgnoreFields(engine.Workspace{}, "PairLimit")
			if diff := cmp.Diff(want, got.ws, ignore, cmpopts.IgnoreFields(core.Source{}, "Columns")); diff != "" {
				t.Errorf("stream differs from the editors (-editors +stream):\n%s", diff)
			}
		})
	}
}

// TestStreamDiffersByDesign pins what the stream reads differently from the
// editors: a broken wrapper leaves the List's items read.
func TestStreamDiffersByDesign(t *testing.T) {
	tests := []struct {
		name, input string
		nodes       []string
		diagnostic  string
	}{
		{name: "syntax error in the wrapper", nodes: []string{"n1"},
			diagnostic: "<stdin>:7:1: error: did not find expected ',' or ']'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := streamWorkspace(t, streamCases[tc.name], core.DefaultOptions())
			var names []string
			for _, n := range l.ws.Nodes {
				names = append(names, n.Name)
			}
			if diff := cmp.Diff(tc.nodes, names); diff != "" {
				t.Errorf("nodes (-want +got):\n%s", diff)
			}
			var printed strings.Builder
			printDiagnostics(&printed, speechIn("en"), l.ws.Diagnostics)
			if !strings.Contains(printed.String(), tc.diagnostic) {
				t.Errorf("diagnostics\n%s\nwant a line %q", printed.String(), tc.diagnostic)
			}
		})
	}
}

// streamWorkspace loads text as standard input, as a stream.
func streamWorkspace(t *testing.T, text string, opts core.Options) *loaded {
	t.Helper()
	l, err := loadStream(&Env{Stdin: strings.NewReader(text)}, "-", opts, false)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
