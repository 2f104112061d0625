package engine_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// The device fixtures: the docs page's fictional driver dra.example.com
// (concepts/resource-management/dynamic-resource-allocation/device-taints in
// kubernetes/website) on one node, with upstream's taint kinds from
// device_taint_eviction_test.go and allocator_testing.go (Apache-2.0).
const (
	draDriver  = "dra.example.com"
	draPool    = "node-1"
	draSlice   = "node-1-dra"
	unhealthy  = "dra.example.com/unhealthy"
	namespaceA = "default"
)

var (
	// devNow is the verdicts' time; the taints were added a minute before.
	devNow   = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	devAdded = devNow.Add(-time.Minute)
)

func ptr[T any](v T) *T { return &v }

// candidates are devices a request's selectors match.
func candidates(refs ...engine.DeviceRef) []engine.Candidate {
	out := make([]engine.Candidate, len(refs))
	for i := range refs {
		out[i].DeviceRef = refs[i]
	}
	return out
}

func devTaint(key, value string, effect core.DeviceTaintEffect) core.DeviceTaint {
	return core.DeviceTaint{Key: key, Value: value, Effect: effect, TimeAdded: ptr(devAdded)}
}

// devToleration tolerates key (any value when value is empty) with effect,
// for seconds (nil: forever).
func devToleration(key, value string, effect core.DeviceTaintEffect, seconds *int64) core.DeviceToleration {
	t := core.DeviceToleration{Key: key, Operator: core.DeviceTolerationOpEqual, Value: value, Effect: effect, TolerationSeconds: seconds}
	if value == "" {
		t.Operator = core.DeviceTolerationOpExists
	}
	return t
}

// draSliceWith publishes the devices of the node's pool.
func draSliceWith(devices ...core.Device) core.ResourceSlice {
	return core.ResourceSlice{Name: draSlice, Driver: draDriver, Pool: draPool, NodeName: "node-1", Devices: devices}
}

func device(name string, taints ...core.DeviceTaint) core.Device {
	return core.Device{Name: name, Taints: taints}
}

// docsRule is the docs page's DeviceTaintRule "example" with the effect
// given: every device of the driver is broken.
func docsRule(effect core.DeviceTaintEffect) core.DeviceTaintRule {
	return core.DeviceTaintRule{Name: "example", Selector: &core.DeviceTaintSelector{Driver: ptr(draDriver)},
		Taint: devTaint(unhealthy, "Broken", effect)}
}

// allocated is a claim named name whose request "gpu" got the devices, the
// result carrying the tolerations' copy, reserved for the pods (by UID).
func allocated(name string, tolerations []core.DeviceToleration, devices []string, pods ...string) core.ResourceClaim {
	c := core.ResourceClaim{Namespace: namespaceA, Name: name,
		Requests: []core.DeviceRequest{{Name: "gpu", Tolerations: tolerations}}, Allocation: &core.AllocationResult{}}
	for _, d := range devices {
		c.Allocation.Results = append(c.Allocation.Results, core.DeviceRequestAllocationResult{
			Request: "gpu", Driver: draDriver, Pool: draPool, Device: d, Tolerations: tolerations})
	}
	for _, p := range pods {
		c.ReservedFor = append(c.ReservedFor, core.ResourceClaimConsumerReference{Resource: "pods", Name: p, UID: "uid-" + p})
	}
	return c
}

// unallocated is a claim with the requests given and no allocation.
func unallocated(name string, requests ...core.DeviceRequest) core.ResourceClaim {
	return core.ResourceClaim{Namespace: namespaceA, Name: name, Requests: requests}
}

// claimPod is a pod using the claims by name, on node (empty: pending).
func claimPod(name, node string, claims ...string) core.ClaimPod {
	p := core.ClaimPod{Namespace: namespaceA, Name: name, UID: "uid-" + name, NodeName: node}
	for i, c := range claims {
		p.ResourceClaims = append(p.ResourceClaims, core.PodResourceClaim{Name: fmt.Sprint("claim-", i), ResourceClaimName: ptr(c)})
	}
	return p
}

// describeDevices writes the verdicts as lines a case can spell out: per
// pod its verdict, countdown and reason; per device each taint's origin,
// the toleration that decides (or -) and the reason.
func describeDevices(verdicts []engine.PodDevices) []string {
	var out []string
	for _, pd := range verdicts {
		line := pd.Name + ": " + pd.Verdict
		if pd.Eviction != nil && pd.Eviction.Seconds > 0 {
			line += fmt.Sprintf(" in %ds", pd.Eviction.Seconds)
		}
		out = append(out, line+" "+string(pd.Reason.ID))
		for _, c := range pd.Claims {
			out = append(out, "  "+c.Claim+": "+string(c.Reason.ID))
			for _, r := range c.Requests {
				for _, d := range r.Devices {
					mark := ""
					if d.Result < 0 {
						mark = fmt.Sprintf(" allocatable=%v", d.Allocatable)
					}
					out = append(out, "    "+r.Request+" "+d.Device+mark)
					for _, t := range d.Taints {
						out = append(out, "      "+taintLine(&t))
					}
				}
			}
		}
	}
	return out
}

func taintLine(t *engine.DeviceTaintVerdict) string {
	origin := "slice"
	if t.Rule != "" {
		origin = "rule " + t.Rule
	}
	by := "-"
	if t.ToleratedBy >= 0 {
		by = fmt.Sprint("tol ", t.ToleratedBy)
	}
	return strings.Join([]string{t.Taint.Key + ":" + string(t.Taint.Effect), origin, by, string(t.Reason.ID)}, " | ")
}
