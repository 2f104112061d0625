package engine_test

import (
	"strings"
	"testing"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest/manifesttest"
)

// wiredInventory has two GPUs of one driver and an FPGA of another; the
// class picks the driver's GPUs with a selector in the CEL subset and one
// outside it (exists), so its devices count with a reason.
const wiredInventory = `apiVersion: v1
kind: Node
metadata: {name: node-1}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: node-1-gpu}
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: node-1, generation: 1, resourceSliceCount: 1}
  devices:
  - name: gpu-0
    taints:
    - {key: gpu.example.com/unhealthy, effect: NoExecute, timeAdded: "2026-01-01T00:00:00Z"}
  - name: gpu-1
    taints:
    - {key: gpu.example.com/unhealthy, effect: NoSchedule, timeAdded: "2026-01-01T00:10:00Z"}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: node-1-fpga}
spec:
  driver: fpga.example.com
  nodeName: node-1
  pool: {name: node-1, generation: 1, resourceSliceCount: 1}
  devices:
  - name: fpga-0
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec:
  selectors:
  - cel: {expression: device.driver == "gpu.example.com"}
  - cel: {expression: 'device.attributes["gpu.example.com"].cores.exists(c, c > 2)'}
`

// wiredPods: "runner" runs with an allocated claim on gpu-0, tolerating its
// taint for 60 s; "waiter" waits for the claim its template generates.
var wiredPods = `apiVersion: v1
kind: Pod
metadata: {name: runner, uid: runner-uid}
spec:
  nodeName: node-1
  containers: [{name: c, image: x}]
  resourceClaims: [{name: gpu, resourceClaimName: runner-gpu}]
---
` + manifesttest.AllocatedClaim("runner-gpu", "gpu", "runner", "runner-uid", 3600) + `---
apiVersion: v1
kind: Pod
metadata: {name: waiter, uid: waiter-uid}
spec:
  containers: [{name: c, image: x}]
  resourceClaims: [{name: gpu, resourceClaimTemplateName: gpu-template}]
status:
  resourceClaimStatuses: [{name: gpu, resourceClaimName: waiter-gpu-x7k2p}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: gpu-template}
spec:
  spec:
    devices:
      requests: [{name: gpu, exactly: {deviceClassName: gpu}}]
`

// TestDeviceInputFromWorkspace checks the wiring: the clock is the newest
// timeAdded, the template's claim is generated under the name the pod's
// status gives, and the candidates are the class's devices, each marked
// with the selector outside the subset.
func TestDeviceInputFromWorkspace(t *testing.T) {
	w := engine.Load(wiredInventory, wiredPods, core.DefaultOptions())
	in := w.DeviceInput(time.Time{})
	if want := time.Date(2026, 1, 1, 0, 10, 0, 0, time.UTC); !in.Now.Equal(want) {
		t.Errorf("Now = %v, want the newest timeAdded %v", in.Now, want)
	}
	if len(in.Pods) != 2 || len(in.Claims) != 2 || in.Claims[1].Name != "waiter-gpu-x7k2p" {
		t.Fatalf("pods %d, claims %+v; want 2 pods and runner-gpu, waiter-gpu-x7k2p", len(in.Pods), in.Claims)
	}
	if c := in.Claims[1].Controller; c == nil || c.UID != "waiter-uid" {
		t.Errorf("generated claim's controller = %+v, want the pod", c)
	}
	got := in.Candidates(&in.Claims[1], "gpu")
	if len(got) != 2 || got[0].Device != "gpu-0" || got[1].Device != "gpu-1" {
		t.Fatalf("candidates = %+v, want gpu-0 and gpu-1 (not the FPGA)", got)
	}
	if !strings.Contains(got[0].Unknown, "exists") {
		t.Errorf("candidate's Unknown = %q, want the exists selector named", got[0].Unknown)
	}
}

// TestVerdictsCarryDevices checks that Verdicts and Evaluate give the
// device verdicts of a workspace with devices, and that ReportVerdicts
// reads them back from the report: the runner is evicted later (its hour
// counts from gpu-0's timeAdded, ten minutes before the clock), the waiter
// cannot get a GPU (gpu-0's NoExecute and gpu-1's NoSchedule taints are
// untolerated).
func TestVerdictsCarryDevices(t *testing.T) {
	w := engine.Load(wiredInventory, wiredPods, core.DefaultOptions())
	v := w.Verdicts()
	fromReport, err := engine.ReportVerdicts(w.Evaluate())
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range []*engine.Verdicts{v, fromReport} {
		if got.Pods[0].Verdict != engine.VerdictEvictedLater || got.Pods[1].Verdict != engine.VerdictUnschedulable {
			t.Errorf("verdicts %s, %s; want evicted-later, unschedulable", got.Pods[0].Verdict, got.Pods[1].Verdict)
		}
		if ev := got.Pods[0].Devices.Eviction; ev == nil || ev.Seconds != 3000 {
			t.Errorf("runner's device eviction = %+v, want 3000 s (3600 from a taint added 600 s before now)", ev)
		}
	}
	plain := engine.Load("apiVersion: v1\nkind: Node\nmetadata: {name: n}\n", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: x}]}\n", core.DefaultOptions())
	if r := plain.Evaluate(); r.Devices != nil {
		t.Errorf("a node-only workspace's report has devices: %+v", r.Devices)
	}
}
