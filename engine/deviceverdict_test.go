package engine_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

const (
	none       = core.DeviceTaintEffectNone
	noSchedule = core.DeviceTaintEffectNoSchedule
	noExecute  = core.DeviceTaintEffectNoExecute
)

var (
	tolBroken300    = devToleration(unhealthy, "Broken", noExecute, ptr(int64(300)))
	tolBrokenNoEff  = devToleration(unhealthy, "", "", nil)
	tolBrokenLong   = devToleration(unhealthy, "", noExecute, ptr(int64(600)))
	tolBrokenShort  = devToleration(unhealthy, "", noExecute, ptr(int64(120)))
	tolBrokenAlways = devToleration(unhealthy, "", noExecute, nil)
	// The allocator cases' taints (allocator_testing.go): taint-key with
	// NoSchedule on one device, NoExecute on another.
	taintNoSchedule      = devTaint("taint-key", "taint-value", noSchedule)
	taintNoExecute       = devTaint("taint-key", "taint-value-2", noExecute)
	tolerationNoExecute  = devToleration("taint-key", "taint-value-2", noExecute, nil)
	tolerationNoSchedule = devToleration("taint-key", "", noSchedule, nil)
)

// TestDeviceVerdicts runs the rules a user trips on, from the docs page's
// DeviceTaintRule and upstream's controller and allocator cases.
func TestDeviceVerdicts(t *testing.T) {
	testCases := []struct {
		name string
		in   engine.DeviceInput
		want []string
	}{{
		name: "docs example: the rule evicts a pod whose claim does not tolerate it at once",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0"))), Rules: l(docsRule(noExecute)),
			Claims: l(allocated("gpu", nil, l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: evicted-now device.pod.evicted.now",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | rule example | - | device.taint.noexecute.untolerated"),
	}, {
		name: "docs example: tolerationSeconds 300 counts from timeAdded",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0"))), Rules: l(docsRule(noExecute)),
			Claims: l(allocated("gpu", l(tolBroken300), l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: evicted-later in 240s device.pod.evicted.after",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | rule example | tol 0 | device.taint.noexecute.seconds"),
	}, {
		name: "a toleration without tolerationSeconds wins over a shorter one",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", devTaint(unhealthy, "Broken", noExecute)))),
			Claims: l(allocated("gpu", l(tolBrokenShort, tolBrokenAlways), l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: stays device.pod.stays.forever",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | slice | tol 1 | device.taint.noexecute.forever"),
	}, {
		name: "the smallest tolerationSeconds applies, not the first match",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", devTaint(unhealthy, "Broken", noExecute)))),
			Claims: l(allocated("gpu", l(tolBrokenLong, tolBrokenShort), l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: evicted-later in 60s device.pod.evicted.after",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | slice | tol 1 | device.taint.noexecute.seconds"),
	}, {
		name: "a toleration without effect lets the allocator allocate but does not protect from eviction",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", devTaint(unhealthy, "Broken", noExecute)))),
			Claims: l(allocated("gpu", l(tolBrokenNoEff), l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: evicted-now device.pod.evicted.now",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | slice | - | device.taint.noexecute.empty-effect"),
	}, {
		name: "effect None evicts nothing",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", devTaint(unhealthy, "Degraded", none)))),
			Claims: l(allocated("gpu", nil, l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: stays device.pod.stays",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:None | slice | - | device.taint.none"),
	}, {
		name: "a DeviceTaintRule with effect None is a dry run",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0"))), Rules: l(docsRule(none)),
			Claims: l(allocated("gpu", nil, l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: stays device.pod.stays",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:None | rule example | - | device.taint.none.rule"),
	}, {
		name: "the controller reads the allocation result's tolerations, not the request's",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0"))), Rules: l(docsRule(noExecute)),
			Claims: l(func() core.ResourceClaim {
				c := allocated("gpu", nil, l("gpu-0"), "trainer")
				c.Requests[0].Tolerations = l(tolBrokenAlways) // edited after allocation
				return c
			}()), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: evicted-now device.pod.evicted.now",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | rule example | - | device.taint.noexecute.untolerated"),
	}, {
		name: "a claim that does not reserve the pod does not evict it (finished pods are dropped from reservedFor)",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0"))), Rules: l(docsRule(noExecute)),
			Claims: l(allocated("gpu", nil, l("gpu-0"), "other")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: stays device.pod.stays",
			"  gpu: device.claim.not-reserved"),
	}, {
		name: "a NoSchedule taint added after allocation does not evict",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", taintNoSchedule))),
			Claims: l(allocated("gpu", nil, l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu"))},
		want: l("trainer: stays device.pod.stays",
			"  gpu: device.claim.allocated",
			"    gpu gpu-0",
			"      taint-key:NoSchedule | slice | - | device.taint.noschedule.allocated"),
	}, {
		name: "tainted-two-devices: no device left, the pod stays Pending",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", taintNoSchedule), device("gpu-1", taintNoExecute))),
			Claims: l(unallocated("gpu", core.DeviceRequest{Name: "gpu"})), Pods: l(claimPod("trainer", "", "gpu"))},
		want: l("trainer: unschedulable device.pod.cannot-schedule",
			"  gpu: device.claim.unallocated",
			"    gpu gpu-0 allocatable=false",
			"      taint-key:NoSchedule | slice | - | device.taint.untolerated",
			"    gpu gpu-1 allocatable=false",
			"      taint-key:NoExecute | slice | - | device.taint.untolerated"),
	}, {
		name: "tainted-two-devices-tolerated: the tolerated device is left",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", taintNoSchedule), device("gpu-1", taintNoExecute))),
			Claims: l(unallocated("gpu", core.DeviceRequest{Name: "gpu", Tolerations: l(tolerationNoExecute)})),
			Pods:   l(claimPod("trainer", "", "gpu"))},
		want: l("trainer: schedulable device.pod.schedules",
			"  gpu: device.claim.unallocated",
			"    gpu gpu-0 allocatable=false",
			"      taint-key:NoSchedule | slice | - | device.taint.untolerated",
			"    gpu gpu-1 allocatable=true",
			"      taint-key:NoExecute | slice | tol 0 | device.taint.tolerated"),
	}, {
		name: "tainted-two-devices-prioritized-list-tolerated: the second sub-request tolerates",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", taintNoSchedule))),
			Claims: l(unallocated("gpu", core.DeviceRequest{Name: "gpu", FirstAvailable: []core.DeviceSubRequest{
				{Name: "strict"}, {Name: "lenient", Tolerations: l(tolerationNoSchedule)}}})),
			Pods: l(claimPod("trainer", "", "gpu"))},
		want: l("trainer: schedulable device.pod.schedules",
			"  gpu: device.claim.unallocated",
			"    gpu/strict gpu-0 allocatable=false",
			"      taint-key:NoSchedule | slice | - | device.taint.untolerated",
			"    gpu/lenient gpu-0 allocatable=true",
			"      taint-key:NoSchedule | slice | tol 0 | device.taint.tolerated"),
	}, {
		name: "tainted-no-effect: a None taint does not keep the device from being allocated",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0", devTaint("taint-key", "taint-value", none)))),
			Claims: l(unallocated("gpu", core.DeviceRequest{Name: "gpu"})), Pods: l(claimPod("trainer", "", "gpu"))},
		want: l("trainer: schedulable device.pod.schedules",
			"  gpu: device.claim.unallocated",
			"    gpu gpu-0 allocatable=true",
			"      taint-key:None | slice | - | device.taint.none"),
	}, {
		name: "a missing claim keeps the pod Pending",
		in:   engine.DeviceInput{Pods: l(claimPod("trainer", "", "gpu"))},
		want: l("trainer: unschedulable device.pod.claim-missing",
			"  gpu: device.claim.not-found"),
	}, {
		name: "a claim shared by two pods: the pending one keeps the allocation, the running one is evicted",
		in: engine.DeviceInput{Slices: l(draSliceWith(device("gpu-0"))), Rules: l(docsRule(noExecute)),
			Claims: l(allocated("shared", nil, l("gpu-0"), "first")),
			Pods:   l(claimPod("first", "node-1", "shared"), claimPod("second", "", "shared"))},
		want: l("first: evicted-now device.pod.evicted.now",
			"  shared: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | rule example | - | device.taint.noexecute.untolerated",
			"second: schedulable device.pod.allocated",
			"  shared: device.claim.allocated",
			"    gpu gpu-0",
			"      dra.example.com/unhealthy:NoExecute | rule example | - | device.taint.noexecute.untolerated"),
	}}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			tc.in.Now = devNow
			got := engine.DeviceVerdicts(&tc.in)
			if diff := cmp.Diff(tc.want, describeDevices(got)); diff != "" {
				t.Errorf("verdicts (-want +got):\n%s", diff)
			}
			checkRendered(t, got)
		})
	}
}

func l[T any](items ...T) []T { return items }

// TestDeviceVerdictsListTheFirstCandidates checks that a request lists its
// first MaxListedCandidates candidates and the first allocatable one after
// them, and counts them all; a candidate the hook names but no slice
// publishes is not counted.
func TestDeviceVerdictsListTheFirstCandidates(t *testing.T) {
	var devices []core.Device
	var refs []engine.DeviceRef
	for i := range 2 * engine.MaxListedCandidates {
		devices = append(devices, device(fmt.Sprint("gpu-", i), taintNoSchedule))
		refs = append(refs, engine.DeviceRef{Driver: draDriver, Pool: draPool, Device: fmt.Sprint("gpu-", i)})
	}
	devices = append(devices, device("healthy-0"), device("healthy-1"))
	refs = append(refs, engine.DeviceRef{Driver: draDriver, Pool: draPool, Device: "unpublished"},
		engine.DeviceRef{Driver: draDriver, Pool: draPool, Device: "healthy-0"},
		engine.DeviceRef{Driver: draDriver, Pool: draPool, Device: "healthy-1"})
	in := engine.DeviceInput{Slices: l(draSliceWith(devices...)), Now: devNow,
		Claims: l(unallocated("gpu", core.DeviceRequest{Name: "gpu"})), Pods: l(claimPod("trainer", "", "gpu")),
		Candidates: func(*core.ResourceClaim, string) []engine.Candidate { return candidates(refs...) }}
	r := engine.DeviceVerdicts(&in)[0].Claims[0].Requests[0]
	if r.Candidates != 2*engine.MaxListedCandidates+2 || r.Allocatable != 2 {
		t.Errorf("candidates %d, allocatable %d; want %d and 2", r.Candidates, r.Allocatable, 2*engine.MaxListedCandidates+2)
	}
	if len(r.Devices) != engine.MaxListedCandidates+1 {
		t.Fatalf("%d devices listed, want %d", len(r.Devices), engine.MaxListedCandidates+1)
	}
	if last := r.Devices[len(r.Devices)-1]; last.Device != "healthy-0" || !last.Allocatable {
		t.Errorf("the last listed device is %s (allocatable %v), want healthy-0, allocatable", last.Device, last.Allocatable)
	}
}
