package engine

import (
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// Warning codes: stable names the page and the tests rely on.
const (
	WarnExistsEverything = "exists-everything"
	WarnEmptyEffect      = "empty-effect"
	WarnUnusedToleration = "unused-toleration"
	WarnSecondsIgnored   = "seconds-ignored"
)

// The IDs of the warnings' messages. Arguments: n and first are toleration
// numbers (from 1), key is quoted as written, effect and seconds as the API
// writes them.
const (
	msgWarnEverythingAnyEffect    message.ID = "warning.exists-everything.any-effect"
	msgWarnEverythingNoExecute    message.ID = "warning.exists-everything.noexecute"
	msgWarnEverythingNoExecuteFor message.ID = "warning.exists-everything.noexecute.seconds"
	msgWarnEverythingEffect       message.ID = "warning.exists-everything.effect"
	msgWarnEmptyEffect            message.ID = "warning.empty-effect"
	msgWarnSecondsIgnored         message.ID = "warning.seconds-ignored"
	msgWarnUnused                 message.ID = "warning.unused-toleration"
)

// Warnings lists what a reviewer would flag in the tolerations written in the
// pods' text (AddedBy == ""; the cluster's own additions are not the author's
// to fix). Each warning points at the toleration's Source, and its message
// numbers tolerations from 1, as ExplainTaint's do:
//
//  1. exists-everything: no key and operator Exists tolerates every taint of
//     its effect, or of every effect when the effect is empty (a misspelt
//     effect is left to validation).
//  2. empty-effect: a keyed toleration with no effect also tolerates NoExecute,
//     so the pod is never evicted for that key (tolerationSeconds needs effect
//     NoExecute, so it cannot bound this one).
//  3. seconds-ignored: a NoExecute toleration's tolerationSeconds that never
//     counts, because an earlier toleration tolerates every taint this one
//     does and the eviction controller reads only the first match.
//     tolerationSeconds with another effect is not warned about here:
//     ValidateTolerations already rejects it, as the apiserver does.
//  4. unused-toleration: a toleration that tolerates no taint on any node,
//     reported only when at least one node is given.
func Warnings(nodes []core.Node, pods []core.Pod, opts core.Options) []core.Diagnostic {
	taints := distinctTaints(nodes)
	var diags []core.Diagnostic
	warn := func(t *core.Toleration, code string, m message.Message) {
		diags = append(diags, core.Diagnostic{Severity: core.SeverityWarning, Code: code,
			Message: message.InEnglish(m), MessageMessage: m, Source: t.Source})
	}
	for p := range pods {
		tolerations := pods[p].Tolerations
		for i := range tolerations {
			t := &tolerations[i]
			if t.AddedBy != "" {
				continue
			}
			n := strconv.Itoa(i + 1)
			switch {
			case t.Key == "" && t.Operator == core.TolerationOpExists && (t.Effect == "" || core.IsSupportedEffect(t.Effect)):
				warn(t, WarnExistsEverything, existsEverythingMessage(t, n))
			case t.Key != "" && t.Effect == "":
				warn(t, WarnEmptyEffect, message.New(msgWarnEmptyEffect, "n", n, "key", strconv.Quote(t.Key)))
			}
			if first := shadowingToleration(tolerations, i, opts.ComparisonOperators); first >= 0 {
				warn(t, WarnSecondsIgnored, message.New(msgWarnSecondsIgnored, "n", n, "first", strconv.Itoa(first+1)))
			}
			if len(nodes) > 0 && !toleratesAny(t, taints, opts.ComparisonOperators) {
				warn(t, WarnUnusedToleration, message.New(msgWarnUnused, "n", n))
			}
		}
	}
	return diags
}

// existsEverythingMessage is the exists-everything warning of toleration
// number n, by its effect.
func existsEverythingMessage(t *core.Toleration, n string) message.Message {
	switch t.Effect {
	case "":
		return message.New(msgWarnEverythingAnyEffect, "n", n)
	case core.TaintEffectNoExecute:
		if t.TolerationSeconds != nil {
			return message.New(msgWarnEverythingNoExecuteFor, "n", n, "seconds", strconv.FormatInt(max(*t.TolerationSeconds, 0), 10))
		}
		return message.New(msgWarnEverythingNoExecute, "n", n)
	}
	return message.New(msgWarnEverythingEffect, "n", n, "effect", string(t.Effect))
}

// shadowingToleration returns the index of the first toleration before
// tolerations[i] that makes its tolerationSeconds meaningless, or -1.
func shadowingToleration(tolerations []core.Toleration, i int, gate bool) int {
	t := &tolerations[i]
	if t.TolerationSeconds == nil || t.Effect != core.TaintEffectNoExecute || !canMatch(t, gate) {
		return -1
	}
	for j := 0; j < i; j++ {
		if coversNoExecute(&tolerations[j], t, gate) {
			return j
		}
	}
	return -1
}

// coversNoExecute reports whether a tolerates every NoExecute taint that b
// tolerates, by the rules of ToleratesTaint: a's effect must admit NoExecute,
// a's key must be empty or b's, and a's operator must be Exists or the same
// working operator as b's with the same value.
func coversNoExecute(a, b *core.Toleration, gate bool) bool {
	if a.Effect != "" && a.Effect != core.TaintEffectNoExecute {
		return false
	}
	if a.Key != "" && a.Key != b.Key {
		return false
	}
	if a.Operator == core.TolerationOpExists {
		return true
	}
	return canMatch(a, gate) && core.EqualOperator(a.Operator) == core.EqualOperator(b.Operator) && a.Value == b.Value
}

// canMatch reports whether the toleration's operator can ever match.
func canMatch(t *core.Toleration, gate bool) bool {
	switch t.Operator {
	case "", core.TolerationOpEqual, core.TolerationOpExists:
		return true
	case core.TolerationOpLt, core.TolerationOpGt:
		return gate
	}
	return false
}

// distinctTaints gathers each key, value and effect found on the nodes once,
// so checking a toleration costs the distinct taints, not nodes × taints.
func distinctTaints(nodes []core.Node) []core.Taint {
	type identity struct {
		key, value string
		effect     core.TaintEffect
	}
	seen := make(map[identity]bool)
	var taints []core.Taint
	for n := range nodes {
		for _, t := range nodes[n].Taints {
			id := identity{t.Key, t.Value, t.Effect}
			if !seen[id] {
				seen[id] = true
				taints = append(taints, core.Taint{Key: t.Key, Value: t.Value, Effect: t.Effect})
			}
		}
	}
	return taints
}

func toleratesAny(t *core.Toleration, taints []core.Taint, gate bool) bool {
	for i := range taints {
		if t.ToleratesTaint(&taints[i], gate) {
			return true
		}
	}
	return false
}
