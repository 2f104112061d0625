package manifest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"

	"github.com/taint-playground/taint-playground/engine/core"
)

// strictCase is one input to strict decoding, the diagnostics it gives
// ("severity code message (at line:column field)") and the Rejected of each
// object read ("name: reasons" joined by " | ").
type strictCase struct {
	name         string
	nodes        bool
	text         string
	wantDiags    []string
	wantRejected []string
	// mergeOverride: a key next to a merge key, which YAML lets override the
	// merged one. YAMLToJSONStrict calls it "already set in map", but the
	// JSON kubectl sends has the key once, so it is no duplicate here.
	mergeOverride bool
}

// strictCases are the mistakes `kubectl apply` refuses with strict field
// validation (its default), in the apiserver's words: sigs.k8s.io/json's
// `unknown field "<path>"` and `duplicate field "<path>"`, and apimachinery's
// `Object 'Kind' is missing in '<json>'`. TestStrictDecodingAgreesWithUpstream
// checks the strict errors of each against sigs.k8s.io/json.
var strictCases = []strictCase{
	{
		name: "tolerationseconds in the wrong case tolerates forever unless refused",
		text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  tolerations:\n  - key: k\n    operator: Exists\n    effect: NoExecute\n    tolerationseconds: 30\n",
		wantDiags: []string{
			`error strict line 10: unknown field "spec.tolerations[0].tolerationseconds"; did you mean "tolerationSeconds"? (at 10:5 spec.tolerations[0].tolerationseconds)`,
		},
		wantRejected: []string{`web: unknown field "spec.tolerations[0].tolerationseconds"`},
	},
	{
		name: "toleration instead of tolerations",
		text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  toleration:\n  - key: k\n    operator: Exists\n",
		wantDiags: []string{
			`error strict line 6: unknown field "spec.toleration"; did you mean "tolerations"? (at 6:3 spec.toleration)`,
		},
		wantRejected: []string{`web: unknown field "spec.toleration"`},
	},
	{
		name: "spec indented under metadata",
		text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  spec:\n    tolerations:\n    - operator: Exists\n",
		wantDiags: []string{
			`error strict line 5: unknown field "metadata.spec"; is it indented too far? the object has a field "spec" (at 5:3 metadata.spec)`,
		},
		wantRejected: []string{`web: unknown field "metadata.spec"`},
	},
	{
		name: "two effect keys in one toleration: the last is read, and the pod is refused",
		text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  tolerations:\n  - key: k\n    operator: Exists\n    effect: NoSchedule\n    effect: NoExecute\n",
		wantDiags: []string{
			`error strict line 10: duplicate field "spec.tolerations[0].effect" (at 10:5 spec.tolerations[0].effect)`,
		},
		wantRejected: []string{`web: duplicate field "spec.tolerations[0].effect"`},
	},
	{
		name: "duplicates among more keys than are compared one by one, and in mappings inside mappings",
		text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels:\n    l0: v\n    l1: v\n    l2: v\n    l3: v\n    l4: v\n    l5: v\n    l6: v\n    l7: v\n    l8: v\n    l9: v\n    l10: v\n    l11: v\n    l12: v\n    l13: v\n    l14: v\n    l15: v\n    l16: v\n    l17: v\n    l18: v\n    l19: v\n    l3: w\n    l19: w\n  namespace: a\nspec:\n  tolerations:\n  - key: k\n    key: k2\n    operator: Exists\n  nodeName: n\n  nodeName: m\n  namespace: b\n",
		wantDiags: []string{
			`error strict line 26: duplicate field "metadata.labels.l3" (at 26:5 metadata.labels.l3)`,
			`error strict line 27: duplicate field "metadata.labels.l19" (at 27:5 metadata.labels.l19)`,
			`error strict line 32: duplicate field "spec.tolerations[0].key" (at 32:5 spec.tolerations[0].key)`,
			`error strict line 35: duplicate field "spec.nodeName" (at 35:3 spec.nodeName)`,
			`error strict line 36: unknown field "spec.namespace" (at 36:3 spec.namespace)`,
		},
		wantRejected: []string{`web: duplicate field "metadata.labels.l3" | duplicate field "metadata.labels.l19" | ` +
			`duplicate field "spec.tolerations[0].key" | duplicate field "spec.nodeName" | unknown field "spec.namespace"`},
	},
	{
		name:          "a key next to a merge key overrides it, which is no duplicate",
		mergeOverride: true,
		text:          "kind: Pod\nmetadata:\n  name: web\nspec:\n  tolerations:\n  - &t {key: k, operator: Exists, effect: NoSchedule}\n  - {<<: *t, effect: NoExecute}\n",
	},
	{
		name: "a duplicate label",
		text: "kind: Pod\nmetadata:\n  name: web\n  labels:\n    app: a\n    app: b\n",
		wantDiags: []string{
			`error strict line 6: duplicate field "metadata.labels.app" (at 6:5 metadata.labels.app)`,
		},
		wantRejected: []string{`web: duplicate field "metadata.labels.app"`},
	},
	{
		name: "duplicate labels among many, before and past the keys compared one by one",
		text: "kind: Pod\nmetadata:\n  name: web\n  labels:\n    l0: v\n    l1: v\n    l0: w\n" + manyLabels(20) + "    l19: w\n    l0: x\n  annotations:\n    l0: v\n",
		wantDiags: []string{
			`error strict line 7: duplicate field "metadata.labels.l0" (at 7:5 metadata.labels.l0)`,
			`error strict line 8: duplicate field "metadata.labels.l0" (at 8:5 metadata.labels.l0)`,
			`error strict line 9: duplicate field "metadata.labels.l1" (at 9:5 metadata.labels.l1)`,
			`error strict line 28: duplicate field "metadata.labels.l19" (at 28:5 metadata.labels.l19)`,
			`error strict line 29: duplicate field "metadata.labels.l0" (at 29:5 metadata.labels.l0)`,
		},
		wantRejected: []string{`web: duplicate field "metadata.labels.l0" | duplicate field "metadata.labels.l0" | duplicate field "metadata.labels.l1" | duplicate field "metadata.labels.l19" | duplicate field "metadata.labels.l0"`},
	},
	{
		name: "templateGeneration in a DaemonSet's spec (extensions/v1beta1 had it, apps/v1 has not)",
		text: "apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  templateGeneration: 2\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec:\n      containers: [{name: agent, image: agent}]\n",
		wantDiags: []string{
			`error strict line 6: unknown field "spec.templateGeneration" (at 6:3 spec.templateGeneration)`,
		},
		wantRejected: []string{`agent: unknown field "spec.templateGeneration"`},
	},
	{
		name: "a workload's template: the path starts at the workload",
		text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        imagePullpolicy: Always\n      tolerations:\n      - operator: Exists\n        tolerationSecond: 5\n",
		wantDiags: []string{
			`error strict line 11: unknown field "spec.template.spec.containers[0].imagePullpolicy"; did you mean "imagePullPolicy"? (at 11:9 spec.template.spec.containers[0].imagePullpolicy)`,
			`error strict line 14: unknown field "spec.template.spec.tolerations[0].tolerationSecond"; did you mean "tolerationSeconds"? (at 14:9 spec.template.spec.tolerations[0].tolerationSecond)`,
		},
		wantRejected: []string{`web: unknown field "spec.template.spec.containers[0].imagePullpolicy" | unknown field "spec.template.spec.tolerations[0].tolerationSecond"`},
	},
	{
		name: "a CronJob's job template",
		text: "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: nightly\nspec:\n  schedule: '@daily'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{name: c, image: busybox}]\n          nodeselector: {disk: ssd}\n",
		wantDiags: []string{
			`error strict line 13: unknown field "spec.jobTemplate.spec.template.spec.nodeselector"; did you mean "nodeSelector"? (at 13:11 spec.jobTemplate.spec.template.spec.nodeselector)`,
		},
		wantRejected: []string{`nightly: unknown field "spec.jobTemplate.spec.template.spec.nodeselector"`},
	},
	{
		name: "compact JSON, as kubectl get -o json prints it on one line",
		text: `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"},"spec":{"tolerations":[{"key":"k","operator":"Exists","effect":"NoSchedule","effect":"NoExecute","tolerationseconds":30}]}}`,
		wantDiags: []string{
			`error strict line 1: duplicate field "spec.tolerations[0].effect" (at 1:135 spec.tolerations[0].effect)`,
			`error strict line 1: unknown field "spec.tolerations[0].tolerationseconds"; did you mean "tolerationSeconds"? (at 1:156 spec.tolerations[0].tolerationseconds)`,
		},
		wantRejected: []string{`web: duplicate field "spec.tolerations[0].effect" | unknown field "spec.tolerations[0].tolerationseconds"`},
	},
	{
		name:  "a node's taint instead of taints, and an unknown status field",
		nodes: true,
		text:  "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\nspec:\n  taint:\n  - key: k\n    effect: NoSchedule\nstatus:\n  condition: []\n",
		wantDiags: []string{
			`error strict line 6: unknown field "spec.taint"; did you mean "taints"? (at 6:3 spec.taint)`,
			`error strict line 10: unknown field "status.condition"; did you mean "conditions"? (at 10:3 status.condition)`,
		},
		wantRejected: []string{`n1: unknown field "spec.taint" | unknown field "status.condition"`},
	},
	{
		name:  "NodeList items: no kind and no apiVersion take the list's kind, an apiVersion alone does not",
		nodes: true,
		text:  "apiVersion: v1\nkind: NodeList\nitems:\n- metadata: {name: a}\n- apiVersion: v1\n  metadata: {name: b}\n",
		wantDiags: []string{
			`error decode line 5: Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"b"}}' (at 5:3 kind)`,
		},
		wantRejected: []string{"a: "},
	},
	{
		name:  "a v1 List's items need their kind",
		nodes: true,
		text:  "apiVersion: v1\nkind: List\nitems:\n- metadata: {name: a}\n",
		wantDiags: []string{
			`error decode line 4: Object 'Kind' is missing in '{"metadata":{"name":"a"}}' (at 4:3 kind)`,
		},
	},
	{
		name:  "a List wrapper's unknown field is a warning: kubectl sends the items, never the wrapper",
		nodes: true,
		text:  "apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: \"\"\n  selfLink: \"\"\nitem: []\nitems:\n- {kind: Node, metadata: {name: a}}\n",
		wantDiags: []string{
			`warning strict line 6: unknown field "item"; did you mean "items"? (at 6:1 item)`,
		},
		wantRejected: []string{"a: "},
	},
	{
		name: "fields inside leaves and free maps are not checked",
		text: "kind: Pod\nmetadata:\n  name: web\n  annotations: {anything: goes}\n  managedFields:\n  - manager: kubectl\n    fieldsV1: {f:spec: {f:tolerations: {}}}\nspec:\n  nodeSelector: {whatever: x}\n  containers:\n  - name: c\n    resources: {requests: {cpu: 1, example.com/gpu: 1}}\n",
	},
	{
		name: "a wrong value type refuses the pod too",
		text: "kind: Pod\nmetadata:\n  name: web\nspec:\n  tolerations:\n  - operator: Exists\n    tolerationSeconds: soon\n",
		wantDiags: []string{
			`error decode line 7: spec.tolerations[0].tolerationSeconds: expected an integer, got the string "soon" (at 7:5 spec.tolerations[0].tolerationSeconds)`,
		},
		wantRejected: []string{`web: spec.tolerations[0].tolerationSeconds: expected an integer, got the string "soon"`},
	},
}

func TestStrictDecoding(t *testing.T) {
	for _, tc := range strictCases {
		t.Run(tc.name, func(t *testing.T) {
			var diags []core.Diagnostic
			var rejected []string
			if tc.nodes {
				var nodes []core.Node
				nodes, diags = DecodeNodes(tc.text)
				for _, n := range nodes {
					rejected = append(rejected, n.Name+": "+strings.Join(n.Rejected, " | "))
				}
			} else {
				var pods []core.Pod
				pods, diags = DecodePods(tc.text)
				for _, p := range pods {
					if len(p.Rejected) > 0 {
						rejected = append(rejected, p.Name+": "+strings.Join(p.Rejected, " | "))
					}
				}
			}
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s %s %s (at %d:%d%s)", d.Severity, d.Code, d.Message, d.Source.Line, d.Source.Column, prefixed(d.Source.Field)))
			}
			if diff := cmp.Diff(tc.wantDiags, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantRejected, rejected, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("rejected (-want +got):\n%s", diff)
			}
		})
	}
}

// upstreamObjects are the Go types sigs.k8s.io/json decodes each kind into.
var upstreamObjects = map[string]func() any{
	"Pod": func() any { return &corev1.Pod{} }, "Node": func() any { return &corev1.Node{} },
	"PodTemplate": func() any { return &corev1.PodTemplate{} }, "ReplicationController": func() any { return &corev1.ReplicationController{} },
	"Deployment": func() any { return &appsv1.Deployment{} }, "ReplicaSet": func() any { return &appsv1.ReplicaSet{} },
	"StatefulSet": func() any { return &appsv1.StatefulSet{} }, "DaemonSet": func() any { return &appsv1.DaemonSet{} },
	"Job": func() any { return &batchv1.Job{} }, "CronJob": func() any { return &batchv1.CronJob{} },
}

// TestStrictDecodingAgreesWithUpstream decodes each single-object case as
// the apiserver does under strict field validation: the YAML turned into
// JSON by sigs.k8s.io/yaml, then sigs.k8s.io/json's UnmarshalStrict into
// the k8s.io/api type. Its errors must be exactly our strict errors. A YAML
// duplicate never reaches JSON (the conversion keeps the last), so those
// are counted against YAMLToJSONStrict's "already set in map" instead.
func TestStrictDecodingAgreesWithUpstream(t *testing.T) {
	for _, tc := range strictCases {
		t.Run(tc.name, func(t *testing.T) {
			var meta struct{ Kind string }
			if err := yaml.Unmarshal([]byte(tc.text), &meta); err != nil {
				t.Fatal(err)
			}
			newObject, ok := upstreamObjects[meta.Kind]
			if !ok {
				t.Skipf("kind %q: a list, checked item by item by kubectl", meta.Kind)
			}
			data, err := yaml.YAMLToJSON([]byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(tc.text, "{") {
				data = []byte(tc.text)
			}
			var diags []core.Diagnostic
			if tc.nodes {
				_, diags = DecodeNodes(tc.text)
			} else {
				_, diags = DecodePods(tc.text)
			}
			strictErrs, err := kjson.UnmarshalStrict(data, newObject())
			if err != nil {
				if !slices.ContainsFunc(diags, func(d core.Diagnostic) bool { return d.Severity == core.SeverityError && d.Code == core.CodeDecode }) {
					t.Errorf("upstream refuses the object (%v), we give no decode error", err)
				}
				return
			}
			var upstream []string
			for _, e := range strictErrs {
				upstream = append(upstream, e.Error())
			}
			duplicates := 0
			if _, err := yaml.YAMLToJSONStrict([]byte(tc.text)); err != nil && !strings.HasPrefix(tc.text, "{") && !tc.mergeOverride {
				duplicates = strings.Count(err.Error(), "already set in map")
			}
			var ours []string
			ourDuplicates := 0
			for _, d := range diags {
				if d.Code != core.CodeStrict {
					continue
				}
				msg := d.Message[strings.Index(d.Message, ": ")+2:]
				msg, _, _ = strings.Cut(msg, "; ")
				if strings.HasPrefix(msg, "duplicate") && duplicates > 0 {
					ourDuplicates++
					continue
				}
				ours = append(ours, msg)
			}
			slices.Sort(upstream)
			slices.Sort(ours)
			if diff := cmp.Diff(upstream, ours); diff != "" {
				t.Errorf("strict errors (-upstream +ours):\n%s", diff)
			}
			if ourDuplicates != duplicates {
				t.Errorf("%d duplicate fields, YAMLToJSONStrict finds %d", ourDuplicates, duplicates)
			}
		})
	}
}

// TestRealOutputDecodesStrictly: what `kubectl get -o yaml|json` printed from
// real clusters has no field strict decoding refuses. (The examples' own
// tests list every diagnostic each scenario has, so they assert the same
// for examples/.)
func TestRealOutputDecodesStrictly(t *testing.T) {
	for _, name := range []string{"decode_nodes_get.yaml", "decode_nodes_get.json", "decode_pods_get.yaml", "decode_pods_get.json", "decode_pods_workloads.yaml"} {
		t.Run(name, func(t *testing.T) {
			text := readFixture(t, name)
			var diags []core.Diagnostic
			var rejected []string
			if strings.Contains(name, "nodes") {
				var nodes []core.Node
				nodes, diags = DecodeNodes(text)
				for _, n := range nodes {
					rejected = append(rejected, n.Rejected...)
				}
			} else {
				var pods []core.Pod
				pods, diags = DecodePods(text)
				for _, p := range pods {
					rejected = append(rejected, p.Rejected...)
				}
			}
			for _, d := range diags {
				if d.Code == core.CodeStrict {
					t.Errorf("%s", d.Message)
				}
			}
			if len(rejected) > 0 {
				t.Errorf("rejected: %q", rejected)
			}
		})
	}
}

// manyLabels writes labels l0 to l(n-1), one a line, under metadata.labels.
func manyLabels(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "    l%d: v\n", i)
	}
	return b.String()
}
