package devicetainteviction

import (
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// Why a claim the pod names does not count (ClaimUse.Skipped).
const (
	// SkipNotFound: no claim of that name in the pod's namespace.
	SkipNotFound = "not-found"
	// SkipNotAllocated: the claim has no status.allocation.
	SkipNotAllocated = "not-allocated"
	// SkipNotOwner: a generated claim whose controller is not the pod.
	SkipNotOwner = "not-owner"
	// SkipNotReserved: status.reservedFor does not list the pod's UID.
	SkipNotReserved = "not-reserved"
)

// ClaimUse is one claim the pod names and what the controller makes of it.
type ClaimUse struct {
	core.PodClaimRef
	// Skipped says why the claim does not count; empty when it does.
	Skipped string `json:"skipped,omitempty"`
	// Eviction is the claim's ClaimEvictionTime when it counts; nil when no
	// taint evicts.
	Eviction *ClaimEviction `json:"eviction,omitempty"`
}

// Eviction is what the device taint eviction controller does to a pod.
type Eviction struct {
	// Kind is tainteviction.EvictNone (the pod is not scheduled, or no
	// allocated device of its claims has a NoExecute taint),
	// tainteviction.EvictNever (every such taint is tolerated forever),
	// tainteviction.EvictNow (the deadline has passed) or
	// tainteviction.EvictAfter.
	Kind string `json:"kind"`
	// Seconds is, for EvictAfter, the time from now to At, rounded up to
	// whole seconds.
	Seconds int64 `json:"seconds,omitempty"`
	// At is the deadline: the earliest over the pod's claims.
	At *time.Time `json:"at,omitempty"`
	// Reasons are the evicting taints of all counting claims, each origin
	// once, in upstream's order; Decisive is the index of the one that sets
	// At (the first of equals), -1 when none does.
	Reasons  []Reason `json:"reasons,omitempty"`
	Decisive int      `json:"decisive"`
	// Tolerated are the NoExecute taints tolerated forever.
	Tolerated []Reason `json:"tolerated,omitempty"`
	// Claims are the claims the pod names, in PodClaims order.
	Claims []ClaimUse `json:"claims,omitempty"`
	// Reason says in one sentence why, in English, as
	// tainteviction.Eviction.Reason does.
	Reason string `json:"reason"`
}

// PodEviction is the controller's verdict on a pod at now, as upstream
// podEvictionTime and maybeDeletePod decide:
//
//  1. A pod without spec.nodeName is left alone.
//  2. Its claims are those PodClaims lists. A claim counts only if it
//     exists and is allocated, if it was generated for the pod when that
//     must be checked (IsForPod), and if status.reservedFor lists the pod
//     (IsReservedForPod). The pod's phase is not read: a finished pod is
//     spared because the claim controller removes it from reservedFor.
//  3. The pod's deadline is the earliest ClaimEvictionTime over the counting
//     claims, and its reasons the union of theirs.
//  4. No deadline: EvictNever when some NoExecute taint is tolerated forever,
//     EvictNone otherwise. A deadline at or before now: EvictNow, the pod is
//     deleted at once (maybeDeletePod). A later one: EvictAfter, and the
//     controller checks again then; the deadline moves when taints or claims
//     change, unlike a node taint's countdown.
func PodEviction(pod *core.ClaimPod, c *Cluster, now time.Time) Eviction {
	return podEviction(pod, indexClaims(c.Claims), indexPools(c.Slices), evictingRules(c.Rules), now)
}

func podEviction(pod *core.ClaimPod, claims claimIndex, pools pools, rules []*core.DeviceTaintRule, now time.Time) Eviction {
	e := Eviction{Kind: tainteviction.EvictNone, Decisive: -1}
	if pod.NodeName == "" {
		e.Reason = explain(&e, pod)
		return e
	}
	var when *time.Time
	for _, ref := range core.PodClaims(pod) {
		use := ClaimUse{PodClaimRef: ref}
		claim := claims[[2]string{pod.Namespace, ref.Claim}]
		switch {
		case claim == nil:
			use.Skipped = SkipNotFound
		case claim.Allocation == nil:
			use.Skipped = SkipNotAllocated
		case ref.MustCheckOwner && !core.IsForPod(pod, claim):
			use.Skipped = SkipNotOwner
		case !core.IsReservedForPod(pod, claim):
			use.Skipped = SkipNotReserved
		default:
			claimWhen, reasons, tolerated := claimTaints(claim, pools, rules)
			if claimWhen != nil {
				use.Eviction = &ClaimEviction{When: *claimWhen, Reasons: reasons, Tolerated: tolerated}
			}
			for _, r := range tolerated {
				e.Tolerated = addReason(e.Tolerated, r)
			}
		}
		e.Claims = append(e.Claims, use)
		if use.Eviction == nil {
			continue
		}
		for _, r := range use.Eviction.Reasons {
			e.Reasons = addReason(e.Reasons, r)
		}
		if when == nil || use.Eviction.When.Before(*when) {
			at := use.Eviction.When
			when = &at
		}
	}
	switch {
	case when == nil && len(e.Tolerated) > 0:
		e.Kind = tainteviction.EvictNever
	case when == nil:
	case !when.After(now):
		e.Kind, e.At = tainteviction.EvictNow, when
	default:
		e.Kind, e.At = tainteviction.EvictAfter, when
		e.Seconds = int64((when.Sub(now) + time.Second - 1) / time.Second)
	}
	if when != nil {
		e.Decisive = decisive(e.Reasons, *when)
	}
	e.Reason = explain(&e, pod)
	return e
}

// decisive is the index of the first reason whose deadline is when.
func decisive(reasons []Reason, when time.Time) int {
	for i := range reasons {
		if reasons[i].Deadline != nil && reasons[i].Deadline.Equal(when) {
			return i
		}
	}
	return -1
}

// claimIndex finds claims by namespace and name, as the controller's claim
// informer does; of two claims with the same name, the first counts.
type claimIndex map[[2]string]*core.ResourceClaim

func indexClaims(claims []core.ResourceClaim) claimIndex {
	idx := make(claimIndex, len(claims))
	for i := range claims {
		key := [2]string{claims[i].Namespace, claims[i].Name}
		if idx[key] == nil {
			idx[key] = &claims[i]
		}
	}
	return idx
}
