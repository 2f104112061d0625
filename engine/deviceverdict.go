package engine

import (
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// PodDevices is the device verdict of one pod that uses ResourceClaims, beside
// its node verdict: each claim and request, each device it has (allocated)
// or could get (a candidate of an unallocated claim), each taint on the
// device with where it came from and which toleration tolerates it, and the
// result, in the verdict kinds of node verdicts.
type PodDevices struct {
	// Pod is the pod's index in DeviceInput.Pods.
	Pod       int    `json:"pod"`
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
	NodeName  string `json:"nodeName,omitempty"`
	// Verdict is, for a pending pod, VerdictSchedulable or
	// VerdictUnschedulable (a request has no device left, or a claim is
	// missing); for a running pod VerdictStays, VerdictEvictedNow or
	// VerdictEvictedLater, as the device taint eviction controller decides.
	Verdict string `json:"verdict"`
	// Eviction is, for a running pod, the controller's verdict with the
	// countdown, as PodVerdict.Eviction is for node taints.
	Eviction *DeviceEviction `json:"eviction,omitempty"`
	// Claims are the claims the pod uses, in core.PodClaims order.
	Claims []ClaimDevices  `json:"claims"`
	Reason message.Message `json:"reason"`
}

// DeviceEviction is when the device taint eviction controller deletes a
// running pod, with the taint that decides it.
type DeviceEviction struct {
	// Kind is one of tainteviction's EvictNone, EvictNever, EvictNow and
	// EvictAfter, as for node taints.
	Kind string `json:"kind"`
	// Seconds is, for EvictAfter, the countdown: the time from now to At,
	// rounded up to whole seconds.
	Seconds int64 `json:"seconds,omitempty"`
	// At is the deadline: the decisive taint's timeAdded plus its
	// tolerationSeconds.
	At *time.Time `json:"at,omitempty"`
	// Claim (namespace/name), Request, Device and Taint name the decisive
	// taint; omitted when nothing evicts.
	Claim   string                   `json:"claim,omitempty"`
	Request string                   `json:"request,omitempty"`
	Device  *DeviceRef               `json:"device,omitempty"`
	Taint   *core.TrackedDeviceTaint `json:"taint,omitempty"`
	// Toleration is the index, in the allocation result's tolerations, of
	// the toleration that sets the deadline; -1 when none does.
	Toleration int `json:"toleration"`
}

// ClaimDevices is one claim a pod uses and what its devices do.
type ClaimDevices struct {
	// Claim is the claim's name, in the pod's namespace, and Field where the
	// pod names it (core.PodClaimRef).
	Claim string `json:"claim"`
	Field string `json:"field"`
	// Skipped is one of devicetainteviction's Skip… reasons when the claim
	// does not count for the pod; empty when it does.
	Skipped string `json:"skipped,omitempty"`
	// Allocated is whether the claim has status.allocation: then its
	// requests list the allocated devices, else their candidates.
	Allocated bool             `json:"allocated,omitempty"`
	Requests  []RequestDevices `json:"requests,omitempty"`
	Reason    message.Message  `json:"reason"`
}

// RequestDevices is one request of a claim ("name", or "name/sub" for a
// firstAvailable entry) and its devices.
type RequestDevices struct {
	Request string `json:"request"`
	// Tolerations are, for an unallocated claim, the request's spec
	// tolerations, which the allocator reads, and TolerationsField their
	// path; an allocated device carries its result's copy instead.
	Tolerations      []core.DeviceToleration `json:"tolerations,omitempty"`
	TolerationsField string                  `json:"tolerationsField,omitempty"`
	// Devices are the allocated devices, or the candidates: the first
	// MaxListedCandidates, and the first allocatable one after them.
	Devices []DeviceVerdict `json:"devices"`
	// Candidates and Allocatable count, for an unallocated claim, the
	// candidate devices and those the taint check lets the allocator take.
	Candidates  int `json:"candidates,omitempty"`
	Allocatable int `json:"allocatable,omitempty"`
}

// MaxListedCandidates is how many candidates of a request a verdict lists:
// a cluster offers thousands, and the counts say how many there are.
const MaxListedCandidates = 16

// DeviceVerdict is one device of a request.
type DeviceVerdict struct {
	DeviceRef
	// Slice is the ResourceSlice publishing the device and Node its
	// nodeName; both empty for an allocated device no longer published.
	Slice string `json:"slice,omitempty"`
	Node  string `json:"node,omitempty"`
	// Result is the index in the claim's status.allocation.devices.results
	// of an allocated device, -1 for a candidate; Tolerations are that
	// result's copy of the request's tolerations, which the eviction
	// controller reads.
	Result      int                     `json:"result"`
	Tolerations []core.DeviceToleration `json:"tolerations,omitempty"`
	// Allocatable is, for a candidate, whether the request tolerates every
	// NoSchedule and NoExecute taint of the device.
	Allocatable bool `json:"allocatable,omitempty"`
	// Unknown is, for a candidate, why a selector outside the CEL subset
	// could not decide whether it picks the device: it counts as a
	// candidate, and the verdict says so.
	Unknown string               `json:"unknown,omitempty"`
	Taints  []DeviceTaintVerdict `json:"taints,omitempty"`
	// Reason explains a candidate's Allocatable; nil for an allocated device,
	// whose taints say what happens.
	Reason *message.Message `json:"reason,omitempty"`
}

// DeviceTaintVerdict is one taint of a device, as the scheduler sees it:
// the slice's taints, then those of the DeviceTaintRules that select the
// device (structured.PatchedTaints).
type DeviceTaintVerdict struct {
	core.TrackedDeviceTaint
	// ToleratedBy is the index of the toleration that decides: for a
	// candidate, the first of the request's that tolerates a NoSchedule or
	// NoExecute taint; for an allocated device's NoExecute taint, the
	// result's NoExecute toleration that sets the deadline or tolerates it
	// forever; for its NoSchedule taint, the first result toleration that
	// tolerates it. -1 when none does, or for an effect that does nothing.
	ToleratedBy int `json:"toleratedBy"`
	// Forever, Seconds and Deadline are, for an allocated device's NoExecute
	// taint, whether it is tolerated forever, else the tolerationSeconds
	// applied and the deadline (timeAdded plus Seconds).
	Forever  bool            `json:"forever,omitempty"`
	Seconds  int64           `json:"seconds,omitempty"`
	Deadline *time.Time      `json:"deadline,omitempty"`
	Reason   message.Message `json:"reason"`
}
