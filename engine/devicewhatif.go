package engine

import (
	"strconv"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
	"github.com/taint-playground/taint-playground/engine/message"
)

// DeviceRuleRadius is what a DeviceTaintRule would do if it were applied:
// the answer to "what does this rule take down?" before running
// `kubectl apply -f rule.yaml`.
type DeviceRuleRadius struct {
	Rule   string                 `json:"rule"`
	Effect core.DeviceTaintEffect `json:"effect"`
	// Devices are the published devices its selector picks.
	Devices []DeviceRef `json:"devices"`
	// Pods are the pods with a device the rule selects, allocated or, for a
	// pending pod, a candidate, with their device verdict under the rule:
	// who it touches, and what happens to each (stays, evicted now or
	// later, or cannot schedule).
	Pods []RadiusPod `json:"pods"`
	// Evicted are the pods the rule evicts that are not evicted without it,
	// or are evicted sooner with it, with their new verdict and countdown.
	Evicted []RadiusPod `json:"evicted"`
	// DryRun is, for effect None, what the rule would evict with effect
	// NoExecute: the pods its status counts, with the verdict they would get.
	DryRun []RadiusPod `json:"dryRun,omitempty"`
	// Unallocatable are the requests of claims that could get a device
	// without the rule and can get none with it, were they allocated now.
	Unallocatable []RadiusRequest `json:"unallocatable"`
	// Status is the EvictionInProgress condition the device taint eviction
	// controller would write into the rule's status, message verbatim.
	Status devicetainteviction.RuleCondition `json:"status"`
	Reason message.Message                   `json:"reason"`
}

// RadiusPod is a pod a rule evicts, or would evict.
type RadiusPod struct {
	// Pod is the index in DeviceInput.Pods.
	Pod       int    `json:"pod"`
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
	// Verdict is the pod's device verdict (VerdictEvictedNow or
	// VerdictEvictedLater in Evicted and DryRun), Seconds and At the
	// countdown and deadline of an eviction.
	Verdict string     `json:"verdict"`
	Seconds int64      `json:"seconds,omitempty"`
	At      *time.Time `json:"at,omitempty"`
}

// RadiusRequest is one request of a claim that a rule leaves without device.
type RadiusRequest struct {
	Namespace string `json:"namespace,omitempty"`
	Claim     string `json:"claim"`
	Request   string `json:"request"`
	// Allocated is whether the claim is allocated: it keeps its devices, and
	// only a new allocation (a new pod's claim from the same template, say)
	// would find none.
	Allocated bool `json:"allocated,omitempty"`
}

// DeviceRuleWhatIf is the blast radius of applying rule to in (replacing a
// rule of the same name):
//
//  1. A missing timeAdded is now, as the apiserver sets it.
//  2. Every pod's device verdict is taken without and with the rule; a pod
//     evicted with it and not without it, or sooner, is in Evicted; one
//     with a device the rule selects is in Pods.
//  3. For effect None, the rule is run again as NoExecute: the pods its
//     status counts (devicetainteviction.RuleStatus) are in DryRun.
//  4. Every request of every claim runs the allocator's taint check over its
//     candidates without and with the rule: one left with no device is in
//     Unallocatable (an allocated claim keeps its devices; this says what a
//     new allocation would meet).
func DeviceRuleWhatIf(in *DeviceInput, rule core.DeviceTaintRule) DeviceRuleRadius {
	core.SetDefaultsDeviceTaint(&rule.Taint, in.Now)
	without := withRule(in, nil)
	with := withRule(in, &rule)
	before := DeviceVerdicts(&without)
	after := DeviceVerdicts(&with)
	radius := DeviceRuleRadius{Rule: rule.Name, Effect: rule.Taint.Effect, Devices: []DeviceRef{},
		Pods: selectedBy(&rule, after), Evicted: evictedByChange(before, after), Unallocatable: []RadiusRequest{}}
	radius.Status = ruleCondition(&without, &rule)
	devices := indexDevices(in.Slices)
	for _, ref := range devices.order {
		if rule.MatchesDevice(ref.Driver, ref.Pool, ref.Device) {
			radius.Devices = append(radius.Devices, ref)
		}
	}
	radius.Unallocatable = lostRequests(newDeviceEvaluator(&without), newDeviceEvaluator(&with))
	pods, claims := strconv.Itoa(len(radius.Evicted)), strconv.Itoa(len(radius.Unallocatable))
	switch rule.Taint.Effect {
	case core.DeviceTaintEffectNone:
		simulated := rule
		simulated.Taint.Effect = core.DeviceTaintEffectNoExecute
		dry := withRule(in, &simulated)
		radius.DryRun = pendingIn(radius.Status.PendingPods, DeviceVerdicts(&dry))
		radius.Reason = message.New(msgWhatIfNone, "rule", rule.Name, "pods", strconv.Itoa(len(radius.DryRun)))
	case core.DeviceTaintEffectNoSchedule:
		radius.Reason = message.New(msgWhatIfNoSchedule, "rule", rule.Name, "claims", claims)
	case core.DeviceTaintEffectNoExecute:
		radius.Reason = message.New(msgWhatIfNoExecute, "rule", rule.Name, "pods", pods, "claims", claims)
	default:
		radius.Reason = message.New(msgTaintUnknown, "taint", rule.Taint.String())
	}
	return radius
}

// withRule is in with its rules of rule's name dropped and rule appended
// (nil: only dropped); in itself is not changed. It is never inlined: its
// three copies in DeviceRuleWhatIf cost the WASM 2.7 KB brotli.
//
//go:noinline
func withRule(in *DeviceInput, rule *core.DeviceTaintRule) DeviceInput {
	out := *in
	out.Rules = make([]core.DeviceTaintRule, 0, len(in.Rules)+1)
	for i := range in.Rules {
		if rule == nil || in.Rules[i].Name != rule.Name {
			out.Rules = append(out.Rules, in.Rules[i])
		}
	}
	if rule != nil {
		out.Rules = append(out.Rules, *rule)
	}
	return out
}

// evictedByChange lists the pods evicted after a change that were not
// before it, or are evicted sooner.
func evictedByChange(before, after []PodDevices) []RadiusPod {
	out := []RadiusPod{}
	for i := range after {
		a, b := &after[i], &before[i]
		if a.Eviction == nil || a.Eviction.At == nil ||
			b.Eviction != nil && b.Eviction.At != nil && !a.Eviction.At.Before(*b.Eviction.At) {
			continue
		}
		out = append(out, radiusPod(a))
	}
	return out
}

// pendingIn lists the pods named namespace/name in names, with their verdicts.
func pendingIn(names []string, verdicts []PodDevices) []RadiusPod {
	out := []RadiusPod{}
	for i := range verdicts {
		v := &verdicts[i]
		for _, name := range names {
			if name == v.Namespace+"/"+v.Name {
				out = append(out, radiusPod(v))
				break
			}
		}
	}
	return out
}

// selectedBy lists the pods with a device rule selects among their
// requests' devices (allocated, or candidates), with their verdicts.
func selectedBy(rule *core.DeviceTaintRule, verdicts []PodDevices) []RadiusPod {
	out := []RadiusPod{}
	for i := range verdicts {
		if usesSelected(rule, &verdicts[i]) {
			out = append(out, radiusPod(&verdicts[i]))
		}
	}
	return out
}

// usesSelected reports whether a device of v's claims is one rule selects.
func usesSelected(rule *core.DeviceTaintRule, v *PodDevices) bool {
	for _, claim := range v.Claims {
		for _, request := range claim.Requests {
			for _, d := range request.Devices {
				if rule.MatchesDevice(d.Driver, d.Pool, d.Device) {
					return true
				}
			}
		}
	}
	return false
}

// radiusPod is v as a RadiusPod; a pending pod has no countdown.
func radiusPod(v *PodDevices) RadiusPod {
	p := RadiusPod{Pod: v.Pod, Name: v.Name, Namespace: v.Namespace, Verdict: v.Verdict}
	if v.Eviction != nil {
		p.Seconds, p.At = v.Eviction.Seconds, v.Eviction.At
	}
	return p
}

// lostRequests lists the requests that have an allocatable candidate before
// and none after.
func lostRequests(before, after *deviceEvaluator) []RadiusRequest {
	out := []RadiusRequest{}
	for i := range before.in.Claims {
		claim := &before.in.Claims[i]
		was, is := before.candidateRequests(claim), after.candidateRequests(claim)
		for k := range was {
			if was[k].Allocatable > 0 && is[k].Allocatable == 0 {
				out = append(out, RadiusRequest{Namespace: claim.Namespace, Claim: claim.Name, Request: was[k].Request,
					Allocated: claim.Allocation != nil})
			}
		}
	}
	return out
}
