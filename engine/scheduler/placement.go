package scheduler

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Node selector operators (core/v1 NodeSelectorOperator).
const (
	NodeSelectorOpIn           = "In"
	NodeSelectorOpNotIn        = "NotIn"
	NodeSelectorOpExists       = "Exists"
	NodeSelectorOpDoesNotExist = "DoesNotExist"
	NodeSelectorOpGt           = "Gt"
	NodeSelectorOpLt           = "Lt"
)

// nodeNameField is the only field a node exposes to matchFields.
const nodeNameField = "metadata.name"

// MatchPlacement checks what attracts the pod to the node besides tolerations,
// as the scheduler's NodeName and NodeAffinity plugins do. It allocates
// nothing: it runs for every pod × node.
//
//  1. spec.nodeName, when set, must be the node's name.
//  2. Every nodeSelector label must be on the node with the same value.
//  3. Required node affinity (component-helpers nodeaffinity): the terms are
//     ORed and a term's requirements ANDed; an empty term, or a term with an
//     invalid requirement, matches nothing, so zero terms match no node.
func MatchPlacement(pod *core.Pod, node *core.Node) Placement {
	return placementWith(pod, node, len(pod.NodeSelector) == 0 || selectorMatches(pod.NodeSelector, node.Labels))
}

// placementWith is MatchPlacement given the nodeSelector's answer, which
// PodFilters computes without iterating the pod's map for every node.
func placementWith(pod *core.Pod, node *core.Node, nodeSelector bool) Placement {
	return Placement{
		NodeName:     pod.NodeName == "" || pod.NodeName == node.Name,
		NodeSelector: nodeSelector,
		Affinity:     pod.RequiredAffinity == nil || matchesAnyTerm(pod.RequiredAffinity.Terms, node),
	}
}

// firstSelectorMismatch returns the first nodeSelector key, in key order, whose
// label the node lacks or has with another value; "" when all match. Upstream
// builds the selector without validating it, so any key and value compare as
// plain strings.
func firstSelectorMismatch(selector, labels map[string]string) string {
	mismatch := ""
	for key, want := range selector {
		if got, ok := labels[key]; (!ok || got != want) && (mismatch == "" || key < mismatch) {
			mismatch = key
		}
	}
	return mismatch
}

// selectorMatches reports whether the node has every nodeSelector label with
// its value: firstSelectorMismatch == "", without ordering the keys.
func selectorMatches(selector, labels map[string]string) bool {
	for key, want := range selector {
		if got, ok := labels[key]; !ok || got != want {
			return false
		}
	}
	return true
}

func matchesAnyTerm(terms []core.NodeSelectorTerm, node *core.Node) bool {
	for i := range terms {
		if termMatches(&terms[i], node) {
			return true
		}
	}
	return false
}

// termMatches reports whether one nodeSelectorTerm matches the node.
func termMatches(term *core.NodeSelectorTerm, node *core.Node) bool {
	if len(term.MatchExpressions) == 0 && len(term.MatchFields) == 0 {
		return false
	}
	// A requirement that does not parse fails its whole term, whatever the
	// others say, so validity is checked before matching.
	for i := range term.MatchExpressions {
		if expressionProblem(&term.MatchExpressions[i]) != noProblem {
			return false
		}
	}
	for i := range term.MatchFields {
		if fieldProblem(&term.MatchFields[i]) != noProblem {
			return false
		}
	}
	for i := range term.MatchExpressions {
		if !expressionMatches(&term.MatchExpressions[i], node.Labels) {
			return false
		}
	}
	// Upstream skips matchFields for a node without a name: it has no fields.
	if node.Name == "" {
		return true
	}
	for i := range term.MatchFields {
		if !fieldMatches(&term.MatchFields[i], node.Name) {
			return false
		}
	}
	return true
}

// requirementProblem says why a requirement does not parse.
type requirementProblem int

const (
	noProblem requirementProblem = iota
	problemKey
	problemOperator
	problemValueCount
	problemValue
	problemInteger
)

// expressionProblem checks a matchExpressions requirement as upstream's
// labels.NewRequirement does: a valid label key, a known operator, values
// that suit it (In and NotIn need some, Exists and DoesNotExist none, Gt and
// Lt exactly one integer), and every value a valid label value.
func expressionProblem(r *core.NodeSelectorRequirement) requirementProblem {
	if !core.IsLabelKey(r.Key) {
		return problemKey
	}
	switch r.Operator {
	case NodeSelectorOpIn, NodeSelectorOpNotIn:
		if len(r.Values) == 0 {
			return problemValueCount
		}
	case NodeSelectorOpExists, NodeSelectorOpDoesNotExist:
		if len(r.Values) != 0 {
			return problemValueCount
		}
	case NodeSelectorOpGt, NodeSelectorOpLt:
		if len(r.Values) != 1 {
			return problemValueCount
		}
		if _, ok := parseInt64(r.Values[0]); !ok {
			return problemInteger
		}
	default:
		return problemOperator
	}
	for _, v := range r.Values {
		if !core.IsLabelValue(v) {
			return problemValue
		}
	}
	return noProblem
}

// fieldProblem checks a matchFields requirement: In or NotIn with exactly one
// value. Upstream validates neither the key nor the value here.
func fieldProblem(r *core.NodeSelectorRequirement) requirementProblem {
	switch r.Operator {
	case NodeSelectorOpIn, NodeSelectorOpNotIn:
		if len(r.Values) != 1 {
			return problemValueCount
		}
		return noProblem
	default:
		return problemOperator
	}
}

// expressionMatches applies a valid matchExpressions requirement to labels.
func expressionMatches(r *core.NodeSelectorRequirement, labels map[string]string) bool {
	value, has := labels[r.Key]
	switch r.Operator {
	case NodeSelectorOpIn:
		return has && slices.Contains(r.Values, value)
	case NodeSelectorOpNotIn:
		return !has || !slices.Contains(r.Values, value)
	case NodeSelectorOpExists:
		return has
	case NodeSelectorOpDoesNotExist:
		return !has
	default: // Gt, Lt
		if !has {
			return false
		}
		label, ok := parseInt64(value)
		if !ok {
			return false
		}
		bound, _ := parseInt64(r.Values[0])
		if r.Operator == NodeSelectorOpGt {
			return label > bound
		}
		return label < bound
	}
}

// fieldMatches applies a valid matchFields requirement to a named node: the
// node's only field is metadata.name, and any other key reads as "".
func fieldMatches(r *core.NodeSelectorRequirement, nodeName string) bool {
	field := ""
	if r.Key == nodeNameField {
		field = nodeName
	}
	if r.Operator == NodeSelectorOpIn {
		return field == r.Values[0]
	}
	return field != r.Values[0]
}

// parseInt64 accepts what strconv.ParseInt(s, 10, 64) accepts (an optional
// sign, decimal digits, leading zeros allowed) without allocating the error
// that ParseInt allocates on failure.
func parseInt64(s string) (int64, bool) {
	digits := s
	neg := false
	if digits != "" && (digits[0] == '+' || digits[0] == '-') {
		neg = digits[0] == '-'
		digits = digits[1:]
	}
	if digits == "" {
		return 0, false
	}
	var magnitude uint64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if !core.IsDecimalDigit(c) {
			return 0, false
		}
		if magnitude > (1<<63)/10 {
			return 0, false
		}
		magnitude = magnitude*10 + uint64(c-'0')
		if magnitude > 1<<63 {
			return 0, false
		}
	}
	switch {
	case neg && magnitude == 1<<63:
		return math.MinInt64, true
	case magnitude > math.MaxInt64:
		return 0, false
	case neg:
		return -int64(magnitude), true
	default:
		return int64(magnitude), true
	}
}

// describeExpressionProblem explains an invalid matchExpressions requirement
// with upstream's wording.
func describeExpressionProblem(r *core.NodeSelectorRequirement, problem requirementProblem) string {
	switch problem {
	case problemKey:
		return "invalid key: " + strings.Join(content.IsLabelKey(r.Key), "; ")
	case problemOperator:
		return fmt.Sprintf(`unsupported operator %q: supported values: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"`, r.Operator)
	case problemValueCount:
		switch r.Operator {
		case NodeSelectorOpExists, NodeSelectorOpDoesNotExist:
			return "values set must be empty for exists and does not exist"
		case NodeSelectorOpGt, NodeSelectorOpLt:
			return "for 'Gt', 'Lt' operators, exactly one value is required"
		default:
			return "for 'in', 'notin' operators, values set can't be empty"
		}
	case problemInteger:
		return "for 'Gt', 'Lt' operators, the value must be an integer"
	default:
		for _, v := range r.Values {
			if msgs := content.IsLabelValue(v); len(msgs) > 0 {
				return fmt.Sprintf("invalid value %q: %s", v, strings.Join(msgs, "; "))
			}
		}
		return "invalid value"
	}
}

// describeFieldProblem explains an invalid matchFields requirement with
// upstream's wording.
func describeFieldProblem(r *core.NodeSelectorRequirement, problem requirementProblem) string {
	if problem == problemOperator {
		return fmt.Sprintf(`unsupported operator %q: supported values: "In", "NotIn"`, r.Operator)
	}
	return "values must have one element"
}

// Placement reports the pod's spec.nodeName, nodeSelector and required node
// affinity against one node: tolerations permit, these attract.
type Placement struct {
	// NodeName is false when spec.nodeName names another node.
	NodeName bool `json:"nodeName"`
	// NodeSelector and Affinity are false when they exist and do not match.
	NodeSelector bool `json:"nodeSelector"`
	Affinity     bool `json:"affinity"`
}
