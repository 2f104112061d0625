package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
)

// englishOnly compares explanations by their English text: the messages
// they render from are checked by TestExplanationsAreMessages and
// TestWarningsAreMessages.
var englishOnly = cmp.Options{cmpopts.IgnoreFields(TaintVerdict{}, "ReasonMessage"), cmpopts.IgnoreFields(NearMiss{}, "ReasonMessage"),
	cmpopts.IgnoreFields(core.Diagnostic{}, "MessageMessage")}

func TestExplainTaint(t *testing.T) {
	testCases := []struct {
		name        string
		taint       core.Taint
		tolerations []core.Toleration
		gate        bool
		want        TaintVerdict
	}{
		{
			name:        "tolerated by one toleration",
			taint:       core.Taint{Key: "key1", Value: "value1", Effect: core.TaintEffectNoSchedule},
			tolerations: []core.Toleration{{Key: "key1", Operator: core.TolerationOpEqual, Value: "value1", Effect: core.TaintEffectNoSchedule}},
			want: TaintVerdict{Tolerated: true, By: []int{0},
				Reason: "tolerated by toleration #1 (key1=value1, NoSchedule)"},
		},
		{
			name:  "every tolerating toleration is listed and the eviction controller uses the first",
			taint: core.Taint{Key: "foo", Effect: core.TaintEffectNoExecute},
			tolerations: []core.Toleration{
				{Key: "bar", Operator: core.TolerationOpExists},
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(60))},
				{Operator: core.TolerationOpExists},
			},
			want: TaintVerdict{Tolerated: true, By: []int{1, 2},
				Reason: "tolerated by toleration #2 (foo with any value, NoExecute, for 60s), and also by #3; " +
					"the eviction controller uses the first match, so a running pod is evicted after 60s"},
		},
		{
			name:        "zero tolerationSeconds tolerates for scheduling but evicts at once",
			taint:       core.Taint{Key: "foo", Effect: core.TaintEffectNoExecute},
			tolerations: []core.Toleration{{Key: "foo", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(-3))}},
			want: TaintVerdict{Tolerated: true, By: []int{0},
				Reason: "tolerated by toleration #1 (foo with any value, any effect, for -3s); a running pod is evicted at once"},
		},
		{
			name:        "an empty toleration tolerates any taint without a value",
			taint:       core.Taint{Key: "dedicated", Effect: core.TaintEffectNoSchedule},
			tolerations: []core.Toleration{{}},
			want: TaintVerdict{Tolerated: true, By: []int{0},
				Reason: `tolerated by toleration #1 (any key with Equal "", any effect)`},
		},
		{
			name:  "a tolerated taint lists no near misses",
			taint: core.Taint{Key: "key1", Value: "value1", Effect: core.TaintEffectNoSchedule},
			tolerations: []core.Toleration{
				{Key: "key1", Operator: core.TolerationOpEqual, Value: "value1", Effect: core.TaintEffectNoSchedule},
				{Key: "key1", Operator: core.TolerationOpEqual, Value: "value1", Effect: core.TaintEffectNoExecute},
			},
			want: TaintVerdict{Tolerated: true, By: []int{0},
				Reason: "tolerated by toleration #1 (key1=value1, NoSchedule)"},
		},
		{
			name:  "no tolerations",
			taint: core.Taint{Key: "gpu", Value: "a100", Effect: core.TaintEffectNoSchedule},
			want: TaintVerdict{Reason: "not tolerated: the pod has no tolerations",
				Suggestion: &core.Toleration{Key: "gpu", Operator: core.TolerationOpEqual, Value: "a100", Effect: core.TaintEffectNoSchedule}},
		},
		{
			name:        "no toleration has the key",
			taint:       core.Taint{Key: "gpu", Effect: core.TaintEffectNoSchedule},
			tolerations: []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpExists}},
			want: TaintVerdict{Reason: `not tolerated: no toleration has key "gpu"`,
				Suggestion: &core.Toleration{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}},
		},
		{
			name:        "the same key with another value",
			taint:       core.Taint{Key: "color", Value: "green", Effect: core.TaintEffectNoSchedule},
			tolerations: []core.Toleration{{Key: "color", Operator: core.TolerationOpEqual, Value: "Green", Effect: core.TaintEffectNoSchedule}},
			want: TaintVerdict{
				Reason: `not tolerated: toleration #1 has value "Green" but the taint's value is "green" (values are compared exactly, case included)`,
				NearMisses: []NearMiss{{Toleration: 0, Field: NearMissValue,
					Reason: `toleration #1 has value "Green" but the taint's value is "green" (values are compared exactly, case included)`}},
				Suggestion: &core.Toleration{Key: "color", Operator: core.TolerationOpEqual, Value: "green", Effect: core.TaintEffectNoSchedule},
			},
		},
		{
			name:        "a NoSchedule toleration does not cover a NoExecute taint",
			taint:       core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoExecute},
			tolerations: []core.Toleration{{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule}},
			want: TaintVerdict{
				Reason: "not tolerated: toleration #1 has effect NoSchedule, and NoSchedule does not cover NoExecute; " +
					"use NoExecute or leave the effect empty to match every effect",
				NearMisses: []NearMiss{{Toleration: 0, Field: NearMissEffect,
					Reason: "toleration #1 has effect NoSchedule, and NoSchedule does not cover NoExecute; " +
						"use NoExecute or leave the effect empty to match every effect"}},
				Suggestion: &core.Toleration{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute},
			},
		},
		{
			name:  "only the near misses are listed, the reason quotes the first",
			taint: core.Taint{Key: "gpu", Effect: core.TaintEffectNoSchedule},
			tolerations: []core.Toleration{
				{Key: "other", Operator: core.TolerationOpExists},
				{Key: "gpu", Operator: core.TolerationOpEqual, Value: "true", Effect: core.TaintEffectNoSchedule},
				{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
			},
			want: TaintVerdict{
				Reason: `not tolerated: toleration #2 has value "true" but the taint has no value; remove the value or use operator Exists`,
				NearMisses: []NearMiss{
					{Toleration: 1, Field: NearMissValue, Reason: `toleration #2 has value "true" but the taint has no value; remove the value or use operator Exists`},
					{Toleration: 2, Field: NearMissEffect, Reason: "toleration #3 has effect NoExecute, and NoExecute does not cover NoSchedule; " +
						"use NoSchedule or leave the effect empty to match every effect"},
				},
				Suggestion: &core.Toleration{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			},
		},
		{
			name:        "the tolerations with the key differ in two fields",
			taint:       core.Taint{Key: "gpu", Value: "y", Effect: core.TaintEffectNoSchedule},
			tolerations: []core.Toleration{{Key: "gpu", Value: "x", Effect: core.TaintEffectNoExecute}},
			want: TaintVerdict{
				Reason:     `not tolerated: the tolerations that could match key "gpu" differ from the taint in more than one field`,
				Suggestion: &core.Toleration{Key: "gpu", Operator: core.TolerationOpEqual, Value: "y", Effect: core.TaintEffectNoSchedule},
			},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := ExplainTaint(&tc.taint, tc.tolerations, tc.gate)
			if diff := cmp.Diff(tc.want, got, englishOnly); diff != "" {
				t.Errorf("ExplainTaint (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExplainTaintNearMisses checks which field each kind of near miss names
// and the advice its reason gives.
func TestExplainTaintNearMisses(t *testing.T) {
	const sla = "node.kubernetes.io/sla"
	testCases := []struct {
		name       string
		taint      core.Taint
		toleration core.Toleration
		gate       bool
		// want is the expected near miss, nil when the toleration is not one.
		want *NearMiss
	}{
		{
			name:       "Equal with no value against a taint with a value",
			taint:      core.Taint{Key: "dedicated", Value: "gpu", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "dedicated", Effect: core.TaintEffectNoSchedule},
			want: &NearMiss{Field: NearMissValue, Reason: `toleration #1 has no value, which matches only a taint without one, ` +
				`but the taint's value is "gpu"; set that value or use operator Exists`},
		},
		{
			name:       "a misspelt effect",
			taint:      core.Taint{Key: "k", Effect: core.TaintEffectNoExecute},
			toleration: core.Toleration{Key: "k", Operator: core.TolerationOpExists, Effect: "NoExcute"},
			want:       &NearMiss{Field: NearMissEffect, Reason: `toleration #1 has effect "NoExcute", which is not an effect (effects are case-sensitive); did you mean NoExecute?`},
		},
		{
			name:       "an effect in the wrong case",
			taint:      core.Taint{Key: "k", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "k", Operator: core.TolerationOpExists, Effect: "noschedule"},
			want:       &NearMiss{Field: NearMissEffect, Reason: `toleration #1 has effect "noschedule", which is not an effect (effects are case-sensitive); did you mean NoSchedule?`},
		},
		{
			name:       "an effect that is no effect at all",
			taint:      core.Taint{Key: "k", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "k", Operator: core.TolerationOpExists, Effect: "Never"},
			want:       &NearMiss{Field: NearMissEffect, Reason: `toleration #1 has effect "Never", which is not an effect (NoSchedule, PreferNoSchedule or NoExecute)`},
		},
		{
			name:       "an operator in lower case",
			taint:      core.Taint{Key: "k", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "k", Operator: "exists", Effect: core.TaintEffectNoSchedule},
			want: &NearMiss{Field: NearMissOperator, Reason: `toleration #1 has operator "exists", which tolerations do not support ` +
				`(operators are case-sensitive); did you mean Exists?`},
		},
		{
			name:       "a misspelt Equal",
			taint:      core.Taint{Key: "k", Value: "v", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "k", Operator: "equals", Value: "v"},
			want: &NearMiss{Field: NearMissOperator, Reason: `toleration #1 has operator "equals", which tolerations do not support ` +
				`(operators are case-sensitive); did you mean Equal?`},
		},
		{
			name:       "In from node affinity",
			taint:      core.Taint{Key: "k", Value: "v", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "k", Operator: "In", Value: "v"},
			want: &NearMiss{Field: NearMissOperator, Reason: `toleration #1 has operator "In", which tolerations do not support; ` +
				`use Equal for one value, or Exists for any value`},
		},
		{
			name:       "a short operator two edits from Lt is not taken for it",
			taint:      core.Taint{Key: "k", Value: "1", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "k", Operator: "Eq", Value: "1"},
			gate:       true,
			want:       &NearMiss{Field: NearMissOperator, Reason: `toleration #1 has operator "Eq", which tolerations do not support; use Equal or Exists`},
		},
		{
			name:       "a key in the wrong case",
			taint:      core.Taint{Key: "gpu", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "GPU", Operator: core.TolerationOpExists},
			want:       &NearMiss{Field: NearMissKey, Reason: `toleration #1 has key "GPU" but the taint's key is "gpu"; keys are case-sensitive`},
		},
		{
			name:       "a key one edit away",
			taint:      core.Taint{Key: "node.kubernetes.io/not-ready", Effect: core.TaintEffectNoExecute},
			toleration: core.Toleration{Key: "node.kubernetes.io/notready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
			want: &NearMiss{Field: NearMissKey, Reason: `toleration #1 has key "node.kubernetes.io/notready", ` +
				`not the taint's "node.kubernetes.io/not-ready"; is it misspelt?`},
		},
		{
			name:       "a key three edits away is not a near miss",
			taint:      core.Taint{Key: "gpu", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "tpu-x", Operator: core.TolerationOpExists},
		},
		{
			name:       "a misspelt key with another effect is two fields away",
			taint:      core.Taint{Key: "gpu", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: "gpus", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
		},
		{
			name:       "Lt with the gate off",
			taint:      core.Taint{Key: sla, Value: "800", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpLt, Value: "950", Effect: core.TaintEffectNoSchedule},
			want: &NearMiss{Field: NearMissOperator, Reason: "toleration #1 uses operator Lt, which only works when the " +
				"TaintTolerationComparisonOperators feature gate is on, and it is off"},
		},
		{
			name:       "Gt in the wrong direction",
			taint:      core.Taint{Key: sla, Value: "800", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpGt, Value: "950", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want: &NearMiss{Field: NearMissValue, Reason: "toleration #1 uses Gt 950, which needs the taint's value to be " +
				"greater than 950, but it is 800 (Gt compares the taint's value with the toleration's)"},
		},
		{
			name:       "Lt against an equal value",
			taint:      core.Taint{Key: sla, Value: "950", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpLt, Value: "950"},
			gate:       true,
			want: &NearMiss{Field: NearMissValue, Reason: "toleration #1 uses Lt 950, which needs the taint's value to be " +
				"strictly less than 950, and it is equal"},
		},
		{
			name:       "Lt with a leading zero",
			taint:      core.Taint{Key: sla, Value: "800", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpLt, Value: "0950"},
			gate:       true,
			want: &NearMiss{Field: NearMissValue, Reason: `toleration #1 uses Lt with value "0950", which is not a canonical ` +
				`64-bit integer (no sign but '-', no leading zeros), so it never matches`},
		},
		{
			name:       "Gt against a word",
			taint:      core.Taint{Key: sla, Value: "high", Effect: core.TaintEffectNoSchedule},
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpGt, Value: "950"},
			gate:       true,
			want: &NearMiss{Field: NearMissValue, Reason: `toleration #1 uses Gt, but the taint's value "high" is not a ` +
				`canonical 64-bit integer, so the comparison never matches`},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := ExplainTaint(&tc.taint, []core.Toleration{tc.toleration}, tc.gate)
			if got.Tolerated {
				t.Fatalf("toleration %+v unexpectedly tolerates %+v", tc.toleration, tc.taint)
			}
			var want []NearMiss
			if tc.want != nil {
				want = []NearMiss{*tc.want}
			}
			if diff := cmp.Diff(want, got.NearMisses, englishOnly); diff != "" {
				t.Errorf("NearMisses (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExplainTaintNearMissFixes checks on the oracle grid that each near miss
// really is one field away: setting that field to the taint's (or fixing the
// operator or comparison) makes the toleration tolerate the taint.
func TestExplainTaintNearMissFixes(t *testing.T) {
	tols, taints := upstream.GridTolerations(), upstream.GridTaints()
	for _, gate := range []bool{false, true} {
		for i := range tols {
			for j := range taints {
				tol, taint := tols[i], taints[j]
				v := ExplainTaint(&taint, []core.Toleration{tol}, gate)
				if len(v.NearMisses) == 0 {
					continue
				}
				fixed, fixedGate := tol, gate
				switch v.NearMisses[0].Field {
				case NearMissKey:
					fixed.Key = taint.Key
				case NearMissEffect:
					fixed.Effect = taint.Effect
				case NearMissValue:
					fixed.Operator, fixed.Value = core.TolerationOpEqual, taint.Value
				case NearMissOperator:
					fixed.Operator, fixed.Value, fixedGate = core.TolerationOpExists, "", true
				}
				if !fixed.ToleratesTaint(&taint, fixedGate) {
					t.Fatalf("near miss %+v of %+v on %+v: fixing %s does not tolerate", v.NearMisses[0], tol, taint, v.NearMisses[0].Field)
				}
			}
		}
	}
}
