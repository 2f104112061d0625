package manifest

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// inventorySummary is one line per slice, device, taint, rule and class.
func inventorySummary(inv Inventory) []string {
	var out []string
	for _, s := range inv.Slices {
		out = append(out, fmt.Sprintf("slice %s driver=%s pool=%s/%d node=%s", s.Name, s.Driver, s.Pool, s.PoolGeneration, s.NodeName))
		for _, d := range s.Devices {
			var attrs []string
			for name, a := range d.Attributes {
				attrs = append(attrs, fmt.Sprintf("%s=%s", name, attributeText(a)))
			}
			sort.Strings(attrs)
			out = append(out, fmt.Sprintf("  device %s attributes[%s] capacity[%s] at %s", d.Name, strings.Join(attrs, " "), sortedMap(d.Capacity), at(d.Source)))
			for _, t := range d.Taints {
				out = append(out, "    "+deviceTaintText(t))
			}
		}
	}
	for _, r := range inv.DeviceTaintRules {
		selector := "none"
		if r.Selector != nil {
			selector = fmt.Sprintf("driver=%s pool=%s device=%s", deref(r.Selector.Driver), deref(r.Selector.Pool), deref(r.Selector.Device))
		}
		out = append(out, fmt.Sprintf("rule %s selector[%s] %s", r.Name, selector, deviceTaintText(r.Taint)))
	}
	for _, c := range inv.DeviceClasses {
		out = append(out, fmt.Sprintf("class %s extended=%q", c.Name, c.ExtendedResourceName))
		for _, s := range c.Selectors {
			out = append(out, fmt.Sprintf("  selector %s at %s", s.Expression, at(s.Source)))
		}
	}
	return out
}

func attributeText(a core.DeviceAttribute) string {
	switch {
	case a.Int != nil:
		return fmt.Sprint(*a.Int)
	case a.Bool != nil:
		return fmt.Sprint(*a.Bool)
	case a.String != nil:
		return *a.String
	case a.Version != nil:
		return "v" + *a.Version
	}
	return fmt.Sprint(a.Ints, a.Bools, a.Strings, a.Versions)
}

func deviceTaintText(t core.DeviceTaint) string {
	added := "-"
	if t.TimeAdded != nil {
		added = t.TimeAdded.UTC().Format("2006-01-02T15:04:05Z")
	}
	return fmt.Sprintf("taint %s=%s:%s added=%s at %s", t.Key, t.Value, t.Effect, added, at(t.Source))
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%q", *s)
}

// messages are the diagnostics' messages, with their line.
func messages(diags []core.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Severity+" "+d.Message)
	}
	return out
}

const sliceHeader = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: node-1-gpu
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: node-1, generation: 2, resourceSliceCount: 1}
`

func TestDecodeInventory(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		want      []string
		wantDiags []string
	}{{
		name: "a slice's devices with attributes, capacities and taints",
		text: sliceHeader + `  devices:
  - name: gpu-0
    attributes:
      model: {string: a100}
      gpu.example.com/index: {int: 0}
      healthy: {bool: true}
      driverVersion: {version: 1.2.0}
    capacity:
      memory: {value: 80Gi}
    taints:
    - key: gpu.example.com/unhealthy
      value: ecc
      effect: NoExecute
      timeAdded: "2026-01-01T00:00:00Z"
`,
		want: []string{
			`slice node-1-gpu driver=gpu.example.com pool=node-1/2 node=node-1`,
			`  device gpu-0 attributes[driverVersion=v1.2.0 gpu.example.com/index=0 healthy=true model=a100] capacity[memory=80Gi] at 10:5 spec.devices[0] {name@10}`,
			`    taint gpu.example.com/unhealthy=ecc:NoExecute added=2026-01-01T00:00:00Z at 19:7 spec.devices[0].taints[0] {effect@21 key@19 timeAdded@22 value@20}`,
		},
	}, {
		name: "a DeviceTaintRule and a DeviceClass, in a List",
		text: `apiVersion: v1
kind: List
items:
- apiVersion: resource.k8s.io/v1
  kind: DeviceTaintRule
  metadata: {name: maintenance}
  spec:
    deviceSelector: {driver: gpu.example.com, pool: node-1}
    taint: {key: example.com/maintenance, effect: None}
- apiVersion: resource.k8s.io/v1
  kind: DeviceClass
  metadata: {name: gpu.example.com}
  spec:
    extendedResourceName: example.com/gpu
    selectors:
    - cel: {expression: 'device.driver == "gpu.example.com"'}
`,
		want: []string{
			`rule maintenance selector[driver="gpu.example.com" pool="node-1" device=<nil>] taint example.com/maintenance=:None added=- at 9:5 spec.taint {effect@9 key@9}`,
			`class gpu.example.com extended="example.com/gpu"`,
			`  selector device.driver == "gpu.example.com" at 16:25 spec.selectors[0].cel.expression`,
		},
	}, {
		name: "a rule without a selector selects nothing, and {} everything",
		text: `apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata: {name: none}
spec:
  taint: {key: k, effect: NoSchedule}
---
apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata: {name: all}
spec:
  deviceSelector: {}
  taint: {key: k, effect: NoSchedule}
`,
		want: []string{
			`rule none selector[none] taint k=:NoSchedule added=- at 5:3 spec.taint {effect@5 key@5}`,
			`rule all selector[driver=<nil> pool=<nil> device=<nil>] taint k=:NoSchedule added=- at 12:3 spec.taint {effect@12 key@12}`,
		},
	}, {
		name: "the apiserver's validation of a slice, each error at its line",
		text: `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: Bad_Name}
spec:
  driver: gpu_example
  pool: {name: "", resourceSliceCount: 0}
  devices:
  - name: gpu-0
    taints:
    - {key: k, effect: PreferNoSchedule}
  - name: gpu-0
`,
		want: []string{
			`slice Bad_Name driver=gpu_example pool=/0 node=`,
			`  device gpu-0 attributes[] capacity[] at 8:5 spec.devices[0] {name@8}`,
			`    taint k=:PreferNoSchedule added=- at 10:7 spec.devices[0].taints[0] {effect@10 key@10}`,
			`  device gpu-0 attributes[] capacity[] at 11:5 spec.devices[1] {name@11}`,
		},
		wantDiags: []string{
			`error line 3: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
			`error line 4: spec: Required value: exactly one of ` + "`nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection`" + ` is required`,
			`error line 5: spec.driver: Invalid value: "gpu_example": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
			`error line 6: spec.pool.name: Required value`,
			`error line 6: spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero`,
			`error line 10: spec.devices[0].taints[0].effect: Unsupported value: "PreferNoSchedule": supported values: "NoExecute", "NoSchedule", "None"`,
			`error line 11: spec.devices[1]: Duplicate value: "gpu-0"`,
		},
	}, {
		name: "strict decoding: unknown and v1beta1 fields are refused",
		text: sliceHeader + `  devices:
  - name: gpu-0
    basic: {}
    taints:
    - {key: k, effect: NoSchedule, tolerationSeconds: 5}
`,
		want: []string{
			`slice node-1-gpu driver=gpu.example.com pool=node-1/2 node=node-1`,
			`  device gpu-0 attributes[] capacity[] at 10:5 spec.devices[0] {name@10}`,
			`    taint k=:NoSchedule added=- at 13:7 spec.devices[0].taints[0] {effect@13 key@13}`,
		},
		wantDiags: []string{
			`error line 11: unknown field "spec.devices[0].basic"`,
			`error line 13: unknown field "spec.devices[0].taints[0].tolerationSeconds"`,
		},
	}, {
		name: "a rule's selector and taint are validated",
		text: `apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata: {name: r}
spec:
  deviceSelector: {device: GPU-0}
  taint: {effect: Evict}
`,
		want: []string{`rule r selector[driver=<nil> pool=<nil> device="GPU-0"] taint =:Evict added=- at 6:3 spec.taint {effect@6}`},
		wantDiags: []string{
			`error line 5: spec.deviceSelector.device: Invalid value: "GPU-0": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
			`error line 6: spec.taint.key: Invalid value: "": name part must be non-empty`,
			`error line 6: spec.taint.key: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
			`error line 6: spec.taint.effect: Unsupported value: "Evict": supported values: "NoExecute", "NoSchedule", "None"`,
		},
	}, {
		name: "the workload side in the Nodes editor, and another version",
		text: `apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
---
apiVersion: resource.k8s.io/v1beta1
kind: ResourceSlice
metadata: {name: s}
spec: {driver: d, devices: [{name: x, basic: {}}]}
`,
		wantDiags: []string{
			`warning line 2: kind: a ResourceClaim belongs in the Pods editor; skipped`,
			`error line 5: apiVersion: "resource.k8s.io/v1beta1" is not read: the device kinds are read as resource.k8s.io/v1 (Kubernetes v1.34 and later); skipped`,
		},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, inv, diags := DecodeInventory(tc.text, nil)
			if diff := cmp.Diff(tc.want, inventorySummary(inv)); diff != "" {
				t.Errorf("inventory (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantDiags, messages(diags)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}
