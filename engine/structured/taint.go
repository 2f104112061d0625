package structured

import (
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// PreventsAllocation reports whether an effect keeps the allocator from
// allocating an untolerated device: only NoSchedule and NoExecute do; None
// and any effect the allocator does not know are ignored.
func PreventsAllocation(e core.DeviceTaintEffect) bool {
	return e == core.DeviceTaintEffectNoSchedule || e == core.DeviceTaintEffectNoExecute
}

// TaintPreventsAllocation reports whether a taint of the device keeps the
// allocator from allocating it for a request with these tolerations, as
// upstream taintPreventsAllocation and taintTolerated decide:
//
//  1. Taints are walked in order (PatchedTaints: the slice's, then the
//     rules').
//  2. A taint whose effect is neither NoSchedule nor NoExecute is skipped.
//  3. The first remaining taint that no toleration tolerates
//     (DeviceToleration.ToleratesTaint; an empty-effect toleration
//     tolerates either effect) prevents allocation.
//
// The allocator then tries the next device; when no device is left for a
// request, the pod's claims cannot be allocated on that node.
func TaintPreventsAllocation(taints []core.TrackedDeviceTaint, tolerations []core.DeviceToleration) bool {
	return CheckTaints(taints, tolerations).Untolerated >= 0
}

// TaintCheck is the allocator's taint verdict on one device for one request,
// with the reason as data.
type TaintCheck struct {
	// Taints are the device's taints as the allocator sees them.
	Taints []core.TrackedDeviceTaint `json:"taints"`
	// Untolerated is the index in Taints of the first NoSchedule or
	// NoExecute taint no toleration tolerates, which prevents allocation;
	// -1 when the device may be allocated.
	Untolerated int `json:"untolerated"`
	// ToleratedBy[i] is the index in the request's tolerations of the first
	// that tolerates Taints[i]; -1 when none does or when the effect does not
	// prevent allocation. It is filled for every taint, also past Untolerated,
	// so that the page can show all of them.
	ToleratedBy []int `json:"toleratedBy"`
}

// CheckTaints is TaintPreventsAllocation with its reason: which taint
// prevents allocation, and which toleration tolerates each of the others.
func CheckTaints(taints []core.TrackedDeviceTaint, tolerations []core.DeviceToleration) TaintCheck {
	check := TaintCheck{Taints: taints, Untolerated: -1, ToleratedBy: make([]int, len(taints))}
	for i := range taints {
		check.ToleratedBy[i] = -1
		if !PreventsAllocation(taints[i].Taint.Effect) {
			continue
		}
		check.ToleratedBy[i] = core.FirstToleratingDevice(tolerations, taints[i].Taint)
		if check.ToleratedBy[i] < 0 && check.Untolerated < 0 {
			check.Untolerated = i
		}
	}
	return check
}

// RequestTolerations returns the tolerations the allocator reads for a
// request reference, as upstream's requestAccessor does: those of the request
// itself for "request", those of the sub-request for "request/sub-request"
// (a firstAvailable entry). ok is false when the claim has no such request.
func RequestTolerations(claim *core.ResourceClaim, request string) (tolerations []core.DeviceToleration, ok bool) {
	parent, sub, isSub := strings.Cut(request, "/")
	for i := range claim.Requests {
		r := &claim.Requests[i]
		if r.Name != parent {
			continue
		}
		if !isSub {
			return r.Tolerations, true
		}
		for j := range r.FirstAvailable {
			if r.FirstAvailable[j].Name == sub {
				return r.FirstAvailable[j].Tolerations, true
			}
		}
	}
	return nil, false
}
