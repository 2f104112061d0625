package engine

import (
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
	"github.com/taint-playground/taint-playground/engine/message"
)

// DeviceRuleStatus is one DeviceTaintRule of the inventory with the status
// the device taint eviction controller writes into it: for effect None, the
// dry run that says what NoExecute would evict, which kubectl shows and
// nothing else does.
type DeviceRuleStatus struct {
	Rule   string                 `json:"rule"`
	Effect core.DeviceTaintEffect `json:"effect"`
	// Status is the EvictionInProgress condition, message verbatim, with
	// the pending pods and counts behind it.
	Status devicetainteviction.RuleCondition `json:"status"`
	// Reason says what the status means, naming the pending pods.
	Reason message.Message `json:"reason"`
}

// DeviceRuleStatuses is the status of every DeviceTaintRule of in, in input
// order, as the controller computes it over the same slices, claims and pods
// the device verdicts read, with no pod evicted yet (the page has no
// history of evictions).
func DeviceRuleStatuses(in *DeviceInput) []DeviceRuleStatus {
	out := make([]DeviceRuleStatus, len(in.Rules))
	for i := range in.Rules {
		rule := &in.Rules[i]
		status := ruleCondition(in, rule)
		out[i] = DeviceRuleStatus{Rule: rule.Name, Effect: rule.Taint.Effect, Status: status,
			Reason: ruleStatusReason(rule, status.PendingPods)}
	}
	return out
}

// ruleCondition is the condition the controller writes for rule over in's
// slices, rules (a rule of rule's name stands for rule) and claims, with
// no pod evicted yet: the inventory's rules and the what-if's rule alike.
func ruleCondition(in *DeviceInput, rule *core.DeviceTaintRule) devicetainteviction.RuleCondition {
	cluster := &devicetainteviction.Cluster{Slices: in.Slices, Rules: in.Rules, Claims: in.Claims}
	return devicetainteviction.RuleStatus(rule, cluster, in.Pods, 0)
}

// ruleStatusReason says what a rule's status means: for None, what
// NoExecute would evict; for NoExecute, the pods pending eviction; for
// another effect, that nothing is counted.
func ruleStatusReason(rule *core.DeviceTaintRule, pending []string) message.Message {
	pods := pendingNames(pending)
	switch {
	case rule.Taint.Effect == core.DeviceTaintEffectNone && len(pending) > 0:
		return message.New(msgRuleDryRun, "rule", rule.Name, "pods", pods)
	case rule.Taint.Effect == core.DeviceTaintEffectNone:
		return message.New(msgRuleDryRunNothing, "rule", rule.Name)
	case rule.Taint.Effect == core.DeviceTaintEffectNoExecute && len(pending) > 0:
		return message.New(msgRulePending, "rule", rule.Name, "pods", pods)
	case rule.Taint.Effect == core.DeviceTaintEffectNoExecute:
		return message.New(msgRulePendingNothing, "rule", rule.Name)
	}
	return message.New(msgRuleOtherEffect, "rule", rule.Name, "effect", string(rule.Taint.Effect))
}

// pendingNames lists the status's pods (namespace/name) as kubectl names
// them: a pod of the default namespace by its name alone.
func pendingNames(pending []string) string {
	names := make([]string, len(pending))
	for i, pod := range pending {
		names[i] = strings.TrimPrefix(pod, "default/")
	}
	return strings.Join(names, ", ")
}
