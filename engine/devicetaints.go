package engine

import (
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/structured"
)

// allocatedDevice is the verdict on the device of one allocation result:
// every taint, and for the NoExecute ones the controller's toleration and
// deadline, read from the result's copy of the tolerations.
func (e *deviceEvaluator) allocatedDevice(claim *core.ResourceClaim, r int) DeviceVerdict {
	result := &claim.Allocation.Results[r]
	ref := DeviceRef{Driver: result.Driver, Pool: result.Pool, Device: result.Device}
	pub, taints := e.taintsOf(ref)
	d := DeviceVerdict{DeviceRef: ref, Result: r, Tolerations: result.Tolerations}
	d.place(pub)
	evicting, tolerated := e.snapshot.ResultTaints(claim, r)
	field := indexed("status.allocation.devices.results", r) + ".tolerations"
	for i := range taints {
		d.Taints = append(d.Taints, allocatedTaint(&taints[i], result.Tolerations, field, evicting, tolerated))
	}
	return d
}

// allocatedTaint explains one taint of an allocated device: None and
// unknown effects do nothing, NoSchedule does not evict, and a NoExecute
// taint gets the controller's decision (ResultTaints).
func allocatedTaint(tt *core.TrackedDeviceTaint, tolerations []core.DeviceToleration, field string, evicting, tolerated []devicetainteviction.Reason) DeviceTaintVerdict {
	v := DeviceTaintVerdict{TrackedDeviceTaint: *tt, ToleratedBy: -1}
	taint := tt.Taint.String()
	switch tt.Taint.Effect {
	case core.DeviceTaintEffectNoSchedule:
		v.ToleratedBy = core.FirstToleratingDevice(tolerations, tt.Taint)
		v.Reason = message.New(msgTaintNoScheduleAllocated, "taint", taint)
		return v
	case core.DeviceTaintEffectNoExecute:
	default:
		v.Reason = noEffect(tt)
		return v
	}
	if r := findReason(tolerated, tt); r != nil {
		v.ToleratedBy, v.Forever = r.Toleration, true
		v.Reason = message.New(msgTaintForever, "taint", taint, "toleration", indexed(field, r.Toleration))
		return v
	}
	timeAdded := apiTime(tt.Taint.TimeAdded)
	r := findReason(evicting, tt)
	if r == nil || r.Toleration < 0 {
		if r != nil {
			v.Deadline = r.Deadline
		}
		// Only effect exactly NoExecute protects: a toleration that matches
		// with an empty effect is named, as it is the usual surprise.
		if k := core.FirstToleratingDevice(tolerations, tt.Taint); k >= 0 {
			v.Reason = message.New(msgTaintEmptyEffect, "taint", taint, "toleration", indexed(field, k), "timeAdded", timeAdded)
		} else {
			v.Reason = message.New(msgTaintNoExecuteUntol, "taint", taint, "timeAdded", timeAdded)
		}
		return v
	}
	v.ToleratedBy, v.Seconds, v.Deadline = r.Toleration, r.Seconds, r.Deadline
	v.Reason = message.New(msgTaintSeconds, "taint", taint, "toleration", indexed(field, r.Toleration),
		"seconds", itoa(r.Seconds), "timeAdded", timeAdded, "deadline", apiTime(r.Deadline))
	return v
}

// findReason finds the controller's reason for the taint of this origin.
func findReason(reasons []devicetainteviction.Reason, tt *core.TrackedDeviceTaint) *devicetainteviction.Reason {
	for i := range reasons {
		r := &reasons[i]
		if r.Rule == tt.Rule && r.Slice == tt.Slice && r.TaintIndex == tt.TaintIndex {
			return r
		}
	}
	return nil
}

// noEffect explains a taint whose effect neither the allocator nor the
// controller acts on: None (on a rule, a dry run), or an unknown effect.
func noEffect(tt *core.TrackedDeviceTaint) message.Message {
	taint := tt.Taint.String()
	switch {
	case tt.Taint.Effect != core.DeviceTaintEffectNone:
		return message.New(msgTaintUnknown, "taint", taint)
	case tt.Rule != "":
		return message.New(msgTaintNoneRule, "taint", taint, "rule", tt.Rule)
	}
	return message.New(msgTaintNone, "taint", taint)
}

// candidateRequests lists the requests of an unallocated claim, a
// firstAvailable request as its sub-requests, each with its candidates.
func (e *deviceEvaluator) candidateRequests(claim *core.ResourceClaim) []RequestDevices {
	var out []RequestDevices
	for i := range claim.Requests {
		r := &claim.Requests[i]
		field := indexed("spec.devices.requests", i)
		if len(r.FirstAvailable) == 0 {
			out = append(out, e.candidates(claim, r.Name, r.Tolerations, field+".tolerations"))
			continue
		}
		for j := range r.FirstAvailable {
			sub := &r.FirstAvailable[j]
			out = append(out, e.candidates(claim, r.Name+"/"+sub.Name, sub.Tolerations, indexed(field+".firstAvailable", j)+".tolerations"))
		}
	}
	return out
}

// candidates runs the allocator's taint check on every candidate of a
// request, counting them, and lists the first MaxListedCandidates and the
// first allocatable one.
func (e *deviceEvaluator) candidates(claim *core.ResourceClaim, request string, tolerations []core.DeviceToleration, field string) RequestDevices {
	rd := RequestDevices{Request: request, Tolerations: tolerations, TolerationsField: field, Devices: []DeviceVerdict{}}
	var refs []Candidate
	if e.in.Candidates != nil {
		refs = e.in.Candidates(claim, request)
	} else {
		refs = make([]Candidate, len(e.devices.order))
		for i, ref := range e.devices.order {
			refs[i].DeviceRef = ref
		}
	}
	for _, ref := range refs {
		pub, published := e.devices.byName[ref.DeviceRef]
		if !published {
			continue
		}
		check := structured.CheckTaints(structured.PatchedTaints(pub.slice, pub.device, e.in.Rules), tolerations)
		rd.Candidates++
		allocatable := check.Untolerated < 0
		if allocatable {
			rd.Allocatable++
		}
		if len(rd.Devices) < MaxListedCandidates || allocatable && rd.Allocatable == 1 {
			d := candidateDevice(ref.DeviceRef, pub, &check, request, field)
			d.Unknown = ref.Unknown
			rd.Devices = append(rd.Devices, d)
		}
	}
	return rd
}

// candidateDevice explains the taint check on one candidate.
func candidateDevice(ref DeviceRef, pub publishedDevice, check *structured.TaintCheck, request, field string) DeviceVerdict {
	d := DeviceVerdict{DeviceRef: ref, Result: -1, Allocatable: check.Untolerated < 0}
	d.place(pub)
	for i := range check.Taints {
		tt := &check.Taints[i]
		v := DeviceTaintVerdict{TrackedDeviceTaint: *tt, ToleratedBy: check.ToleratedBy[i]}
		taint := tt.Taint.String()
		switch {
		case !structured.PreventsAllocation(tt.Taint.Effect):
			v.Reason = noEffect(tt)
		case v.ToleratedBy >= 0:
			v.Reason = message.New(msgTaintTolerated, "taint", taint, "toleration", indexed(field, v.ToleratedBy), "request", request)
		default:
			v.Reason = message.New(msgTaintUntolerated, "taint", taint, "request", request)
		}
		d.Taints = append(d.Taints, v)
	}
	var reason message.Message
	if d.Allocatable {
		reason = message.New(msgCandidateAllocatable, "device", ref.String(), "request", request)
	} else {
		reason = message.New(msgCandidateBlocked, "device", ref.String(), "request", request,
			"taint", check.Taints[check.Untolerated].Taint.String())
	}
	d.Reason = &reason
	return d
}
