package manifest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// podSummary is one line per pod, toleration, affinity requirement and
// container, with where each was read.
func podSummary(pods []core.Pod) []string {
	var out []string
	for _, p := range pods {
		priority := "-"
		if p.Priority != nil {
			priority = strconv.Itoa(int(*p.Priority))
		}
		out = append(out, fmt.Sprintf("%s %s/%s node=%q hostNetwork=%v priority=%s qos=%q labels[%s] annotations[%s] nodeSelector[%s] at %s",
			p.Kind, p.Namespace, p.Name, p.NodeName, p.HostNetwork, priority, p.StatusQOSClass,
			sortedMap(p.Labels), sortedMap(p.Annotations), sortedMap(p.NodeSelector), at(p.Source)))
		for _, t := range p.Tolerations {
			seconds := "-"
			if t.TolerationSeconds != nil {
				seconds = strconv.FormatInt(*t.TolerationSeconds, 10)
			}
			out = append(out, fmt.Sprintf("  toleration key=%q op=%q value=%q effect=%q seconds=%s at %s", t.Key, t.Operator, t.Value, t.Effect, seconds, at(t.Source)))
		}
		if p.RequiredAffinity != nil {
			for i, term := range p.RequiredAffinity.Terms {
				out = append(out, fmt.Sprintf("  term %d", i))
				for _, r := range term.MatchExpressions {
					out = append(out, fmt.Sprintf("    expression %s %s [%s] at %s", r.Key, r.Operator, strings.Join(r.Values, " "), at(r.Source)))
				}
				for _, r := range term.MatchFields {
					out = append(out, fmt.Sprintf("    field %s %s [%s] at %s", r.Key, r.Operator, strings.Join(r.Values, " "), at(r.Source)))
				}
			}
		}
		for _, c := range p.InitContainers {
			out = append(out, fmt.Sprintf("  init container requests[%s] limits[%s]", sortedMap(c.Requests), sortedMap(c.Limits)))
		}
		for _, c := range p.Containers {
			out = append(out, fmt.Sprintf("  container requests[%s] limits[%s]", sortedMap(c.Requests), sortedMap(c.Limits)))
		}
		if p.PodResources != nil {
			out = append(out, fmt.Sprintf("  pod resources requests[%s] limits[%s]", sortedMap(p.PodResources.Requests), sortedMap(p.PodResources.Limits)))
		}
	}
	return out
}

// decodePodsCase is a text for DecodePods with the pods and diagnostics it
// gives, in podSummary's and diagnosticSummary's forms.
type decodePodsCase struct {
	name      string
	text      string
	want      []string
	wantDiags []string
}

// runDecodePodsCases decodes each case's text and compares both summaries.
func runDecodePodsCases(t *testing.T, tests []decodePodsCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pods, diags := DecodePods(tc.text)
			if diff := cmp.Diff(tc.want, podSummary(pods)); diff != "" {
				t.Errorf("pods (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantDiags, diagnosticSummary(diags)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodePodsFormats(t *testing.T) {
	tests := []decodePodsCase{
		{
			name: "kubectl get pods -o yaml",
			text: readFixture(t, "decode_pods_get.yaml"),
			want: []string{
				"Pod ml/trainer-0 node=\"kind-worker\" hostNetwork=false priority=0 qos=\"Guaranteed\" labels[app=trainer] annotations[] nodeSelector[] at 3:3 {name@9 namespace@10 nodeName@29 priority@31}",
				"  toleration key=\"dedicated\" op=\"Equal\" value=\"gpu\" effect=\"NoSchedule\" seconds=- at 38:7 spec.tolerations[0] {effect@38 key@39 operator@40 value@41}",
				"  toleration key=\"node.kubernetes.io/not-ready\" op=\"Exists\" value=\"\" effect=\"NoExecute\" seconds=300 at 42:7 spec.tolerations[1] {effect@42 key@43 operator@44 tolerationSeconds@45}",
				"  toleration key=\"node.kubernetes.io/unreachable\" op=\"Exists\" value=\"\" effect=\"NoExecute\" seconds=300 at 46:7 spec.tolerations[2] {effect@46 key@47 operator@48 tolerationSeconds@49}",
				"  container requests[cpu=2,memory=4Gi,nvidia.com/gpu=1] limits[cpu=2,memory=4Gi,nvidia.com/gpu=1]",
				"Pod kube-system/kube-apiserver-kind-control-plane node=\"kind-control-plane\" hostNetwork=true priority=2000001000 qos=\"Burstable\" labels[] annotations[kubernetes.io/config.source=file] nodeSelector[] at 53:3 {hostNetwork@66 name@58 namespace@59 nodeName@67 priority@68}",
				"  toleration key=\"\" op=\"Exists\" value=\"\" effect=\"NoExecute\" seconds=- at 71:7 spec.tolerations[0] {effect@71 operator@72}",
				"  container requests[cpu=250m] limits[]",
			},
		},
		{
			name: "kubectl get pods -o json",
			text: readFixture(t, "decode_pods_get.json"),
			want: []string{
				"Pod ml/trainer-0 node=\"kind-worker\" hostNetwork=false priority=0 qos=\"Guaranteed\" labels[app=trainer] annotations[] nodeSelector[] at 4:9 {name@12 namespace@13 nodeName@39 priority@41}",
				"  toleration key=\"dedicated\" op=\"Equal\" value=\"gpu\" effect=\"NoSchedule\" seconds=- at 48:21 spec.tolerations[0] {effect@52 key@49 operator@50 value@51}",
				"  toleration key=\"node.kubernetes.io/not-ready\" op=\"Exists\" value=\"\" effect=\"NoExecute\" seconds=300 at 54:21 spec.tolerations[1] {effect@57 key@55 operator@56 tolerationSeconds@58}",
				"  toleration key=\"node.kubernetes.io/unreachable\" op=\"Exists\" value=\"\" effect=\"NoExecute\" seconds=300 at 60:21 spec.tolerations[2] {effect@63 key@61 operator@62 tolerationSeconds@64}",
				"  container requests[cpu=2,memory=4Gi,nvidia.com/gpu=1] limits[cpu=2,memory=4Gi,nvidia.com/gpu=1]",
				"Pod kube-system/kube-apiserver-kind-control-plane node=\"kind-control-plane\" hostNetwork=true priority=2000001000 qos=\"Burstable\" labels[] annotations[kubernetes.io/config.source=file] nodeSelector[] at 73:9 {hostNetwork@94 name@80 namespace@81 nodeName@95 priority@96}",
				"  toleration key=\"\" op=\"Exists\" value=\"\" effect=\"NoExecute\" seconds=- at 99:21 spec.tolerations[0] {effect@101 operator@100}",
				"  container requests[cpu=250m] limits[]",
			},
		},
		{
			name: "workloads",
			text: readFixture(t, "decode_pods_workloads.yaml"),
			want: []string{
				"Deployment shop/web node=\"\" hostNetwork=false priority=- qos=\"\" labels[app=web,tier=frontend] annotations[] nodeSelector[kubernetes.io/os=linux] at 2:1 {name@5 namespace@6}",
				"  toleration key=\"dedicated\" op=\"Equal\" value=\"web\" effect=\"NoSchedule\" seconds=- at 36:9 spec.template.spec.tolerations[0] {effect@39 key@36 operator@37 value@38}",
				"  term 0",
				"    expression topology.kubernetes.io/zone In [eu-west-1a eu-west-1b] at 27:17 spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0] {key@27 operator@28 values@29}",
				"    field metadata.name NotIn [kind-control-plane] at 31:17 spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0] {key@31 operator@32 values@33}",
				"  container requests[cpu=100m,memory=128Mi] limits[]",
				"DaemonSet monitoring/node-exporter node=\"\" hostNetwork=true priority=- qos=\"\" labels[app=node-exporter] annotations[] nodeSelector[] at 48:1 {hostNetwork@62 name@51 namespace@52}",
				"  toleration key=\"\" op=\"Exists\" value=\"\" effect=\"\" seconds=- at 64:9 spec.template.spec.tolerations[0] {operator@64}",
				"  container requests[] limits[]",
				"CronJob /nightly-report node=\"\" hostNetwork=false priority=- qos=\"\" labels[] annotations[] nodeSelector[] at 69:1 {name@72}",
				"  toleration key=\"batch\" op=\"Exists\" value=\"\" effect=\"PreferNoSchedule\" seconds=- at 81:13 spec.jobTemplate.spec.template.spec.tolerations[0] {effect@83 key@81 operator@82}",
				"  init container requests[] limits[cpu=1,memory=64Mi]",
				"  container requests[] limits[]",
				"Job /migrate-… node=\"\" hostNetwork=false priority=- qos=\"\" labels[] annotations[] nodeSelector[] at 103:1 {name@106}",
				"  container requests[] limits[]",
				"  pod resources requests[cpu=500m] limits[]",
			},
			wantDiags: []string{
				"warning decode line 94: kind: a Service has no pod or node to read; skipped (pods at 94:1 kind)",
			},
		},
	}
	runDecodePodsCases(t, tests)
}

func TestDecodePods(t *testing.T) {
	tests := []decodePodsCase{
		{
			name: "a tolerationSeconds that overflows int64 leaves its toleration out and keeps the rest",
			text: `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
    image: nginx
  tolerations:
  - key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 9223372036854775808
    effect: NoExecute
  - key: dedicated
    operator: Exists
`,
			want: []string{
				`Pod /p node="" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 1:1 {name@4}`,
				`  toleration key="dedicated" op="Exists" value="" effect="" seconds=- at 14:5 spec.tolerations[1] {key@14 operator@15}`,
				"  container requests[] limits[]",
			},
			wantDiags: []string{
				"error decode line 12: spec.tolerations[0].tolerationSeconds: 9223372036854775808 overflows int64 (pods at 12:5 spec.tolerations[0].tolerationSeconds)",
			},
		},
		{
			name: "tolerationSeconds as JSON numbers: integral floats and negatives are integers",
			text: "kind: Pod\nmetadata: {name: p}\nspec:\n  tolerations:\n  - {key: a, effect: NoExecute, tolerationSeconds: 1e3}\n  - {key: b, effect: NoExecute, tolerationSeconds: -5}\n  - {key: c, effect: NoExecute, tolerationSeconds: null}\n  - {key: d, effect: NoExecute, tolerationSeconds: 1.5}\n  - {key: e, effect: NoExecute, tolerationSeconds: \"300\"}\n  - {key: f, effect: NoExecute, tolerationSeconds: 1e30}\n",
			want: []string{
				`Pod /p node="" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 1:1 {name@2}`,
				`  toleration key="a" op="" value="" effect="NoExecute" seconds=1000 at 5:5 spec.tolerations[0] {effect@5 key@5 tolerationSeconds@5}`,
				`  toleration key="b" op="" value="" effect="NoExecute" seconds=-5 at 6:5 spec.tolerations[1] {effect@6 key@6 tolerationSeconds@6}`,
				`  toleration key="c" op="" value="" effect="NoExecute" seconds=- at 7:5 spec.tolerations[2] {effect@7 key@7 tolerationSeconds@7}`,
			},
			wantDiags: []string{
				"error decode line 8: spec.tolerations[3].tolerationSeconds: 1.5 is not an integer (pods at 8:33 spec.tolerations[3].tolerationSeconds)",
				`error decode line 9: spec.tolerations[4].tolerationSeconds: expected an integer, got the string "300" (pods at 9:33 spec.tolerations[4].tolerationSeconds)`,
				"error decode line 10: spec.tolerations[5].tolerationSeconds: 1e+30 overflows int64 (pods at 10:33 spec.tolerations[5].tolerationSeconds)",
			},
		},
		{
			name: "YAML 1.1 booleans where strings belong, and other wrong types",
			text: `kind: Pod
metadata:
  name: p
  labels: {app: web}
spec:
  hostNetwork: "true"
  priority: 3000000000
  nodeName: [a]
  nodeSelector: {gpu: true, zone: a}
  tolerations:
  - {key: gpu, operator: Equal, value: yes, effect: NoSchedule}
  - {key: ok, operator: Exists}
  containers:
  - resources: {requests: {cpu: 0.5, memory: 1e3, example.com/dongle: true}}
  - resources: [x]
  - just-a-name
`,
			want: []string{
				`Pod /p node="" hostNetwork=false priority=- qos="" labels[app=web] annotations[] nodeSelector[zone=a] at 1:1 {hostNetwork@6 name@3 nodeName@8 priority@7}`,
				`  toleration key="ok" op="Exists" value="" effect="" seconds=- at 12:5 spec.tolerations[1] {key@12 operator@12}`,
				"  container requests[cpu=0.5,memory=1000] limits[]",
				"  container requests[] limits[]",
			},
			wantDiags: []string{
				`error decode line 6: spec.hostNetwork: expected true or false, got the string "true" (pods at 6:3 spec.hostNetwork)`,
				"error decode line 7: spec.priority: 3000000000 overflows int32 (pods at 7:3 spec.priority)",
				"error decode line 8: spec.nodeName: expected a string, got a list (pods at 8:3 spec.nodeName)",
				`error decode line 9: spec.nodeSelector[gpu]: expected a string, got the boolean true; quote it: "true" (pods at 9:18 spec.nodeSelector[gpu])`,
				`error decode line 11: spec.tolerations[0].value: expected a string, got the boolean true; quote it: "yes" (pods at 11:33 spec.tolerations[0].value)`,
				"error decode line 14: spec.containers[0].resources.requests[example.com/dongle]: expected a quantity, got the boolean true (pods at 14:51 spec.containers[0].resources.requests[example.com/dongle])",
				"error decode line 15: spec.containers[1].resources: expected a map, got a list (pods at 15:5 spec.containers[1].resources)",
				"error decode line 16: spec.containers[2]: expected a map, got a scalar (pods at 16:5 spec.containers[2])",
			},
		},
		{
			name: "every workload kind names its template path",
			text: `apiVersion: v1
kind: List
items:
- {kind: ReplicaSet, metadata: {name: rs}, spec: {template: {spec: {tolerations: [{operator: Exists}]}}}}
- {kind: StatefulSet, metadata: {name: ss}, spec: {template: {spec: {tolerations: [{operator: Exists}]}}}}
- {kind: ReplicationController, metadata: {name: rc}, spec: {template: {spec: {tolerations: [{operator: Exists}]}}}}
- {kind: PodTemplate, metadata: {name: pt}, template: {metadata: {labels: {a: b}}, spec: {tolerations: [{operator: Exists}]}}}
- {kind: Deployment, metadata: {name: broken}, spec: {replicas: 1}}
- {kind: Node, metadata: {name: n}}
- {kind: Pods, metadata: {name: typo}}
- {metadata: {name: nokind}}
`,
			want: []string{
				`ReplicaSet /rs node="" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 4:3 {name@4}`,
				`  toleration key="" op="Exists" value="" effect="" seconds=- at 4:83 spec.template.spec.tolerations[0] {operator@4}`,
				`StatefulSet /ss node="" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 5:3 {name@5}`,
				`  toleration key="" op="Exists" value="" effect="" seconds=- at 5:84 spec.template.spec.tolerations[0] {operator@5}`,
				`ReplicationController /rc node="" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 6:3 {name@6}`,
				`  toleration key="" op="Exists" value="" effect="" seconds=- at 6:94 spec.template.spec.tolerations[0] {operator@6}`,
				`PodTemplate /pt node="" hostNetwork=false priority=- qos="" labels[a=b] annotations[] nodeSelector[] at 7:3 {name@7}`,
				`  toleration key="" op="Exists" value="" effect="" seconds=- at 7:105 template.spec.tolerations[0] {operator@7}`,
			},
			wantDiags: []string{
				"error decode line 8: spec.template: Required value: a Deployment needs a pod template; skipped (pods at 8:3 spec.template)",
				"warning decode line 9: kind: a Node belongs in the Nodes editor; skipped (pods at 9:4 kind)",
				`error decode line 10: kind: unknown kind "Pods" (pods at 10:4 kind)`,
				`error decode line 11: Object 'Kind' is missing in '{"metadata":{"name":"nokind"}}' (pods at 11:3 kind)`,
			},
		},
		{
			name: "generateName stands in for a name; a pod without either is kept, with an error",
			text: "kind: Pod\nmetadata: {generateName: web-}\n---\nkind: Pod\nspec: {nodeName: n1}\n",
			want: []string{
				`Pod /web-… node="" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 1:1 {name@2}`,
				`Pod / node="n1" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 4:1 {nodeName@5}`,
			},
			wantDiags: []string{
				"error invalid line 4: metadata.name: Required value: name or generateName is required (pods at 4:1 metadata.name)",
			},
		},
		{
			name: "node affinity requirements that cannot be read are left out",
			text: `kind: Pod
metadata: {name: p}
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - {key: a, operator: In, values: x}
          - {key: b, operator: Exists}
        - {}
`,
			want: []string{
				`Pod /p node="" hostNetwork=false priority=- qos="" labels[] annotations[] nodeSelector[] at 1:1 {name@2}`,
				"  term 0",
				"    expression b Exists [] at 10:13 spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1] {key@10 operator@10}",
				"  term 1",
			},
			wantDiags: []string{
				"error decode line 9: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: expected a list, got a scalar (pods at 9:36 spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values)",
			},
		},
	}
	runDecodePodsCases(t, tests)
}

// TestDecodePodOwner reads the controller among a pod's ownerReferences, as
// metav1.GetControllerOf does: the entry with controller: true, not the first.
func TestDecodePodOwner(t *testing.T) {
	for _, tc := range []struct {
		name string
		refs string
		want *core.OwnerReference
	}{
		{"no ownerReferences", "", nil},
		{"the entry marked controller", `
  ownerReferences:
  - {apiVersion: v1, kind: ConfigMap, name: settings, uid: a}
  - {apiVersion: apps/v1, kind: ReplicaSet, name: web-5d9f7c, uid: b, controller: true}`, &core.OwnerReference{Kind: "ReplicaSet", Name: "web-5d9f7c"}},
		{"no entry marked controller", `
  ownerReferences:
  - {apiVersion: apps/v1, kind: ReplicaSet, name: web-5d9f7c, uid: b, controller: false}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pods, diags := DecodePods("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-5d9f7c-x2x" + tc.refs + "\nspec:\n  containers: [{name: c, image: i}]\n")
			if len(pods) != 1 || len(diags) != 0 {
				t.Fatalf("decoded %d pods, diagnostics %v", len(pods), diags)
			}
			if diff := cmp.Diff(tc.want, pods[0].Owner); diff != "" {
				t.Errorf("owner (-want +got):\n%s", diff)
			}
		})
	}
}
