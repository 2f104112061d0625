package upstream

import (
	v1 "k8s.io/api/core/v1"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Grids of the values that matter to matching: empty values, case variants,
// operators upstream does not know, and numbers at and beyond the Lt/Gt rules.
var (
	OracleKeys      = []string{"", "k", "K", "k2", "example.com/k"}
	OracleOperators = []core.TolerationOperator{"", core.TolerationOpEqual, core.TolerationOpExists, core.TolerationOpLt, core.TolerationOpGt, "exists", "equal", "In", "lt", "gt"}
	OracleValues    = []string{"", "v", "V", "0", "-0", "00", "5", "-5", "950", "0950", "+5", " 5", "5.0",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "99999999999999999999"}
	OracleEffects = []core.TaintEffect{"", core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule, core.TaintEffectNoExecute, "noschedule", "NoExcute"}
)

// DoNotScheduleV1 is upstream's helper.DoNotScheduleTaintsFilterFunc: only
// NoSchedule and NoExecute taints block scheduling.
func DoNotScheduleV1(t *v1.Taint) bool {
	return t.Effect == v1.TaintEffectNoSchedule || t.Effect == v1.TaintEffectNoExecute
}

// ToV1Toleration converts a toleration to upstream's type.
func ToV1Toleration(t *core.Toleration) v1.Toleration {
	return v1.Toleration{Key: t.Key, Operator: v1.TolerationOperator(t.Operator), Value: t.Value,
		Effect: v1.TaintEffect(t.Effect), TolerationSeconds: t.TolerationSeconds}
}

// ToV1Taint converts a taint to upstream's type (timeAdded, which matching
// never reads, is left out).
func ToV1Taint(t *core.Taint) v1.Taint {
	return v1.Taint{Key: t.Key, Value: t.Value, Effect: v1.TaintEffect(t.Effect)}
}

// ToV1Tolerations converts each toleration (ToV1Toleration).
func ToV1Tolerations(ts []core.Toleration) []v1.Toleration {
	out := make([]v1.Toleration, len(ts))
	for i := range ts {
		out[i] = ToV1Toleration(&ts[i])
	}
	return out
}

// ToV1Taints converts each taint (ToV1Taint).
func ToV1Taints(ts []core.Taint) []v1.Taint {
	out := make([]v1.Taint, len(ts))
	for i := range ts {
		out[i] = ToV1Taint(&ts[i])
	}
	return out
}

// GridTolerations is every toleration of the grids' keys, operators, values
// and effects.
func GridTolerations() []core.Toleration {
	var out []core.Toleration
	for _, k := range OracleKeys {
		for _, op := range OracleOperators {
			for _, v := range OracleValues {
				for _, e := range OracleEffects {
					out = append(out, core.Toleration{Key: k, Operator: op, Value: v, Effect: e})
				}
			}
		}
	}
	return out
}

// GridTaints is every taint of the grids' keys, values and effects.
func GridTaints() []core.Taint {
	var out []core.Taint
	for _, k := range OracleKeys {
		for _, v := range OracleValues {
			for _, e := range OracleEffects {
				out = append(out, core.Taint{Key: k, Value: v, Effect: e})
			}
		}
	}
	return out
}
