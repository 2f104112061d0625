package engine

import (
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

const inventoryText = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: node-1-gpu
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: node-1, generation: 1, resourceSliceCount: 1}
  devices:
  - name: gpu-0
    taints:
    - {key: gpu.example.com/unhealthy, effect: NoExecute, timeAdded: "2026-01-01T00:00:00Z"}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata:
  name: gpu
spec:
  selectors:
  - cel:
      expression: device.driver == "gpu.example.com"
  - cel:
      expression: device.attributes["gpu.example.com"].cores.exists(c, c > 2)
---
apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata:
  name: drain
spec:
  deviceSelector: {driver: gpu.example.com}
  taint: {key: maintenance, effect: None}
`

const claimsText = `apiVersion: v1
kind: Pod
metadata: {name: trainer, namespace: default, uid: pod-uid}
spec:
  nodeName: node-1
  containers: [{name: c, image: x}]
  resourceClaims:
  - {name: gpu, resourceClaimName: gpu-claim}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: gpu-claim, namespace: default}
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: gpu
        tolerations: [{key: gpu.example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 30}]
status:
  allocation:
    devices:
      results: [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}]
  reservedFor: [{resource: pods, name: trainer, uid: pod-uid}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: gpu-template, namespace: default}
spec:
  spec:
    devices:
      requests: [{name: gpu, exactly: {deviceClassName: gpu}}]
`

// TestLoadFillsDevices checks that Load puts each editor's resource.k8s.io
// objects in the Workspace, the pods' claims on the pods, and warns of a
// selector outside the CEL subset where it is written.
func TestLoadFillsDevices(t *testing.T) {
	w := Load(inventoryText, claimsText, core.DefaultOptions())
	if !w.HasDevices() {
		t.Fatal("HasDevices() = false")
	}
	counts := []int{len(w.Slices), len(w.DeviceClasses), len(w.DeviceTaintRules), len(w.Claims), len(w.ClaimTemplates)}
	for i, want := range []int{1, 1, 1, 1, 1} {
		if counts[i] != want {
			t.Fatalf("slices, classes, rules, claims, templates = %v, want one of each", counts)
		}
	}
	if got := w.Slices[0].Devices[0].Taints[0].Effect; got != core.DeviceTaintEffectNoExecute {
		t.Errorf("the slice's taint has effect %q", got)
	}
	pod := w.Pods[0]
	if pod.Claims == nil || pod.Claims.UID != "pod-uid" || len(core.PodClaims(pod.Claims)) != 1 {
		t.Fatalf("the pod's claims = %+v, want gpu-claim under uid pod-uid", pod.Claims)
	}
	if !core.IsReservedForPod(pod.Claims, &w.Claims[0]) {
		t.Error("the claim is not reserved for the pod")
	}
	var warned []core.Diagnostic
	for _, d := range w.Diagnostics {
		if d.Code == core.CodeSelectorSubset {
			warned = append(warned, d)
		} else if d.Severity == core.SeverityError {
			t.Errorf("unexpected error: %s", d.Message)
		}
	}
	if len(warned) != 1 || warned[0].Source.Line != 23 || !strings.Contains(warned[0].Message, "the method exists") {
		t.Errorf("selector warnings = %+v, want one on line 23 naming exists", warned)
	}
}

// TestNodeOnlyWorkspaceHasNoDevices checks that a text without device
// objects leaves the device side empty, so nothing about devices shows.
func TestNodeOnlyWorkspaceHasNoDevices(t *testing.T) {
	w := Load("key=value:NoSchedule", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: x}]}\n", core.DefaultOptions())
	if w.HasDevices() || w.Pods[0].Claims != nil {
		t.Errorf("HasDevices() = %v, Claims = %+v; want none", w.HasDevices(), w.Pods[0].Claims)
	}
}
