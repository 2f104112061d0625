package manifest

import (
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

// FuzzDecodeDevices decodes any text in both editors within bounds and
// without panicking, and checks that what it reads and reports is placed:
// every device object and taint at a line of the text, every error of the
// object's own with its line and field.
func FuzzDecodeDevices(f *testing.F) {
	f.Add(sliceHeader + "  devices:\n  - name: gpu-0\n    attributes: {model: {string: a100}, cores: {ints: [1, 2]}}\n" +
		"    capacity: {memory: {value: 80Gi}}\n    taints: [{key: k, effect: NoExecute, timeAdded: \"2026-01-01T00:00:00Z\"}]\n")
	f.Add("apiVersion: resource.k8s.io/v1\nkind: DeviceTaintRule\nmetadata: {name: r}\nspec: {deviceSelector: {driver: d}, taint: {key: k, effect: None}}\n")
	f.Add("apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: c}\nspec: {selectors: [{cel: {expression: 'device.driver == \"d\"'}}]}\n")
	f.Add("apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, namespace: n}\nspec: {devices: {requests: [{name: r, " +
		"exactly: {deviceClassName: c, tolerations: [{operator: Exists}]}}]}}\nstatus: {allocation: {devices: {results: [{request: r, driver: d, pool: p, device: x}]}}, " +
		"reservedFor: [{resource: pods, name: p, uid: u}]}\n")
	f.Add("apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: t}\nspec: {spec: {devices: {requests: [{name: r, firstAvailable: [{name: a, deviceClassName: c}]}]}}}\n")
	f.Add("kind: Pod\nmetadata: {name: p, uid: u}\nspec: {resourceClaims: [{name: a, resourceClaimTemplateName: t}]}\nstatus: {resourceClaimStatuses: [{name: a, resourceClaimName: p-a}]}\n")
	f.Add(`{"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSliceList", "items": [{"metadata": {"name": "s"}, "spec": {"driver": "d", "allNodes": true}}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		nodes, inv, diags := DecodeInventory(text, nil)
		checkDecodeBounds(t, text, len(nodes)+len(inv.Slices)+len(inv.DeviceTaintRules)+len(inv.DeviceClasses), diags)
		checkPlaced(t, diags)
		for _, s := range inv.Slices {
			for _, d := range s.Devices {
				for _, taint := range d.Taints {
					if taint.Source.Line < 1 || !strings.HasPrefix(taint.Source.Field, d.Source.Field+".taints[") {
						t.Fatalf("taint %q of device %q is not placed: %+v", taint.Key, d.Name, taint.Source)
					}
				}
			}
		}
		pods, claims, diags := DecodeClaims(text, nil)
		checkDecodeBounds(t, text, len(pods)+len(claims.Claims)+len(claims.Templates), diags)
		checkPlaced(t, diags)
		for _, c := range claims.Claims {
			if c.Source.Line < 1 || c.Source.Editor != core.EditorPods {
				t.Fatalf("claim %q is not placed: %+v", c.Name, c.Source)
			}
		}
	})
}

// checkPlaced checks that an error that refuses an object names its line,
// and a validation error its field (a strict decoding error may name the
// field "", a key written empty).
func checkPlaced(t *testing.T, diags []core.Diagnostic) {
	t.Helper()
	for _, d := range diags {
		refuses := d.Code == core.CodeInvalid || d.Code == core.CodeStrict
		unnamed := d.Code == core.CodeInvalid && d.Source.Field == ""
		if refuses && (d.Source.Line < 1 || unnamed || !strings.HasPrefix(d.Message, "line ")) {
			t.Errorf("%s is not placed: %+v", d.Message, d.Source)
		}
	}
}
