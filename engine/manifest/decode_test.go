package manifest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// readFixture returns a file of testdata.
func readFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// at renders a Source as "line:column field {sub-field lines}".
func at(src core.Source) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%d", src.Line, src.Column)
	if src.Field != "" {
		b.WriteString(" " + src.Field)
	}
	if len(src.Fields) > 0 {
		names := make([]string, 0, len(src.Fields))
		for name := range src.Fields {
			names = append(names, name)
		}
		sort.Strings(names)
		for i, name := range names {
			names[i] = fmt.Sprintf("%s@%d", name, src.Fields[name])
		}
		b.WriteString(" {" + strings.Join(names, " ") + "}")
	}
	return b.String()
}

// sortedMap renders a map as k=v pairs in key order.
func sortedMap(m map[string]string) string {
	pairs := make([]string, 0, len(m))
	for k, v := range m {
		pairs = append(pairs, k+"="+v)
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

// nodeSummary is one line per node, taint and condition, with where each was read.
func nodeSummary(nodes []core.Node) []string {
	var out []string
	for _, n := range nodes {
		out = append(out, fmt.Sprintf("node %s unschedulable=%v labels[%s] at %s", n.Name, n.Unschedulable, sortedMap(n.Labels), at(n.Source)))
		for _, t := range n.Taints {
			added := ""
			if t.TimeAdded != nil {
				added = " added " + t.TimeAdded.Format(time.RFC3339)
			}
			out = append(out, fmt.Sprintf("  taint %s%s at %s", t.String(), added, at(t.Source)))
		}
		for _, c := range n.Conditions {
			out = append(out, fmt.Sprintf("  condition %s=%s at %s", c.Type, c.Status, at(c.Source)))
		}
	}
	return out
}

// diagnosticSummary is one line per diagnostic.
func diagnosticSummary(diags []core.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%s %s %s (%s at %s)", d.Severity, d.Code, d.Message, d.Source.Editor, at(d.Source)))
	}
	return out
}

func TestDecodeNodesFormats(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		want      []string
		wantDiags []string
	}{
		{
			name: "kubectl get nodes -o yaml",
			text: readFixture(t, "decode_nodes_get.yaml"),
			want: []string{
				"node kind-control-plane unschedulable=false labels[beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kind-control-plane,kubernetes.io/os=linux,node-role.kubernetes.io/control-plane=,node.kubernetes.io/exclude-from-external-load-balancers=] at 3:3 {name@19}",
				"  taint node-role.kubernetes.io/control-plane:NoSchedule at 28:7 spec.taints[0] {effect@28 key@29}",
				"  condition MemoryPressure=False at 47:7 status.conditions[0] {status@51 type@52}",
				"  condition Ready=True at 53:7 status.conditions[1] {status@57 type@58}",
				"node kind-worker unschedulable=true labels[kubernetes.io/arch=amd64,kubernetes.io/hostname=kind-worker,kubernetes.io/os=linux,pool=gpu] at 73:3 {name@84 unschedulable@102}",
				"  taint dedicated=gpu:NoSchedule at 93:7 spec.taints[0] {effect@93 key@94 value@95}",
				"  taint node.kubernetes.io/unreachable:NoExecute added 2025-03-14T10:01:40Z at 96:7 spec.taints[1] {effect@96 key@97 timeAdded@98}",
				"  taint node.kubernetes.io/unreachable:NoSchedule added 2025-03-14T10:01:35Z at 99:7 spec.taints[2] {effect@99 key@100 timeAdded@101}",
				"  condition Ready=Unknown at 105:7 status.conditions[0] {status@109 type@110}",
			},
		},
		{
			name: "kubectl get nodes -o json",
			text: readFixture(t, "decode_nodes_get.json"),
			want: []string{
				"node kind-control-plane unschedulable=false labels[beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/arch=amd64,kubernetes.io/hostname=kind-control-plane,kubernetes.io/os=linux,node-role.kubernetes.io/control-plane=,node.kubernetes.io/exclude-from-external-load-balancers=] at 4:9 {name@8}",
				"  taint node-role.kubernetes.io/control-plane:NoSchedule at 34:21 spec.taints[0] {effect@36 key@35}",
				"  condition MemoryPressure=False at 54:21 status.conditions[0] {status@56 type@55}",
				"  condition Ready=True at 62:21 status.conditions[1] {status@64 type@63}",
				"node kind-worker unschedulable=true labels[kubernetes.io/arch=amd64,kubernetes.io/hostname=kind-worker,kubernetes.io/os=linux,pool=gpu] at 100:9 {name@104 unschedulable@141}",
				"  taint dedicated=gpu:NoSchedule at 125:21 spec.taints[0] {effect@128 key@126 value@127}",
				"  taint node.kubernetes.io/unreachable:NoExecute added 2025-03-14T10:01:40Z at 130:21 spec.taints[1] {effect@132 key@131 timeAdded@133}",
				"  taint node.kubernetes.io/unreachable:NoSchedule added 2025-03-14T10:01:35Z at 135:21 spec.taints[2] {effect@137 key@136 timeAdded@138}",
				"  condition Ready=Unknown at 145:21 status.conditions[0] {status@147 type@146}",
			},
		},
		{
			name: "kubectl describe nodes",
			text: readFixture(t, "decode_nodes_describe.txt"),
			want: []string{
				"node kind-control-plane unschedulable=false labels[beta.kubernetes.io/arch=amd64,kubernetes.io/hostname=kind-control-plane,node-role.kubernetes.io/control-plane=] at 1:1 {name@1 unschedulable@10}",
				"  taint node-role.kubernetes.io/control-plane:NoSchedule at 9:21 spec.taints[0] {effect@9 key@9}",
				"  condition MemoryPressure=False at 18:3 status.conditions[0] {status@18 type@18}",
				"  condition Ready=True at 19:3 status.conditions[1] {status@19 type@19}",
				"node kind-worker unschedulable=true labels[kubernetes.io/hostname=kind-worker,pool=gpu] at 30:1 {name@30 unschedulable@39}",
				"  taint node.kubernetes.io/unreachable:NoExecute at 36:21 spec.taints[0] {effect@36 key@36}",
				"  taint dedicated=gpu:NoSchedule at 37:21 spec.taints[1] {effect@37 key@37 value@37}",
				"  taint node.kubernetes.io/unreachable:NoSchedule at 38:21 spec.taints[2] {effect@38 key@38}",
				"  condition Ready=Unknown at 43:3 status.conditions[0] {status@43 type@43}",
			},
		},
		{
			name: "nodes and the kubectl commands run on them",
			text: readFixture(t, "kubectl_nodes_script.txt"),
			want: []string{
				"node node1 unschedulable=false labels[disktype=ssd] at 2:1 {name@5}",
				"  taint key1=value1:NoExecute at 15:27 spec.taints[0] {effect@15 key@15 value@15}",
				"  taint key1=value1:NoSchedule at 14:27 spec.taints[1] {effect@14 key@14 value@14}",
				"node node2 unschedulable=false labels[] at 9:1 {name@12}",
				"  taint dedicated=experimental:PreferNoSchedule at 18:5 spec.taints[0] {effect@18 key@18 value@18}",
			},
			wantDiags: []string{
				"error kubectl line 20: nodes \"node3\" not found (nodes at 20:1)",
				"error kubectl line 21: node node1 already has key1 taint(s) with same effect(s) and --overwrite is false (nodes at 21:1)",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			nodes, diags := DecodeNodes(tc.text)
			if diff := cmp.Diff(tc.want, nodeSummary(nodes)); diff != "" {
				t.Errorf("nodes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantDiags, diagnosticSummary(diags)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeNodes(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		want      []string
		wantDiags []string
	}{
		{
			name: "the docs' one-liner creates its node when the text defines none",
			text: "kubectl taint nodes node1 key1=value1:NoSchedule\n",
			want: []string{
				"node node1 unschedulable=false labels[] at 1:1 {name@1}",
				"  taint key1=value1:NoSchedule at 1:27 spec.taints[0] {effect@1 key@1 value@1}",
			},
		},
		{
			name: "then removing it leaves the node without taints",
			text: "$ kubectl taint nodes node1 key1=value1:NoSchedule\n$ kubectl taint nodes node1 key1=value1:NoSchedule-\n",
			want: []string{"node node1 unschedulable=false labels[] at 1:3 {name@1}"},
		},
		{
			name: "bare taints belong to node1, in the order written",
			text: "# taints\nkey1=value1:NoSchedule  key2:NoExecute\n\nexample.com/gpu=:PreferNoSchedule\n",
			want: []string{
				"node node1 unschedulable=false labels[] at 2:1 {name@2}",
				"  taint key1=value1:NoSchedule at 2:1 spec.taints[0] {effect@2 key@2 value@2}",
				"  taint key2:NoExecute at 2:25 spec.taints[1] {effect@2 key@2}",
				"  taint example.com/gpu:PreferNoSchedule at 4:1 spec.taints[2] {effect@4 key@4}",
			},
		},
		{
			name: "a bare line cannot remove or leave out the effect",
			text: "key1-\nkey2=v\nkey3=v:NoExcute\n",
			wantDiags: []string{
				"error kubectl line 1: key1- removes a taint; a bare line can only add one (use kubectl taint nodes NAME key1-) (nodes at 1:1)",
				"error kubectl line 2: invalid taint spec: key2=v, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') (nodes at 2:1)",
				"error kubectl line 3: invalid taint effect: NoExcute, unsupported taint effect (nodes at 3:1)",
			},
		},
		{
			name: "a describe Taints block alone belongs to node1",
			text: "Taints:             dedicated=gpu:NoSchedule\n                    gpu:NoExecute\nUnschedulable:      true\n",
			want: []string{
				"node node1 unschedulable=true labels[] at 1:1 {name@1 unschedulable@3}",
				"  taint dedicated=gpu:NoSchedule at 1:21 spec.taints[0] {effect@1 key@1 value@1}",
				"  taint gpu:NoExecute at 2:21 spec.taints[1] {effect@2 key@2}",
			},
		},
		{
			name: "a describe taint kubectl could not have printed",
			text: "Name:   n\nTaints: a=b\n        c:NoSchedule\n",
			want: []string{
				"node n unschedulable=false labels[] at 1:1 {name@1}",
				"  taint c:NoSchedule at 3:9 spec.taints[0] {effect@3 key@3}",
			},
			wantDiags: []string{
				"error decode line 2: invalid taint spec: a=b, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') (nodes at 2:9)",
			},
		},
		{
			name: "a kubectl line for an unknown node is an error once the text defines nodes",
			text: "kind: Node\nmetadata: {name: a}\n---\nkubectl taint nodes b k=v:NoSchedule\nkubectl cordon a\n",
			want: []string{"node a unschedulable=false labels[] at 1:1 {name@2}"},
			wantDiags: []string{
				`error kubectl line 4: nodes "b" not found (nodes at 4:1)`,
				"error kubectl line 5: not a kubectl taint command (nodes at 5:1)",
			},
		},
		{
			name: "a command applies to the nodes defined before it",
			text: "kubectl taint nodes a k=v:NoSchedule\n---\nkind: Node\nmetadata: {name: a}\n",
			want: []string{"node a unschedulable=false labels[] at 3:1 {name@4}"},
			wantDiags: []string{
				`error kubectl line 1: nodes "a" not found (nodes at 1:1)`,
			},
		},
		{
			name: "a broken document does not stop the others",
			text: "kind: Node\nmetadata: {name: a\n---\nkind: Node\nmetadata: {name: b}\nspec:\n  taints:\n  - {key: k, effect: NoSchedule}\n",
			want: []string{
				"node b unschedulable=false labels[] at 4:1 {name@5}",
				"  taint k:NoSchedule at 8:5 spec.taints[0] {effect@8 key@8}",
			},
			wantDiags: []string{"error yaml line 2: did not find expected ',' or '}' (nodes at 2:1)"},
		},
		{
			name: "NodeList items without kind; YAML 1.1 booleans and numbers where strings belong are errors",
			text: "kind: NodeList\nitems:\n- metadata:\n    name: n1\n    labels: {on: \"yes\", v: 1.50}\n  spec:\n    unschedulable: yes\n    taints:\n    - {key: k, value: 0x1F, effect: NoSchedule}\n    - {key: j, value: null, effect: NoExecute}\n- metadata:\n    name: n\n",
			want: []string{
				"node n1 unschedulable=true labels[true=yes] at 3:3 {name@4 unschedulable@7}",
				"  taint j:NoExecute at 10:7 spec.taints[1] {effect@10 key@10 value@10}",
			},
			wantDiags: []string{
				`error decode line 5: metadata.labels[v]: expected a string, got the number 1.5; quote it: "1.50" (nodes at 5:25 metadata.labels[v])`,
				`error decode line 9: spec.taints[0].value: expected a string, got the number 31; quote it: "0x1F" (nodes at 9:16 spec.taints[0].value)`,
				`error decode line 12: metadata.name: expected a string, got the boolean false; quote it: "n" (nodes at 12:5 metadata.name)`,
			},
		},
		{
			name: "anchors, aliases and merge keys; the last duplicate key wins",
			text: "kind: List\nitems:\n- kind: Node\n  metadata: {name: a, labels: &l {zone: x}}\n  spec:\n    taints:\n    - &t {key: k, effect: NoSchedule}\n- kind: Node\n  metadata: {name: b, labels: {<<: *l, tier: web}}\n  spec:\n    taints:\n    - *t\n    - {<<: *t, effect: NoExecute, effect: PreferNoSchedule}\n",
			want: []string{
				"node a unschedulable=false labels[zone=x] at 3:3 {name@4}",
				"  taint k:NoSchedule at 7:7 spec.taints[0] {effect@7 key@7}",
				"node b unschedulable=false labels[tier=web,zone=x] at 8:3 {name@9}",
				"  taint k:NoSchedule at 7:7 spec.taints[0] {effect@7 key@7}",
				"  taint k:PreferNoSchedule at 13:7 spec.taints[1] {effect@13 key@7}",
			},
			wantDiags: []string{
				`error strict line 13: duplicate field "spec.taints[1].effect" (nodes at 13:35 spec.taints[1].effect)`,
			},
		},
		{
			name: "fields of the wrong type leave their item out",
			text: "kind: Node\nmetadata:\n  name: a\n  labels: {x: [1]}\nspec:\n  unschedulable: \"true\"\n  taints:\n  - key: [k]\n    effect: NoSchedule\n  - key: ok\n    effect: NoSchedule\n    timeAdded: yesterday\n  - just a string\nstatus:\n  conditions: {type: Ready}\n",
			want: []string{
				"node a unschedulable=false labels[] at 1:1 {name@3 unschedulable@6}",
				"  taint ok:NoSchedule at 10:5 spec.taints[1] {effect@11 key@10 timeAdded@12}",
			},
			wantDiags: []string{
				"error decode line 4: metadata.labels[x]: expected a string, got a list (nodes at 4:12 metadata.labels[x])",
				`error decode line 6: spec.unschedulable: expected true or false, got the string "true" (nodes at 6:3 spec.unschedulable)`,
				"error decode line 8: spec.taints[0].key: expected a string, got a list (nodes at 8:5 spec.taints[0].key)",
				`error decode line 12: spec.taints[1].timeAdded: parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006" (nodes at 12:5 spec.taints[1].timeAdded)`,
				"error decode line 13: spec.taints[2]: expected a map, got a scalar (nodes at 13:5 spec.taints[2])",
				"error decode line 15: status.conditions: expected a list, got a map (nodes at 15:3 status.conditions)",
			},
		},
		{
			name: "objects that are not nodes, nameless and duplicate nodes",
			text: "kind: Pod\nmetadata: {name: p}\n---\nkind: ConfigMap\n---\nkind: Nod\n---\nmetadata: {name: x}\n---\nkind: Node\n---\nkind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: a}\n---\n[1, 2]\n",
			want: []string{"node a unschedulable=false labels[] at 12:1 {name@13}"},
			wantDiags: []string{
				"warning decode line 1: kind: a Pod belongs in the Pods editor; skipped (nodes at 1:1 kind)",
				"warning decode line 4: kind: a ConfigMap has no pod or node to read; skipped (nodes at 4:1 kind)",
				`error decode line 6: kind: unknown kind "Nod" (nodes at 6:1 kind)`,
				`error decode line 8: Object 'Kind' is missing in '{"metadata":{"name":"x"}}' (nodes at 8:1 kind)`,
				"error decode line 10: metadata.name: Required value: a node needs a name; skipped (nodes at 10:1 metadata.name)",
				`error decode line 16: metadata.name: Duplicate value: "a": a node of that name came before; skipped (nodes at 16:12 metadata.name)`,
				"error decode line 18: expected a Kubernetes object (a map with apiVersion and kind), got a list (nodes at 18:1)",
			},
		},
		{
			name: "lines that are neither YAML nor kubectl",
			text: "kubectl taint nodes a k=v:NoSchedule\nhello world\n",
			want: []string{
				"node a unschedulable=false labels[] at 1:1 {name@1}",
				"  taint k=v:NoSchedule at 1:23 spec.taints[0] {effect@1 key@1 value@1}",
			},
			wantDiags: []string{"error decode line 2: expected a kubectl taint command or a taint such as key=value:NoSchedule (nodes at 2:1)"},
		},
		{
			name: "empty documents and comments",
			text: "---\n# nothing\n---\n\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			nodes, diags := DecodeNodes(tc.text)
			if diff := cmp.Diff(tc.want, nodeSummary(nodes)); diff != "" {
				t.Errorf("nodes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantDiags, diagnosticSummary(diags)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}
