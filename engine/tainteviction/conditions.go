package tainteviction

import (
	"github.com/taint-playground/taint-playground/engine/core"
)

// conditionTaintKeys is the node lifecycle controller's
// nodeConditionToTaintKeyStatusMap: which condition status puts which taint.
var conditionTaintKeys = map[string]map[string]string{
	core.NodeReady:              {core.ConditionFalse: core.TaintNodeNotReady, core.ConditionUnknown: core.TaintNodeUnreachable},
	core.NodeMemoryPressure:     {core.ConditionTrue: core.TaintNodeMemoryPressure},
	core.NodeDiskPressure:       {core.ConditionTrue: core.TaintNodeDiskPressure},
	core.NodeNetworkUnavailable: {core.ConditionTrue: core.TaintNodeNetworkUnavailable},
	core.NodePIDPressure:        {core.ConditionTrue: core.TaintNodePIDPressure},
}

// ControllerTaints returns the taints the node lifecycle controller adds to the
// node (pkg/controller/nodelifecycle), in the order its passes add them:
//
//  1. When conditions is true, its NoSchedule pass (TaintNodesByCondition), in
//     the order of status.conditions: Ready=False → not-ready, Ready=Unknown →
//     unreachable, MemoryPressure, DiskPressure, PIDPressure or
//     NetworkUnavailable =True → the matching key, all NoSchedule.
//  2. node.kubernetes.io/unschedulable:NoSchedule for spec.unschedulable,
//     whatever conditions says.
//  3. When conditions is true, its NoExecute pass, from the first Ready
//     condition: False → not-ready:NoExecute, Unknown → unreachable:NoExecute
//     (after the node monitor grace period in a real cluster).
//
// A taint the node already has, or that an earlier step added, with the same
// key and effect is skipped. Each taint's Origin names its cause and its
// Source points at the condition, or at the node for spec.unschedulable. The
// controller also removes condition taints whose condition has cleared; that
// is not modelled: written taints are kept.
func ControllerTaints(node *core.Node, conditions bool) []core.Taint {
	var added []core.Taint
	add := func(t core.Taint) {
		for _, existing := range [][]core.Taint{node.Taints, added} {
			for i := range existing {
				if existing[i].MatchTaint(&t) {
					return
				}
			}
		}
		added = append(added, t)
	}
	if conditions {
		for _, c := range node.Conditions {
			if key, ok := conditionTaintKeys[c.Type][c.Status]; ok {
				add(conditionTaint(key, core.TaintEffectNoSchedule, c))
			}
		}
	}
	if node.Unschedulable {
		source := node.Source
		source.Field = "spec.unschedulable"
		source.Fields = nil
		add(core.Taint{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule, Origin: "spec.unschedulable", Source: source})
	}
	if conditions {
		for _, c := range node.Conditions {
			if c.Type != core.NodeReady {
				continue
			}
			if key, ok := conditionTaintKeys[core.NodeReady][c.Status]; ok {
				add(conditionTaint(key, core.TaintEffectNoExecute, c))
			}
			break
		}
	}
	return added
}

func conditionTaint(key string, effect core.TaintEffect, c core.NodeCondition) core.Taint {
	return core.Taint{Key: key, Effect: effect, Origin: "condition " + c.Type + "=" + c.Status, Source: c.Source}
}
