package manifest

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"

	"github.com/taint-playground/taint-playground/engine/core"
)

// apiserverDecode decodes one YAML or JSON document the way `kubectl apply`
// and the apiserver do: sigs.k8s.io/yaml converts it to JSON, then the
// apiserver's case-sensitive JSON decoder fills the typed object.
func apiserverDecode(text string, into any) error {
	j, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		return err
	}
	return kjson.UnmarshalCaseSensitivePreserveInts(j, into)
}

// upstreamNode projects a k8s.io/api Node as nodeView projects ours.
func upstreamNode(n *corev1.Node) []string {
	out := []string{fmt.Sprintf("node %s unschedulable=%v labels[%s]", n.Name, n.Spec.Unschedulable, sortedMap(n.Labels))}
	for _, t := range n.Spec.Taints {
		added := ""
		if t.TimeAdded != nil {
			added = " " + t.TimeAdded.UTC().Format(time.RFC3339)
		}
		out = append(out, fmt.Sprintf("taint %q %q %q%s", t.Key, t.Value, t.Effect, added))
	}
	for _, c := range n.Status.Conditions {
		out = append(out, fmt.Sprintf("condition %s=%s", c.Type, c.Status))
	}
	return out
}

func nodeView(n *core.Node) []string {
	out := []string{fmt.Sprintf("node %s unschedulable=%v labels[%s]", n.Name, n.Unschedulable, sortedMap(n.Labels))}
	for _, t := range n.Taints {
		added := ""
		if t.TimeAdded != nil {
			added = " " + t.TimeAdded.UTC().Format(time.RFC3339)
		}
		out = append(out, fmt.Sprintf("taint %q %q %q%s", t.Key, t.Value, t.Effect, added))
	}
	for _, c := range n.Conditions {
		out = append(out, fmt.Sprintf("condition %s=%s", c.Type, c.Status))
	}
	return out
}

// upstreamPod projects a pod template's metadata and spec as podView
// projects ours.
func upstreamPod(name, namespace string, meta *corev1.PodTemplateSpec) []string {
	spec := &meta.Spec
	priority := "-"
	if spec.Priority != nil {
		priority = fmt.Sprint(*spec.Priority)
	}
	out := []string{fmt.Sprintf("pod %s/%s node=%q hostNetwork=%v priority=%s labels[%s] annotations[%s] nodeSelector[%s]",
		namespace, name, spec.NodeName, spec.HostNetwork, priority, sortedMap(meta.Labels), sortedMap(meta.Annotations), sortedMap(spec.NodeSelector))}
	for _, t := range spec.Tolerations {
		seconds := "-"
		if t.TolerationSeconds != nil {
			seconds = fmt.Sprint(*t.TolerationSeconds)
		}
		out = append(out, fmt.Sprintf("toleration %q %q %q %q %s", t.Key, t.Operator, t.Value, t.Effect, seconds))
	}
	if a := spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		for _, term := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
			out = append(out, "term")
			for _, r := range term.MatchExpressions {
				out = append(out, fmt.Sprintf("expression %q %q %q", r.Key, r.Operator, r.Values))
			}
			for _, r := range term.MatchFields {
				out = append(out, fmt.Sprintf("field %q %q %q", r.Key, r.Operator, r.Values))
			}
		}
	}
	quantities := func(list corev1.ResourceList) string {
		m := make(map[string]string, len(list))
		for name, q := range list {
			m[string(name)] = q.String()
		}
		return sortedMap(m)
	}
	for _, c := range spec.InitContainers {
		out = append(out, fmt.Sprintf("init requests[%s] limits[%s]", quantities(c.Resources.Requests), quantities(c.Resources.Limits)))
	}
	for _, c := range spec.Containers {
		out = append(out, fmt.Sprintf("container requests[%s] limits[%s]", quantities(c.Resources.Requests), quantities(c.Resources.Limits)))
	}
	if r := spec.Resources; r != nil {
		out = append(out, fmt.Sprintf("pod requests[%s] limits[%s]", quantities(r.Requests), quantities(r.Limits)))
	}
	return out
}

func podView(p *core.Pod) []string {
	priority := "-"
	if p.Priority != nil {
		priority = fmt.Sprint(*p.Priority)
	}
	out := []string{fmt.Sprintf("pod %s/%s node=%q hostNetwork=%v priority=%s labels[%s] annotations[%s] nodeSelector[%s]",
		p.Namespace, p.Name, p.NodeName, p.HostNetwork, priority, sortedMap(p.Labels), sortedMap(p.Annotations), sortedMap(p.NodeSelector))}
	for _, t := range p.Tolerations {
		seconds := "-"
		if t.TolerationSeconds != nil {
			seconds = fmt.Sprint(*t.TolerationSeconds)
		}
		out = append(out, fmt.Sprintf("toleration %q %q %q %q %s", t.Key, t.Operator, t.Value, t.Effect, seconds))
	}
	if p.RequiredAffinity != nil {
		for _, term := range p.RequiredAffinity.Terms {
			out = append(out, "term")
			for _, r := range term.MatchExpressions {
				out = append(out, fmt.Sprintf("expression %q %q %q", r.Key, r.Operator, r.Values))
			}
			for _, r := range term.MatchFields {
				out = append(out, fmt.Sprintf("field %q %q %q", r.Key, r.Operator, r.Values))
			}
		}
	}
	quantities := func(m map[string]string) string {
		canonical := make(map[string]string, len(m))
		for name, q := range m {
			canonical[name] = canonicalQuantity(q)
		}
		return sortedMap(canonical)
	}
	for _, c := range p.InitContainers {
		out = append(out, fmt.Sprintf("init requests[%s] limits[%s]", quantities(c.Requests), quantities(c.Limits)))
	}
	for _, c := range p.Containers {
		out = append(out, fmt.Sprintf("container requests[%s] limits[%s]", quantities(c.Requests), quantities(c.Limits)))
	}
	if r := p.PodResources; r != nil {
		out = append(out, fmt.Sprintf("pod requests[%s] limits[%s]", quantities(r.Requests), quantities(r.Limits)))
	}
	return out
}

// canonicalQuantity prints a quantity string as resource.Quantity does,
// since the oracle's quantities are parsed.
func canonicalQuantity(s string) string {
	var q struct {
		Q corev1.ResourceList `json:"q"`
	}
	if err := kjson.UnmarshalCaseSensitivePreserveInts([]byte(`{"q":{"x":"`+s+`"}}`), &q); err != nil {
		return s
	}
	v := q.Q["x"]
	return v.String()
}

// TestDecodeAgainstUpstreamTypes decodes every fixture with our decoders and
// with the apiserver's decoding into k8s.io/api types, and requires the same
// values.
func TestDecodeAgainstUpstreamTypes(t *testing.T) {
	for _, name := range []string{"decode_nodes_get.yaml", "decode_nodes_get.json"} {
		t.Run(name, func(t *testing.T) {
			text := readFixture(t, name)
			var list struct {
				Items []corev1.Node `json:"items"`
			}
			if err := apiserverDecode(text, &list); err != nil {
				t.Fatal(err)
			}
			var want []string
			for i := range list.Items {
				want = append(want, upstreamNode(&list.Items[i])...)
			}
			nodes, _ := DecodeNodes(text)
			var got []string
			for i := range nodes {
				got = append(got, nodeView(&nodes[i])...)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-upstream +ours):\n%s", diff)
			}
		})
	}
	for _, name := range []string{"decode_pods_get.yaml", "decode_pods_get.json", "decode_pods_workloads.yaml"} {
		t.Run(name, func(t *testing.T) {
			text := readFixture(t, name)
			want := upstreamPods(t, text)
			pods, _ := DecodePods(text)
			var got []string
			for i := range pods {
				got = append(got, podView(&pods[i])...)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-upstream +ours):\n%s", diff)
			}
		})
	}
}

// upstreamPods decodes each document of a text with k8s.io/api types: a
// List of Pods, or one workload per document.
func upstreamPods(t *testing.T, text string) []string {
	t.Helper()
	var out []string
	for _, doc := range strings.Split(text, "\n---\n") {
		var head struct {
			Kind string `json:"kind"`
		}
		if err := apiserverDecode(doc, &head); err != nil {
			t.Fatal(err)
		}
		var err error
		switch head.Kind {
		case "List":
			var list struct {
				Items []corev1.Pod `json:"items"`
			}
			err = apiserverDecode(doc, &list)
			for i := range list.Items {
				p := &list.Items[i]
				out = append(out, upstreamPod(p.Name, p.Namespace, &corev1.PodTemplateSpec{ObjectMeta: p.ObjectMeta, Spec: p.Spec})...)
			}
		case "Deployment":
			var d appsv1.Deployment
			err = apiserverDecode(doc, &d)
			out = append(out, upstreamPod(d.Name, d.Namespace, &d.Spec.Template)...)
		case "DaemonSet":
			var d appsv1.DaemonSet
			err = apiserverDecode(doc, &d)
			out = append(out, upstreamPod(d.Name, d.Namespace, &d.Spec.Template)...)
		case "CronJob":
			var c batchv1.CronJob
			err = apiserverDecode(doc, &c)
			out = append(out, upstreamPod(c.Name, c.Namespace, &c.Spec.JobTemplate.Spec.Template)...)
		case "Job":
			var j batchv1.Job
			err = apiserverDecode(doc, &j)
			name := j.Name
			if name == "" {
				name = j.GenerateName + "…"
			}
			out = append(out, upstreamPod(name, j.Namespace, &j.Spec.Template)...)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// FuzzDecodePods decodes any text within bounds and without panicking; when
// the text is one Pod that the apiserver's decoding accepts and we report
// nothing, both must read the same values.
func FuzzDecodePods(f *testing.F) {
	for _, name := range []string{"decode_pods_get.yaml", "decode_pods_get.json", "decode_pods_workloads.yaml"} {
		f.Add(readFixture(f, name))
	}
	f.Add("kind: Pod\nmetadata: {name: p}\nspec:\n  tolerations:\n  - {key: k, operator: Equal, value: v, effect: NoExecute, tolerationSeconds: 30}\n")
	f.Add("kind: Pod\nmetadata: {name: p, labels: &l {a: b}}\nspec: {nodeSelector: *l, tolerations: [{<<: {key: k}, operator: Exists}]}\n")
	f.Fuzz(func(t *testing.T, text string) {
		pods, diags := DecodePods(text)
		checkDecodeBounds(t, text, len(pods), diags)
		var p corev1.Pod
		if len(pods) != 1 || len(diags) != 0 || pods[0].Kind != "Pod" || strings.Contains(text, "---") || apiserverDecode(text, &p) != nil || p.Kind != "Pod" {
			return
		}
		want := upstreamPod(p.Name, p.Namespace, &corev1.PodTemplateSpec{ObjectMeta: p.ObjectMeta, Spec: p.Spec})
		if p.Name == "" && p.GenerateName != "" {
			return
		}
		if diff := cmp.Diff(want, podView(&pods[0])); diff != "" {
			t.Errorf("(-upstream +ours):\n%s", diff)
		}
	})
}

// FuzzDecodeNodes decodes any text within bounds and without panicking;
// when the text is one Node that the apiserver's decoding accepts and we
// report nothing, both must read the same values, as in FuzzDecodePods.
func FuzzDecodeNodes(f *testing.F) {
	for _, name := range []string{"decode_nodes_get.yaml", "decode_nodes_get.json", "decode_nodes_describe.txt", "kubectl_nodes_script.txt"} {
		f.Add(readFixture(f, name))
	}
	f.Add("kubectl taint nodes node1 key1=value1:NoSchedule\nkey2=v:NoExecute\n")
	f.Add("kind: Node\nmetadata: {name: node-1, labels: {a: b}}\nspec:\n  unschedulable: true\n  taints:\n" +
		"  - {key: k, value: v, effect: NoExecute, timeAdded: \"2024-05-01T10:00:00Z\"}\n  - {<<: {key: m}, effect: NoSchedule}\n" +
		"status: {conditions: [{type: Ready, status: \"False\"}]}\n")
	f.Fuzz(func(t *testing.T, text string) {
		nodes, diags := DecodeNodes(text)
		checkDecodeBounds(t, text, len(nodes), diags)
		for _, n := range nodes {
			if n.Source.Editor != core.EditorNodes {
				t.Fatalf("node %q has no editor in its source: %+v", n.Name, n.Source)
			}
			for _, taint := range n.Taints {
				if taint.Source.Line < 1 || !strings.HasPrefix(taint.Source.Field, "spec.taints[") {
					t.Fatalf("taint %s of %q is not placed: %+v", taint.String(), n.Name, taint.Source)
				}
			}
		}
		var n corev1.Node
		if len(nodes) != 1 || len(diags) != 0 || strings.Contains(text, "---") || apiserverDecode(text, &n) != nil || n.Kind != "Node" {
			return
		}
		if diff := cmp.Diff(upstreamNode(&n), nodeView(&nodes[0])); diff != "" {
			t.Errorf("(-upstream +ours):\n%s", diff)
		}
	})
}

// checkDecodeBounds checks what every decode promises: within the limits, and
// diagnostics that say where they point. How long decoding takes is measured
// by make bench (BenchmarkHostileInputs), not here: a fuzz worker on a busy
// machine is slow for reasons of its own.
func checkDecodeBounds(t *testing.T, text string, objects int, diags []core.Diagnostic) {
	t.Helper()
	if objects > maxObjects || len(diags) > maxDiagnostics+1 {
		t.Errorf("%d objects and %d diagnostics exceed the limits", objects, len(diags))
	}
	lines := 1 + strings.Count(normalizeNewlines(text), "\n")
	if !sort.SliceIsSorted(diags, func(i, j int) bool { return diags[i].Source.Line < diags[j].Source.Line }) {
		t.Errorf("diagnostics are not in line order")
	}
	for _, d := range diags {
		if d.Source.Editor == "" || d.Source.Line < 0 || d.Source.Line > lines || d.Message == "" {
			t.Errorf("diagnostic %+v points nowhere (text has %d lines)", d, lines)
		}
	}
}
