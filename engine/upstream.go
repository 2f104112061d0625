package engine

// Conversions to upstream's k8s.io/api types and grids of the values that
// matter to matching, shared by the differential tests of every package. Only
// tests import this package, so k8s.io/api never reaches the WASM.

import (
	v1 "k8s.io/api/core/v1"
)

// Grids of the values that matter to matching: empty values, case variants,
// operators upstream does not know, and numbers at and beyond the Lt/Gt rules.
var (
	oracleKeys      = []string{"", "k", "K", "k2", "example.com/k"}
	oracleOperators = []TolerationOperator{"", TolerationOpEqual, TolerationOpExists, TolerationOpLt, TolerationOpGt, "exists", "equal", "In", "lt", "gt"}
	oracleValues    = []string{"", "v", "V", "0", "-0", "00", "5", "-5", "950", "0950", "+5", " 5", "5.0",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "99999999999999999999"}
	oracleEffects = []TaintEffect{"", TaintEffectNoSchedule, TaintEffectPreferNoSchedule, TaintEffectNoExecute, "noschedule", "NoExcute"}
)

// doNotScheduleFilter is the scheduler's TaintToleration filter: only
// NoSchedule and NoExecute taints block.
func doNotScheduleFilter(t *Taint) bool {
	return t.Effect == TaintEffectNoSchedule || t.Effect == TaintEffectNoExecute
}

func upstreamDoNotScheduleFilter(t *v1.Taint) bool {
	return t.Effect == v1.TaintEffectNoSchedule || t.Effect == v1.TaintEffectNoExecute
}

func toV1Toleration(t *Toleration) v1.Toleration {
	return v1.Toleration{Key: t.Key, Operator: v1.TolerationOperator(t.Operator), Value: t.Value,
		Effect: v1.TaintEffect(t.Effect), TolerationSeconds: t.TolerationSeconds}
}

func toV1Taint(t *Taint) v1.Taint {
	return v1.Taint{Key: t.Key, Value: t.Value, Effect: v1.TaintEffect(t.Effect)}
}

func toV1Tolerations(ts []Toleration) []v1.Toleration {
	out := make([]v1.Toleration, len(ts))
	for i := range ts {
		out[i] = toV1Toleration(&ts[i])
	}
	return out
}

func toV1Taints(ts []Taint) []v1.Taint {
	out := make([]v1.Taint, len(ts))
	for i := range ts {
		out[i] = toV1Taint(&ts[i])
	}
	return out
}

func gridTolerations() []Toleration {
	var out []Toleration
	for _, k := range oracleKeys {
		for _, op := range oracleOperators {
			for _, v := range oracleValues {
				for _, e := range oracleEffects {
					out = append(out, Toleration{Key: k, Operator: op, Value: v, Effect: e})
				}
			}
		}
	}
	return out
}

func gridTaints() []Taint {
	var out []Taint
	for _, k := range oracleKeys {
		for _, v := range oracleValues {
			for _, e := range oracleEffects {
				out = append(out, Taint{Key: k, Value: v, Effect: e})
			}
		}
	}
	return out
}
