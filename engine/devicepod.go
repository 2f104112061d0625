package engine

import (
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/structured"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// DeviceVerdicts gives a device verdict to every pod of in that uses a
// ResourceClaim, in pod order, from the allocator's taint check
// (package structured) and the device taint eviction controller (package
// devicetainteviction):
//
//  1. A pending pod (no spec.nodeName) schedules when each of its claims is
//     allocated already (the scheduler keeps an allocation and checks no
//     taint again) or can be: every request has a candidate device whose
//     NoSchedule and NoExecute taints it tolerates (for a firstAvailable
//     request, one of its sub-requests has). A missing claim, or a request
//     with no device left, keeps it Pending.
//  2. A running pod stays, or is evicted now or after a countdown, as the
//     controller decides from the allocated devices' NoExecute taints and
//     the allocation results' copy of the tolerations.
//  3. Every device lists all its taints, None included, each with its
//     origin, the toleration that decides, and why as a message.
func DeviceVerdicts(in *DeviceInput) []PodDevices {
	e := newDeviceEvaluator(in)
	var out []PodDevices
	for i := range in.Pods {
		if refs := core.PodClaims(&in.Pods[i]); len(refs) > 0 {
			out = append(out, e.pod(i, refs))
		}
	}
	return out
}

// deviceEvaluator holds the input's indexes, built once for every pod.
type deviceEvaluator struct {
	in       *DeviceInput
	devices  *deviceIndex
	snapshot *devicetainteviction.Snapshot
}

func newDeviceEvaluator(in *DeviceInput) *deviceEvaluator {
	cluster := &devicetainteviction.Cluster{Slices: in.Slices, Rules: in.Rules, Claims: in.Claims}
	return &deviceEvaluator{in: in, devices: indexDevices(in.Slices), snapshot: devicetainteviction.NewSnapshot(cluster)}
}

func (e *deviceEvaluator) pod(i int, refs []core.PodClaimRef) PodDevices {
	pod := &e.in.Pods[i]
	pd := PodDevices{Pod: i, Name: pod.Name, Namespace: pod.Namespace, NodeName: pod.NodeName, Claims: []ClaimDevices{}}
	if pod.NodeName == "" {
		e.pending(&pd, pod, refs)
	} else {
		e.running(&pd, pod)
	}
	return pd
}

// pending judges a pod the scheduler has yet to place (step 1 of
// DeviceVerdicts); the first claim that blocks gives the reason.
func (e *deviceEvaluator) pending(pd *PodDevices, pod *core.ClaimPod, refs []core.PodClaimRef) {
	pd.Verdict, pd.Reason = VerdictSchedulable, message.New(msgPodAllocated)
	allAllocated := true
	for _, ref := range refs {
		cd := ClaimDevices{Claim: ref.Claim, Field: ref.Field}
		claim := e.snapshot.Claim(pod.Namespace, ref.Claim)
		var blocked message.Message
		switch {
		case claim == nil:
			cd.Skipped, cd.Reason = devicetainteviction.SkipNotFound, message.New(msgClaimNotFound, "claim", ref.Claim)
			blocked = message.New(msgPodClaimMissing, "claim", ref.Claim)
		case claim.Allocation != nil:
			e.allocatedClaim(&cd, claim)
		default:
			allAllocated = false
			cd.Reason = message.New(msgClaimUnallocated, "claim", ref.Claim)
			cd.Requests = e.candidateRequests(claim)
			if request := unallocatableRequest(cd.Requests); request != "" {
				blocked = message.New(msgPodCannotSchedule, "claim", ref.Claim, "request", request)
			}
		}
		if blocked.ID != "" && pd.Verdict == VerdictSchedulable {
			pd.Verdict, pd.Reason = VerdictUnschedulable, blocked
		}
		pd.Claims = append(pd.Claims, cd)
	}
	if pd.Verdict == VerdictSchedulable && !allAllocated {
		pd.Reason = message.New(msgPodSchedules)
	}
}

// unallocatableRequest is the first request that gets no device: a request
// without an allocatable candidate, or a firstAvailable request none of whose
// sub-requests has one. Empty when every request gets one.
func unallocatableRequest(requests []RequestDevices) string {
	for i := 0; i < len(requests); {
		parent, _, _ := strings.Cut(requests[i].Request, "/")
		allocatable := false
		for ; i < len(requests) && strings.HasPrefix(requests[i].Request+"/", parent+"/"); i++ {
			allocatable = allocatable || requests[i].Allocatable > 0
		}
		if !allocatable {
			return parent
		}
	}
	return ""
}

// running judges a bound pod as the device taint eviction controller does
// (step 2 of DeviceVerdicts).
func (e *deviceEvaluator) running(pd *PodDevices, pod *core.ClaimPod) {
	ev := e.snapshot.PodEviction(pod, e.in.Now)
	for _, use := range ev.Claims {
		cd := ClaimDevices{Claim: use.Claim, Field: use.Field, Skipped: use.Skipped}
		switch use.Skipped {
		case "":
			e.allocatedClaim(&cd, e.snapshot.Claim(pod.Namespace, use.Claim))
		case devicetainteviction.SkipNotFound:
			cd.Reason = message.New(msgClaimNotFound, "claim", use.Claim)
		case devicetainteviction.SkipNotAllocated:
			cd.Reason = message.New(msgClaimNotAllocated, "claim", use.Claim)
		case devicetainteviction.SkipNotOwner:
			cd.Reason = message.New(msgClaimNotOwner, "claim", use.Claim)
		default:
			cd.Reason = message.New(msgClaimNotReserved, "claim", use.Claim)
		}
		pd.Claims = append(pd.Claims, cd)
	}
	pd.Eviction = &DeviceEviction{Kind: ev.Kind, Seconds: ev.Seconds, At: ev.At, Toleration: -1}
	switch ev.Kind {
	case tainteviction.EvictNow:
		pd.Verdict = VerdictEvictedNow
	case tainteviction.EvictAfter:
		pd.Verdict = VerdictEvictedLater
	case tainteviction.EvictNever:
		pd.Verdict, pd.Reason = VerdictStays, message.New(msgPodStaysForever)
		return
	default:
		pd.Verdict, pd.Reason = VerdictStays, message.New(msgPodStays)
		return
	}
	r := &ev.Reasons[ev.Decisive]
	device := DeviceRef{Driver: r.Driver, Pool: r.Pool, Device: r.Device}
	taint := r.TrackedDeviceTaint
	pd.Eviction.Claim, pd.Eviction.Request, pd.Eviction.Device = r.Claim, r.Request, &device
	pd.Eviction.Taint, pd.Eviction.Toleration = &taint, r.Toleration
	args := []string{"taint", r.Taint.String(), "source", r.TrackedDeviceTaint.String(),
		"device", device.String(), "claim", r.Claim, "deadline", apiTime(ev.At)}
	if ev.Kind == tainteviction.EvictNow {
		pd.Reason = message.New(msgPodEvictedNow, args...)
	} else {
		pd.Reason = message.New(msgPodEvictedAfter, append(args, "seconds", itoa(ev.Seconds))...)
	}
}

// allocatedClaim lists the devices of an allocated claim by request, in
// results order, each with its taints as the controller weighs them.
func (e *deviceEvaluator) allocatedClaim(cd *ClaimDevices, claim *core.ResourceClaim) {
	cd.Allocated, cd.Reason = true, message.New(msgClaimAllocated, "claim", claim.Name)
	for r := range claim.Allocation.Results {
		result := &claim.Allocation.Results[r]
		k := len(cd.Requests) - 1
		if k < 0 || cd.Requests[k].Request != result.Request {
			cd.Requests = append(cd.Requests, RequestDevices{Request: result.Request})
			k++
		}
		cd.Requests[k].Devices = append(cd.Requests[k].Devices, e.allocatedDevice(claim, r))
	}
}

// taintsOf lists the device's taints as the scheduler sees them; a device
// no longer published keeps only the rules' taints, which select it by name.
func (e *deviceEvaluator) taintsOf(ref DeviceRef) (publishedDevice, []core.TrackedDeviceTaint) {
	pub, ok := e.devices.byName[ref]
	if !ok {
		return publishedDevice{}, structured.PatchedTaints(&core.ResourceSlice{Driver: ref.Driver, Pool: ref.Pool},
			&core.Device{Name: ref.Device}, e.in.Rules)
	}
	return pub, structured.PatchedTaints(pub.slice, pub.device, e.in.Rules)
}

// place fills in where a published device is.
func (d *DeviceVerdict) place(pub publishedDevice) {
	if pub.slice != nil {
		d.Slice, d.Node = pub.slice.Name, pub.slice.NodeName
	}
}

// indexed writes a field path with an index: field[i].
func indexed(field string, i int) string {
	return field + "[" + strconv.Itoa(i) + "]"
}
