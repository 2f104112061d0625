package api

import (
	"strconv"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
	"github.com/taint-playground/taint-playground/engine/message"
)

// ruleArgs are whatIfRule's argument: the text of rule.yaml.
type ruleArgs struct {
	Rule string `json:"rule"`
}

// RuleRadius is whatIfRule's answer: the engine's DeviceRuleRadius, its
// reason in English (Reason, which shadows the embedded message in JSON)
// beside the same sentence as data (ReasonMessage), as every explanation of
// the page's answers is, for the catalog of the reader's language.
type RuleRadius struct {
	*engine.DeviceRuleRadius
	Reason        string          `json:"reason"`
	ReasonMessage message.Message `json:"reasonMessage"`
}

// whatIfRule takes {rule}, the YAML of one DeviceTaintRule, and answers its
// blast radius on the devices of the last evaluated workspace
// (engine.DeviceRuleWhatIf), replacing a rule of the same name: what
// `kubectl apply -f rule.yaml` would do. The rule is read as the Nodes
// editor reads one (strict fields, the apiserver's validation); the first
// error is the answer's, with its line in the rule's text and its field.
func (s *Session) whatIfRule(w *engine.Workspace, args *ruleArgs) (any, error) {
	_, inventory, diagnostics := manifest.DecodeInventory(args.Rule, core.NewProblemCap())
	for _, d := range diagnostics {
		if d.Severity == core.SeverityError {
			return nil, &Error{Message: d.Message, Line: d.Source.Line, Field: d.Source.Field}
		}
	}
	if n := len(inventory.DeviceTaintRules); n != 1 {
		return nil, &Error{Message: "whatIfRule: the text holds " + strconv.Itoa(n) + " DeviceTaintRules; give one", Field: "rule"}
	}
	radius := engine.DeviceRuleWhatIf(w.DeviceInput(w.Now), inventory.DeviceTaintRules[0])
	return RuleRadius{DeviceRuleRadius: &radius, Reason: message.InEnglish(radius.Reason), ReasonMessage: radius.Reason}, nil
}
