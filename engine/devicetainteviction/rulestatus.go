package devicetainteviction

import (
	"strconv"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
)

// ConditionEvictionInProgress is the type of the condition the controller
// keeps in a DeviceTaintRule's status.
const ConditionEvictionInProgress = "EvictionInProgress"

// RuleCondition is the EvictionInProgress condition of a DeviceTaintRule
// as the controller writes it, with the counts behind its message as data.
type RuleCondition struct {
	Type string `json:"type"`
	// Status is "True" while pods are pending eviction, else "False".
	Status  string `json:"status"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
	// PendingPods are the pods (namespace/name) whose eviction the rule
	// causes, or would cause with effect NoExecute; Namespaces counts their
	// namespaces.
	PendingPods []string `json:"pendingPods,omitempty"`
	Namespaces  int      `json:"namespaces,omitempty"`
	// PublishedDevices and AllocatedDevices count, for effect None only, the
	// devices of the current slices and the allocated devices the selector
	// picks.
	PublishedDevices int `json:"publishedDevices,omitempty"`
	AllocatedDevices int `json:"allocatedDevices,omitempty"`
}

// RuleStatus is the condition the controller writes for a rule, as upstream
// maybeUpdateRuleStatus computes it. evicted is how many pods the controller
// has evicted because of the rule since it started (the page has no such
// history and passes 0).
//
//  1. NoExecute: the pending pods are those not being deleted whose eviction
//     reasons (PodEviction) include the rule, whether their deadline has
//     passed or not. With any, Status True and reason PodsPendingEviction;
//     otherwise Completed when evicted > 0, else NotStarted.
//  2. None: a dry run. The controller pretends the rule had effect NoExecute
//     and was the only evicting rule (slice taints still count), and counts
//     the pods whose reasons would include it, plus the published and the
//     allocated devices the selector picks; reason NoEffect, Status False.
//     It does this once per spec change, not again as pods come and go.
//  3. Any other effect: reason OtherEffect, nothing counted.
//  4. With evicted > 0, the message ends "N pod(s) evicted since starting
//     the controller."
func RuleStatus(rule *core.DeviceTaintRule, c *Cluster, pods []core.ClaimPod, evicted int64) RuleCondition {
	cond := RuleCondition{Type: ConditionEvictionInProgress, Status: "False", Reason: "Effect" + string(rule.Taint.Effect)}
	switch rule.Taint.Effect {
	case core.DeviceTaintEffectNoExecute:
		rules := []*core.DeviceTaintRule{rule}
		for _, other := range evictingRules(c.Rules) {
			if other.Name != rule.Name {
				rules = append(rules, other)
			}
		}
		cond.PendingPods, cond.Namespaces = pendingPods(rule.Name, c, pods, rules)
		switch {
		case len(cond.PendingPods) > 0:
			cond.Status, cond.Reason = "True", "PodsPendingEviction"
			cond.Message = plural(len(cond.PendingPods), "1 pod needs", " pods need") + " to be evicted in " +
				plural(cond.Namespaces, "1 namespace", " different namespaces") + "."
		case evicted > 0:
			cond.Reason = "Completed"
		default:
			cond.Reason = "NotStarted"
		}
	case core.DeviceTaintEffectNone:
		simulated := *rule
		simulated.Taint.Effect = core.DeviceTaintEffectNoExecute
		cond.PendingPods, cond.Namespaces = pendingPods(rule.Name, c, pods, []*core.DeviceTaintRule{&simulated})
		cond.PublishedDevices, cond.AllocatedDevices = countTaintedDevices(rule, c)
		cond.Reason = "NoEffect"
		cond.Message = plural(cond.PublishedDevices, "1 published device", " published devices") + " selected. " +
			plural(cond.AllocatedDevices, "1 allocated device", " allocated devices") + " selected. " +
			plural(len(cond.PendingPods), "1 pod", " pods") + " would be evicted in " +
			plural(cond.Namespaces, "1 namespace", " different namespaces") +
			" if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update."
	default:
		cond.Reason = "OtherEffect"
		cond.Message = "Eviction only happens for the NoExecute effect."
	}
	if evicted > 0 {
		if cond.Message != "" {
			cond.Message += " "
		}
		cond.Message += plural(int(evicted), "1 pod", " pods") + " evicted since starting the controller."
	}
	return cond
}

// pendingPods is upstream countPendingPods: the pods, not being deleted,
// whose eviction reasons include the named rule, and their namespaces.
func pendingPods(ruleName string, c *Cluster, pods []core.ClaimPod, rules []*core.DeviceTaintRule) ([]string, int) {
	idx, claims := indexPools(c.Slices), indexClaims(c.Claims)
	namespaces := map[string]bool{}
	var pending []string
	for i := range pods {
		if pods[i].Deleting {
			continue
		}
		// The time is irrelevant here: every reason counts, due or not.
		e := podEviction(&pods[i], claims, idx, rules, time.Time{})
		for _, r := range e.Reasons {
			if r.Rule == ruleName {
				pending = append(pending, pods[i].Namespace+"/"+pods[i].Name)
				namespaces[pods[i].Namespace] = true
			}
		}
	}
	return pending, len(namespaces)
}

// countTaintedDevices is upstream countTaintedDevices: the devices of the
// pools' current slices the rule selects, and the allocated devices of
// allocated claims it selects.
func countTaintedDevices(rule *core.DeviceTaintRule, c *Cluster) (published, allocated int) {
	for _, p := range indexPools(c.Slices) {
		for _, s := range p.slices {
			if s.PoolGeneration != p.maxGeneration {
				continue
			}
			for i := range s.Devices {
				if rule.MatchesDevice(s.Driver, s.Pool, s.Devices[i].Name) {
					published++
				}
			}
		}
	}
	for i := range c.Claims {
		if c.Claims[i].Allocation == nil {
			continue
		}
		for _, r := range c.Claims[i].Allocation.Results {
			if rule.MatchesDevice(r.Driver, r.Pool, r.Device) {
				allocated++
			}
		}
	}
	return published, allocated
}

// plural writes n with the singular phrase for 1, else n and the plural
// ending, as upstream's messages do ("1 pod", "2 pods", "0 pods").
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strconv.Itoa(n) + many
}
