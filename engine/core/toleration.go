package core

import (
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/message"
)

// TolerationOperator is how a toleration compares its value with a taint's.
type TolerationOperator string

// The toleration operators. An empty operator means Equal everywhere; nothing
// defaults it. Lt and Gt need the TaintTolerationComparisonOperators gate.
const (
	TolerationOpEqual  TolerationOperator = "Equal"
	TolerationOpExists TolerationOperator = "Exists"
	TolerationOpLt     TolerationOperator = "Lt"
	TolerationOpGt     TolerationOperator = "Gt"
)

// Toleration mirrors core/v1 Toleration, plus where it came from.
type Toleration struct {
	Key      string             `json:"key,omitempty"`
	Operator TolerationOperator `json:"operator,omitempty"`
	Value    string             `json:"value,omitempty"`
	// Effect is empty to match every effect.
	Effect TaintEffect `json:"effect,omitempty"`
	// TolerationSeconds bounds how long a NoExecute taint is tolerated; nil means
	// forever, zero or negative means not at all (evict at once).
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`

	Source Source `json:"source"`
	// AddedBy names the admission plugin or controller that added the toleration,
	// such as "DefaultTolerationSeconds"; empty for tolerations in the pasted text.
	AddedBy string `json:"addedBy,omitempty"`
	// Why says, in one sentence, why AddedBy added it.
	Why string `json:"why,omitempty"`
	// WhyMessage is Why as data.
	WhyMessage message.Message `json:"whyMessage,omitzero"`
}

// Explain sets the toleration's Why, in English and as data.
func (t *Toleration) Explain(why message.Message) {
	t.Why, t.WhyMessage = message.InEnglish(why), why
}

// ToleratesTaint reports whether the toleration tolerates the taint, exactly as
// upstream core/v1 Toleration.ToleratesTaint does, checking in this order:
//
//  1. A non-empty effect must equal the taint's effect.
//  2. A non-empty key must equal the taint's key.
//  3. The operator decides: "" and Equal compare values as strings; Exists
//     matches any value; Lt and Gt compare canonical decimal int64 values
//     (taint < toleration, taint > toleration) and only when
//     comparisonOperators (the TaintTolerationComparisonOperators gate) is on;
//     any other operator never matches.
func (t *Toleration) ToleratesTaint(taint *Taint, comparisonOperators bool) bool {
	if len(t.Effect) > 0 && t.Effect != taint.Effect {
		return false
	}
	if len(t.Key) > 0 && t.Key != taint.Key {
		return false
	}
	switch t.Operator {
	case "", TolerationOpEqual:
		return t.Value == taint.Value
	case TolerationOpExists:
		return true
	case TolerationOpLt, TolerationOpGt:
		if !comparisonOperators {
			return false
		}
		tol, ok := ParseDecimalInt64(t.Value)
		if !ok {
			return false
		}
		tnt, ok := ParseDecimalInt64(taint.Value)
		if !ok {
			return false
		}
		if t.Operator == TolerationOpLt {
			return tnt < tol
		}
		return tnt > tol
	default:
		return false
	}
}

// ParseDecimalInt64 accepts what the Lt/Gt operators accept: a canonical decimal
// integer (no sign but '-', no leading zeros) within int64.
func ParseDecimalInt64(s string) (int64, bool) {
	if !isCanonicalDecimal(s) {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// isCanonicalDecimal is content.IsDecimalInteger(s) == nil without building the
// error messages: matching runs for every pod × node × taint, and a non-numeric
// value must not allocate there.
func isCanonicalDecimal(s string) bool {
	digits := strings.TrimPrefix(s, "-")
	if digits == "0" {
		return s == "0"
	}
	if digits == "" || digits[0] < '1' || digits[0] > '9' {
		return false
	}
	for i := 1; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// MatchToleration reports whether two tolerations have the same key, operator,
// value and effect; tolerationSeconds is ignored. Admission uses it to replace a
// toleration in place (upstream Toleration.MatchToleration).
func (t *Toleration) MatchToleration(other *Toleration) bool {
	return t.Key == other.Key && t.Effect == other.Effect &&
		t.Operator == other.Operator && t.Value == other.Value
}

// TolerationsTolerateTaint reports whether any toleration tolerates the taint.
func TolerationsTolerateTaint(tolerations []Toleration, taint *Taint, comparisonOperators bool) bool {
	return FirstTolerating(tolerations, taint, comparisonOperators) >= 0
}

// FirstTolerating returns the index of the first toleration, in pod order, that
// tolerates the taint, or -1. The eviction controller uses this one toleration's
// tolerationSeconds, so order matters.
func FirstTolerating(tolerations []Toleration, taint *Taint, comparisonOperators bool) int {
	for i := range tolerations {
		if tolerations[i].ToleratesTaint(taint, comparisonOperators) {
			return i
		}
	}
	return -1
}

// FindMatchingUntoleratedTaint walks taints in node order, skipping those that
// include rejects (nil keeps all), and returns the index of the first one no
// toleration tolerates, or -1 (upstream component-helpers of the same name).
func FindMatchingUntoleratedTaint(taints []Taint, tolerations []Toleration, include func(*Taint) bool, comparisonOperators bool) int {
	for i := range taints {
		if include != nil && !include(&taints[i]) {
			continue
		}
		if !TolerationsTolerateTaint(tolerations, &taints[i], comparisonOperators) {
			return i
		}
	}
	return -1
}

// EqualOperator spells the empty operator as Equal, which it means.
func EqualOperator(op TolerationOperator) TolerationOperator {
	if op == "" {
		return TolerationOpEqual
	}
	return op
}
