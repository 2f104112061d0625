package engine_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// deviceWorkspace has node-1 with a NoExecute node taint tolerated for an
// hour by "slow", and four pods: "fits" and "blocked" pending (both fit the
// node), "fast" and "slow" running on it.
func deviceWorkspace() *engine.Workspace {
	nodes := "kubectl taint nodes node-1 maint=soon:NoExecute\n"
	pods := `apiVersion: v1
kind: Pod
metadata: {name: fits}
spec: {tolerations: [{operator: Exists}]}
---
apiVersion: v1
kind: Pod
metadata: {name: blocked}
spec: {tolerations: [{operator: Exists}]}
---
apiVersion: v1
kind: Pod
metadata: {name: fast}
spec:
  nodeName: node-1
  tolerations: [{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}]
---
apiVersion: v1
kind: Pod
metadata: {name: slow}
spec:
  nodeName: node-1
  tolerations: [{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}]
`
	return engine.Load(nodes, pods, core.DefaultOptions())
}

// deviceSide gives "blocked" a claim no device is left for, "fast" a GPU
// the docs rule evicts at once and "slow" one it tolerates forever; "fits"
// uses a claim that is allocated already.
func deviceSide() engine.DeviceInput {
	return engine.DeviceInput{
		Slices: l(draSliceWith(device("gpu-0"), device("gpu-1"), device("gpu-2", taintNoSchedule))),
		Rules:  l(core.DeviceTaintRule{Name: "example", Selector: &core.DeviceTaintSelector{Device: ptr("gpu-0")}, Taint: devTaint(unhealthy, "Broken", noExecute)}),
		Claims: l(allocated("fast", nil, l("gpu-0"), "fast"), allocated("slow", l(tolBrokenAlways), l("gpu-1"), "slow"),
			allocated("fits", nil, l("gpu-1")), unallocated("blocked", core.DeviceRequest{Name: "gpu"})),
		Pods: l(claimPod("fits", "", "fits"), claimPod("blocked", "", "blocked"), claimPod("fast", "node-1", "fast"),
			claimPod("slow", "node-1", "slow")),
		Now: devNow,
		Candidates: func(*core.ResourceClaim, string) []engine.Candidate {
			return candidates(engine.DeviceRef{Driver: draDriver, Pool: draPool, Device: "gpu-2"})
		},
	}
}

// TestAddDeviceVerdicts checks that a pod's verdict becomes the outcome of
// its node and device verdicts, and that the summary counts it so.
func TestAddDeviceVerdicts(t *testing.T) {
	v := deviceWorkspace().Verdicts()
	in := deviceSide()
	v.AddDeviceVerdicts(engine.DeviceVerdicts(&in))
	got := map[string]string{}
	for _, p := range v.Pods {
		got[p.Name] = p.Verdict
		if p.Devices == nil {
			t.Errorf("%s has no device verdict", p.Name)
		}
	}
	want := map[string]string{"fits": engine.VerdictSchedulable, "blocked": engine.VerdictUnschedulable,
		"fast": engine.VerdictEvictedNow, "slow": engine.VerdictEvictedLater}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	s := v.Summary
	if s.Schedulable != 1 || s.Unschedulable != 1 || s.EvictedNow != 1 || s.EvictedLater != 1 {
		t.Errorf("summary = %+v", s)
	}
}

// TestDeviceVerdictsJSON checks that the verdicts' JSON carries a pod's
// device verdict under "devices" only when it has one (a node-only
// workspace's JSON is what it was). The report's own writer is held to
// encoding/json, devices included, by wasm/api/wire's tests.
func TestDeviceVerdictsJSON(t *testing.T) {
	ws := deviceWorkspace()
	plain, err := json.Marshal(ws.Verdicts())
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain, []byte(`"devices"`)) {
		t.Errorf("a workspace without devices writes devices: %s", plain)
	}
	v := ws.Verdicts()
	in := deviceSide()
	devices := engine.DeviceVerdicts(&in)
	v.AddDeviceVerdicts(devices)
	withDevices, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(withDevices, []byte(`"devices":{"pod":`)); n != 4 {
		t.Errorf("%d pods carry devices in the JSON, want 4: %s", n, withDevices)
	}
}
