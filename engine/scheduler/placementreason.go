package scheduler

import (
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// The IDs of PlacementReason's sentences. Arguments: names, keys and
// operators as the API writes them, values quoted (strconv.Quote), index a
// list index from 0, requirement "key Operator [v1 v2]", problem upstream's
// validation message, verbatim. Parts: label, term, terms.
const (
	msgPlacementNodeName     message.ID = "placement.node-name"
	msgPlacementNodeSelector message.ID = "placement.node-selector"
	msgPlacementLabelHas     message.ID = "placement.label.has"
	msgPlacementLabelMissing message.ID = "placement.label.missing"
	msgPlacementNoTerms      message.ID = "placement.affinity.no-terms"
	msgPlacementOneTerm      message.ID = "placement.affinity.one-term"
	msgPlacementTerms        message.ID = "placement.affinity.terms"
	msgPlacementTermNumbered message.ID = "placement.affinity.term"
	msgTermEmpty             message.ID = "placement.term.empty"
	msgTermInvalidExpression message.ID = "placement.term.invalid-expression"
	msgTermInvalidField      message.ID = "placement.term.invalid-field"
	msgTermExpressionFails   message.ID = "placement.term.expression-fails"
	msgTermFieldFails        message.ID = "placement.term.field-fails"
	msgTermMatches           message.ID = "placement.term.matches"
)

// PlacementReason names, in one sentence, the first of spec.nodeName,
// nodeSelector and required node affinity that keeps the pod off the node, or
// returns the zero message when all of them match.
func PlacementReason(pod *core.Pod, node *core.Node) message.Message {
	placement := MatchPlacement(pod, node)
	switch {
	case !placement.NodeName:
		return message.New(msgPlacementNodeName, "nodeName", strconv.Quote(pod.NodeName), "node", strconv.Quote(node.Name))
	case !placement.NodeSelector:
		key := firstSelectorMismatch(pod.NodeSelector, node.Labels)
		return message.New(msgPlacementNodeSelector, "key", key, "value", pod.NodeSelector[key]).With("label", describeLabel(node, key))
	case !placement.Affinity:
		return affinityReason(pod.RequiredAffinity.Terms, node)
	}
	return message.Message{}
}

// affinityReason explains why no required node affinity term matches.
func affinityReason(terms []core.NodeSelectorTerm, node *core.Node) message.Message {
	if len(terms) == 0 {
		return message.New(msgPlacementNoTerms)
	}
	if len(terms) == 1 {
		return message.New(msgPlacementOneTerm).With("term", termReason(&terms[0], node))
	}
	reasons := make([]message.Message, len(terms))
	for i := range terms {
		reasons[i] = message.New(msgPlacementTermNumbered, "index", strconv.Itoa(i)).With("term", termReason(&terms[i], node))
	}
	return message.New(msgPlacementTerms, "count", strconv.Itoa(len(terms))).With("terms", message.Joined(reasons))
}

// termReason says why one term does not match, naming the first requirement
// (in written order) that is invalid or fails.
func termReason(term *core.NodeSelectorTerm, node *core.Node) message.Message {
	if len(term.MatchExpressions) == 0 && len(term.MatchFields) == 0 {
		return message.New(msgTermEmpty)
	}
	for i := range term.MatchExpressions {
		r := &term.MatchExpressions[i]
		if problem := expressionProblem(r); problem != noProblem {
			return message.New(msgTermInvalidExpression, "index", strconv.Itoa(i), "requirement", describeRequirement(r), "problem", describeExpressionProblem(r, problem))
		}
	}
	for i := range term.MatchFields {
		r := &term.MatchFields[i]
		if problem := fieldProblem(r); problem != noProblem {
			return message.New(msgTermInvalidField, "index", strconv.Itoa(i), "requirement", describeRequirement(r), "problem", describeFieldProblem(r, problem))
		}
	}
	for i := range term.MatchExpressions {
		r := &term.MatchExpressions[i]
		if !expressionMatches(r, node.Labels) {
			return message.New(msgTermExpressionFails, "index", strconv.Itoa(i), "requirement", describeRequirement(r)).With("label", describeLabel(node, r.Key))
		}
	}
	for i := range term.MatchFields {
		r := &term.MatchFields[i]
		if !fieldMatches(r, node.Name) {
			return message.New(msgTermFieldFails, "index", strconv.Itoa(i), "requirement", describeRequirement(r), "key", r.Key, "value", strconv.Quote(fieldValue(r.Key, node.Name)))
		}
	}
	return message.New(msgTermMatches)
}

func fieldValue(key, nodeName string) string {
	if key == nodeNameField {
		return nodeName
	}
	return ""
}

// describeRequirement renders a requirement as "key Operator [v1 v2]".
func describeRequirement(r *core.NodeSelectorRequirement) string {
	if len(r.Values) == 0 {
		return r.Key + " " + r.Operator
	}
	return r.Key + " " + r.Operator + " [" + strings.Join(r.Values, " ") + "]"
}

// describeLabel says what the node has under a label key.
func describeLabel(node *core.Node, key string) message.Message {
	if value, ok := node.Labels[key]; ok {
		return message.New(msgPlacementLabelHas, "key", key, "value", strconv.Quote(value))
	}
	return message.New(msgPlacementLabelMissing, "key", key)
}
