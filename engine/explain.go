package engine

import (
	"math"
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
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
		v.setReason(toleratedReason(taint, tolerations, v.By))
		return v
	}
	for i := range tolerations {
		if m, ok := nearMiss(taint, &tolerations[i], comparisonOperators); ok {
			m.Toleration = i
			m.ReasonMessage.Args["n"] = strconv.Itoa(i + 1)
			m.Reason = message.InEnglish(m.ReasonMessage)
			v.NearMisses = append(v.NearMisses, m)
		}
	}
	v.setReason(untoleratedReason(taint, tolerations, v.NearMisses))
	v.Suggestion = suggestToleration(taint)
	return v
}

// setReason sets the reason as data and its English text.
func (v *TaintVerdict) setReason(m message.Message) {
	v.ReasonMessage, v.Reason = m, message.InEnglish(m)
}

// miss is a near miss of field, its sentence m; ExplainTaint numbers it.
func miss(field string, m message.Message) (NearMiss, bool) {
	return NearMiss{Field: field, ReasonMessage: m}, true
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
		return miss(NearMissEffect, effectMissReason(taint.Effect, t.Effect))
	}
	if t.Key != "" && core.IsTypo(t.Key, taint.Key) {
		rightKey := *t
		rightKey.Key = taint.Key
		if rightKey.ToleratesTaint(taint, gate) {
			return miss(NearMissKey, keyMissReason(taint.Key, t.Key))
		}
	}
	return NearMiss{}, false
}

// operatorOrValueMiss explains a toleration whose key and effect match, so
// only its operator or value can be at fault.
func operatorOrValueMiss(taint *core.Taint, t *core.Toleration, gate bool) (NearMiss, bool) {
	switch t.Operator {
	case "", core.TolerationOpEqual:
		return miss(NearMissValue, equalValueReason(taint.Value, t.Value))
	case core.TolerationOpLt, core.TolerationOpGt:
		if !gate {
			return miss(NearMissOperator, message.New(msgMissOperatorGateOff, "operator", string(t.Operator)))
		}
		return miss(NearMissValue, comparisonValueReason(taint.Value, t))
	}
	// Any other operator never matches; Exists always does once key and effect do.
	return miss(NearMissOperator, unknownOperatorReason(t.Operator, gate))
}

func equalValueReason(taintValue, tolValue string) message.Message {
	value, want := strconv.Quote(tolValue), strconv.Quote(taintValue)
	switch {
	case taintValue == "":
		return message.New(msgMissValueTaintHasNone, "value", value)
	case tolValue == "":
		return message.New(msgMissValueTolHasNone, "taintValue", want)
	}
	if same := core.Lookalike(tolValue, taintValue); same.ID != "" {
		return message.New(msgMissValueLookalike, "value", value, "taintValue", want).With("lookalike", same)
	}
	return message.New(msgMissValueDiffers, "value", value, "taintValue", want)
}

// comparisonValueReason explains an Lt or Gt toleration that fails with the
// gate on: a value that is not a canonical int64, or a comparison that is false.
func comparisonValueReason(taintValue string, t *core.Toleration) message.Message {
	op := string(t.Operator)
	if _, ok := core.ParseDecimalInt64(t.Value); !ok {
		return message.New(msgMissCompareNotInteger, "operator", op, "value", strconv.Quote(t.Value))
	}
	if _, ok := core.ParseDecimalInt64(taintValue); !ok {
		return message.New(msgMissCompareTaintNotInt, "operator", op, "taintValue", strconv.Quote(taintValue))
	}
	lt := t.Operator == core.TolerationOpLt
	id := map[[2]bool]message.ID{
		{true, true}: msgMissCompareLtEqual, {false, true}: msgMissCompareGtEqual,
		{true, false}: msgMissCompareLtFails, {false, false}: msgMissCompareGtFails,
	}[[2]bool{lt, taintValue == t.Value}]
	return message.New(id, "operator", op, "value", t.Value, "taintValue", taintValue)
}

func unknownOperatorReason(op core.TolerationOperator, gate bool) message.Message {
	valid := []core.TolerationOperator{core.TolerationOpEqual, core.TolerationOpExists}
	if gate {
		valid = append(valid, core.TolerationOpLt, core.TolerationOpGt)
	}
	operator := strconv.Quote(string(op))
	switch {
	case op == "In":
		return message.New(msgMissOperatorIn, "operator", operator)
	case core.ClosestName(string(op), valid) != "":
		guess := core.ClosestName(string(op), valid)
		if same := core.Lookalike(string(op), guess); same.ID != "" {
			return message.New(msgMissOperatorLookalike, "operator", operator, "guess", string(guess)).With("lookalike", same)
		}
		return message.New(msgMissOperatorDidYouMean, "operator", operator, "guess", string(guess))
	}
	return message.New(msgMissOperatorUnknown, "operator", operator)
}

func effectMissReason(taintEffect, tolEffect core.TaintEffect) message.Message {
	if core.IsSupportedEffect(tolEffect) {
		return message.New(msgMissEffectOther, "effect", string(tolEffect), "taintEffect", string(taintEffect))
	}
	effect := strconv.Quote(string(tolEffect))
	if guess := core.ClosestName(string(tolEffect), []core.TaintEffect{core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule, core.TaintEffectNoExecute}); guess != "" {
		if same := core.Lookalike(string(tolEffect), guess); same.ID != "" {
			return message.New(msgMissEffectLookalike, "effect", effect, "guess", string(guess)).With("lookalike", same)
		}
		return message.New(msgMissEffectDidYouMean, "effect", effect, "guess", string(guess))
	}
	return message.New(msgMissEffectUnknown, "effect", effect)
}

func keyMissReason(taintKey, tolKey string) message.Message {
	key, want := strconv.Quote(tolKey), strconv.Quote(taintKey)
	if strings.EqualFold(taintKey, tolKey) {
		return message.New(msgMissKeyCase, "key", key, "taintKey", want)
	}
	if same := core.Lookalike(tolKey, taintKey); same.ID != "" {
		return message.New(msgMissKeyLookalike, "key", key, "taintKey", want).With("lookalike", same)
	}
	return message.New(msgMissKeyTypo, "key", key, "taintKey", want)
}

// toleratedReason names the first tolerating toleration and the others and,
// for NoExecute, that the eviction controller uses the first one and when it
// evicts a running pod under its tolerationSeconds.
func toleratedReason(taint *core.Taint, tolerations []core.Toleration, by []int) message.Message {
	first := &tolerations[by[0]]
	args := []string{"n", strconv.Itoa(by[0] + 1)}
	others := len(by) > 1
	if others {
		numbers := make([]string, len(by)-1)
		for i, index := range by[1:] {
			numbers[i] = "#" + strconv.Itoa(index+1)
		}
		args = append(args, "others", strings.Join(numbers, ", "))
	}
	clause := toleratedPlain
	if taint.Effect == core.TaintEffectNoExecute {
		if others {
			clause = toleratedFirstMatch
		}
		if s := first.TolerationSeconds; s != nil {
			var more []string
			clause, more = evictionClause(*s)
			args = append(args, more...)
		}
	}
	return message.New(toleratedIDs[clause][boolIndex(others)], args...).With("toleration", core.TolerationDescription(first))
}

// evictionClause is the clause a tolerated NoExecute taint's reason ends
// with, and its arguments: when a running pod is evicted under a toleration
// with these tolerationSeconds, as the taint-eviction controller computes
// it, overflow included (MinTolerationTime).
func evictionClause(written int64) (toleratedClause, []string) {
	seconds, _, forever := tainteviction.MinTolerationTime([]core.Toleration{{TolerationSeconds: &written}}, []int{0})
	args := []string{"seconds", strconv.FormatInt(seconds, 10), "written", strconv.FormatInt(written, 10),
		"max", strconv.FormatInt(tainteviction.MaxDurationSeconds, 10)}
	switch {
	case written == math.MaxInt64:
		return toleratedNeverMaxInt64, args
	case written > tainteviction.MaxDurationSeconds && forever:
		return toleratedNeverOverflow, args
	case written > tainteviction.MaxDurationSeconds && seconds == 0:
		return toleratedNowOverflow, args
	case written > tainteviction.MaxDurationSeconds:
		return toleratedAfterOverflow, args
	case seconds == 0:
		return toleratedNow, args
	}
	return toleratedAfter, args
}

func untoleratedReason(taint *core.Taint, tolerations []core.Toleration, misses []NearMiss) message.Message {
	switch {
	case len(tolerations) == 0:
		return message.New(msgNotToleratedNoneAtAll)
	case len(misses) > 0:
		return message.Message{ID: notToleratedBecause[misses[0].ReasonMessage.ID], Args: misses[0].ReasonMessage.Args, Parts: misses[0].ReasonMessage.Parts}
	}
	key := strconv.Quote(taint.Key)
	for i := range tolerations {
		if tolerations[i].Key == "" || tolerations[i].Key == taint.Key {
			return message.New(msgNotToleratedManyFields, "key", key)
		}
	}
	return message.New(msgNotToleratedNoKey, "key", key)
}

// suggestToleration is the smallest toleration of exactly this taint's key:
// Equal on its value when it has one, else Exists.
func suggestToleration(taint *core.Taint) *core.Toleration {
	if taint.Value != "" {
		return &core.Toleration{Key: taint.Key, Operator: core.TolerationOpEqual, Value: taint.Value, Effect: taint.Effect}
	}
	return &core.Toleration{Key: taint.Key, Operator: core.TolerationOpExists, Effect: taint.Effect}
}
