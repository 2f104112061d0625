package engine

import (
	"math"
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// The fields a NearMiss names.
const (
	NearMissKey      = "key"
	NearMissOperator = "operator"
	NearMissValue    = "value"
	NearMissEffect   = "effect"
)

// ExplainTaint says whether and why the tolerations tolerate the taint; the
// caller fills TaintVerdict.Taint. Every verdict comes from
// Toleration.ToleratesTaint, so the explanation cannot disagree with matching:
//
//  1. By lists every tolerating toleration in pod order; the taint is
//     tolerated when By is not empty.
//  2. NearMisses, for an untolerated taint (a tolerated one needs no
//     fixing, and listing its misses would only distract), lists the
//     tolerations that fail because of a single field:
//     the effect (another effect, or a misspelt one), the key (a misspelling
//     within two edits, or another case), the operator (a misspelling, In, or
//     Lt/Gt with the comparison gate off) or the value (another value, or an
//     Lt/Gt comparison that fails or cannot be made).
//  3. Suggestion, for an untolerated taint, is the smallest toleration that
//     tolerates it and no taint with another key.
//
// Sentences number tolerations from 1 (#1 is index 0), as a reader counts
// the items of spec.tolerations.
func ExplainTaint(taint *core.Taint, tolerations []core.Toleration, comparisonOperators bool) TaintVerdict {
	var v TaintVerdict
	for i := range tolerations {
		if tolerations[i].ToleratesTaint(taint, comparisonOperators) {
			v.By = append(v.By, i)
		}
	}
	v.Tolerated = len(v.By) > 0
	if v.Tolerated {
		v.Reason = toleratedReason(taint, tolerations, v.By)
		return v
	}
	for i := range tolerations {
		if m, ok := nearMiss(taint, &tolerations[i], comparisonOperators); ok {
			m.Toleration = i
			m.Reason = core.TolerationNumber(i) + " " + m.Reason
			v.NearMisses = append(v.NearMisses, m)
		}
	}
	v.Reason = untoleratedReason(taint, tolerations, v.NearMisses)
	v.Suggestion = suggestToleration(taint)
	return v
}

// nearMiss finds the one field that keeps t from tolerating taint, checking
// each candidate field by asking ToleratesTaint about t with that field fixed.
func nearMiss(taint *core.Taint, t *core.Toleration, gate bool) (NearMiss, bool) {
	keyAndEffectMatch := (&core.Toleration{Key: t.Key, Operator: core.TolerationOpExists, Effect: t.Effect}).ToleratesTaint(taint, gate)
	if keyAndEffectMatch {
		return operatorOrValueMiss(taint, t, gate)
	}
	anyEffect := *t
	anyEffect.Effect = ""
	if anyEffect.ToleratesTaint(taint, gate) {
		return NearMiss{Field: NearMissEffect, Reason: effectMissReason(taint.Effect, t.Effect)}, true
	}
	if t.Key != "" && core.IsTypo(t.Key, taint.Key) {
		rightKey := *t
		rightKey.Key = taint.Key
		if rightKey.ToleratesTaint(taint, gate) {
			return NearMiss{Field: NearMissKey, Reason: keyMissReason(taint.Key, t.Key)}, true
		}
	}
	return NearMiss{}, false
}

// operatorOrValueMiss explains a toleration whose key and effect match, so
// only its operator or value can be at fault.
func operatorOrValueMiss(taint *core.Taint, t *core.Toleration, gate bool) (NearMiss, bool) {
	switch t.Operator {
	case "", core.TolerationOpEqual:
		return NearMiss{Field: NearMissValue, Reason: equalValueReason(taint.Value, t.Value)}, true
	case core.TolerationOpLt, core.TolerationOpGt:
		if !gate {
			return NearMiss{Field: NearMissOperator, Reason: "uses operator " + string(t.Operator) +
				", which only works when the TaintTolerationComparisonOperators feature gate is on, and it is off"}, true
		}
		return NearMiss{Field: NearMissValue, Reason: comparisonValueReason(taint.Value, t)}, true
	}
	// Any other operator never matches; Exists always does once key and effect do.
	return NearMiss{Field: NearMissOperator, Reason: unknownOperatorReason(t.Operator, gate)}, true
}

func equalValueReason(taintValue, tolValue string) string {
	switch {
	case taintValue == "":
		return "has value " + strconv.Quote(tolValue) + " but the taint has no value; remove the value or use operator Exists"
	case tolValue == "":
		return "has no value, which matches only a taint without one, but the taint's value is " +
			strconv.Quote(taintValue) + "; set that value or use operator Exists"
	}
	if same := core.Lookalike(tolValue, taintValue); same != "" {
		return "has value " + strconv.Quote(tolValue) + ", which only looks like the taint's " + strconv.Quote(taintValue) + ": " + same
	}
	return "has value " + strconv.Quote(tolValue) + " but the taint's value is " + strconv.Quote(taintValue) +
		" (values are compared exactly, case included)"
}

// comparisonValueReason explains an Lt or Gt toleration that fails with the
// gate on: a value that is not a canonical int64, or a comparison that is false.
func comparisonValueReason(taintValue string, t *core.Toleration) string {
	op := string(t.Operator)
	if _, ok := core.ParseDecimalInt64(t.Value); !ok {
		return "uses " + op + " with value " + strconv.Quote(t.Value) +
			", which is not a canonical 64-bit integer (no sign but '-', no leading zeros), so it never matches"
	}
	if _, ok := core.ParseDecimalInt64(taintValue); !ok {
		return "uses " + op + ", but the taint's value " + strconv.Quote(taintValue) +
			" is not a canonical 64-bit integer, so the comparison never matches"
	}
	want := "greater than"
	if t.Operator == core.TolerationOpLt {
		want = "less than"
	}
	if taintValue == t.Value {
		return "uses " + op + " " + t.Value + ", which needs the taint's value to be strictly " + want +
			" " + t.Value + ", and it is equal"
	}
	return "uses " + op + " " + t.Value + ", which needs the taint's value to be " + want + " " + t.Value +
		", but it is " + taintValue + " (" + op + " compares the taint's value with the toleration's)"
}

func unknownOperatorReason(op core.TolerationOperator, gate bool) string {
	valid := []core.TolerationOperator{core.TolerationOpEqual, core.TolerationOpExists}
	if gate {
		valid = append(valid, core.TolerationOpLt, core.TolerationOpGt)
	}
	reason := "has operator " + strconv.Quote(string(op)) + ", which tolerations do not support"
	switch {
	case op == "In":
		return reason + "; use Equal for one value, or Exists for any value"
	case core.ClosestName(string(op), valid) != "":
		guess := core.ClosestName(string(op), valid)
		if same := core.Lookalike(string(op), guess); same != "" {
			return reason + "; it only looks like " + guess + ": " + same
		}
		return reason + " (operators are case-sensitive); did you mean " + guess + "?"
	}
	return reason + "; use Equal or Exists"
}

func effectMissReason(taintEffect, tolEffect core.TaintEffect) string {
	if core.IsSupportedEffect(tolEffect) {
		return "has effect " + string(tolEffect) + ", and " + string(tolEffect) + " does not cover " +
			string(taintEffect) + "; use " + string(taintEffect) + " or leave the effect empty to match every effect"
	}
	reason := "has effect " + strconv.Quote(string(tolEffect)) + ", which is not an effect"
	if guess := core.ClosestName(string(tolEffect), []core.TaintEffect{core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule, core.TaintEffectNoExecute}); guess != "" {
		if same := core.Lookalike(string(tolEffect), guess); same != "" {
			return reason + "; it only looks like " + guess + ": " + same
		}
		return reason + " (effects are case-sensitive); did you mean " + guess + "?"
	}
	return reason + " (NoSchedule, PreferNoSchedule or NoExecute)"
}

func keyMissReason(taintKey, tolKey string) string {
	if strings.EqualFold(taintKey, tolKey) {
		return "has key " + strconv.Quote(tolKey) + " but the taint's key is " + strconv.Quote(taintKey) +
			"; keys are case-sensitive"
	}
	if same := core.Lookalike(tolKey, taintKey); same != "" {
		return "has key " + strconv.Quote(tolKey) + ", which only looks like the taint's " + strconv.Quote(taintKey) + ": " + same
	}
	return "has key " + strconv.Quote(tolKey) + ", not the taint's " + strconv.Quote(taintKey) + "; is it misspelt?"
}

func toleratedReason(taint *core.Taint, tolerations []core.Toleration, by []int) string {
	first := &tolerations[by[0]]
	reason := "tolerated by " + core.TolerationNumber(by[0]) + " (" + core.DescribeToleration(first) + ")"
	if len(by) > 1 {
		others := make([]string, len(by)-1)
		for i, index := range by[1:] {
			others[i] = "#" + strconv.Itoa(index+1)
		}
		reason += ", and also by " + strings.Join(others, ", ")
	}
	if taint.Effect != core.TaintEffectNoExecute {
		return reason
	}
	var clauses []string
	if len(by) > 1 {
		clauses = append(clauses, "the eviction controller uses the first match")
	}
	if s := first.TolerationSeconds; s != nil {
		clauses = append(clauses, evictionClause(*s))
	}
	if len(clauses) == 0 {
		return reason
	}
	return reason + "; " + strings.Join(clauses, ", so ")
}

// evictionClause says when a running pod is evicted under a toleration with
// these tolerationSeconds, as the taint-eviction controller computes it,
// overflow included (MinTolerationTime).
func evictionClause(written int64) string {
	seconds, _, forever := tainteviction.MinTolerationTime([]core.Toleration{{TolerationSeconds: &written}}, []int{0})
	clause := "a running pod is evicted after " + strconv.FormatInt(seconds, 10) + "s"
	switch {
	case forever:
		clause = "a running pod is never evicted"
	case seconds == 0:
		clause = "a running pod is evicted at once"
	}
	switch {
	case written == math.MaxInt64:
		return clause + ": " + tainteviction.WrapClause(written, seconds, forever)
	case written > tainteviction.MaxDurationSeconds && forever:
		return clause + ": " + tainteviction.WrapClause(written, seconds, forever) + ", which the controller takes as tolerating forever"
	case written > tainteviction.MaxDurationSeconds:
		return clause + ": " + tainteviction.WrapClause(written, seconds, forever)
	}
	return clause
}

func untoleratedReason(taint *core.Taint, tolerations []core.Toleration, misses []NearMiss) string {
	switch {
	case len(tolerations) == 0:
		return "not tolerated: the pod has no tolerations"
	case len(misses) > 0:
		return "not tolerated: " + misses[0].Reason
	}
	for i := range tolerations {
		if tolerations[i].Key == "" || tolerations[i].Key == taint.Key {
			return "not tolerated: the tolerations that could match key " + strconv.Quote(taint.Key) +
				" differ from the taint in more than one field"
		}
	}
	return "not tolerated: no toleration has key " + strconv.Quote(taint.Key)
}

// suggestToleration is the smallest toleration of exactly this taint's key:
// Equal on its value when it has one, else Exists.
func suggestToleration(taint *core.Taint) *core.Toleration {
	if taint.Value != "" {
		return &core.Toleration{Key: taint.Key, Operator: core.TolerationOpEqual, Value: taint.Value, Effect: taint.Effect}
	}
	return &core.Toleration{Key: taint.Key, Operator: core.TolerationOpExists, Effect: taint.Effect}
}
