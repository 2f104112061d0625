package engine

import (
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// The IDs of the workshop goals' sentences (GoalResult.Why). Arguments: pod,
// node, bound and class as the API writes them; score, seconds, min, max,
// count and line numbers; editor the input's editor; message the API
// server's own, verbatim. Parts: reason and eviction, the engine's own
// reasons; wanted, what an eviction goal asks for; toleration, scope and
// key; result, the sentence an unmet goal's wish follows.
const (
	msgGoalNoPod         message.ID = "goal.no-pod"
	msgGoalNoNode        message.ID = "goal.no-node"
	msgGoalQOS           message.ID = "goal.qos"
	msgGoalRefused       message.ID = "goal.refused"
	msgGoalRefusedLine   message.ID = "goal.refused.line"
	msgGoalValid         message.ID = "goal.valid"
	msgGoalRival         message.ID = "goal.best-node.rival"
	msgGoalBest          message.ID = "goal.best-node.met"
	msgGoalUnbound       message.ID = "goal.eviction.unbound"
	msgGoalElsewhere     message.ID = "goal.eviction.elsewhere"
	msgGoalEviction      message.ID = "goal.eviction"
	msgGoalUnmet         message.ID = "goal.unmet"
	msgWantsNone         message.ID = "goal.wants.none"
	msgWantsNever        message.ID = "goal.wants.never"
	msgWantsNow          message.ID = "goal.wants.now"
	msgWantsExactly      message.ID = "goal.wants.exactly"
	msgWantsBetween      message.ID = "goal.wants.between"
	msgWantsAtLeast      message.ID = "goal.wants.at-least"
	msgWantsAtMost       message.ID = "goal.wants.at-most"
	msgWantsAfter        message.ID = "goal.wants.after"
	msgGoalWildcard      message.ID = "goal.wildcard"
	msgGoalWildcardLine  message.ID = "goal.wildcard.line"
	msgGoalNoWildcard    message.ID = "goal.no-wildcard"
	msgScopeEveryTaint   message.ID = "goal.scope.every-taint"
	msgScopeEveryEffect  message.ID = "goal.scope.every-effect"
	msgToleration        message.ID = "goal.toleration"
	msgTolerationAddedBy message.ID = "goal.toleration.added-by"
	msgKeyEmpty          message.ID = "goal.key.empty"
	msgGoalKey           message.ID = "goal.key"
	msgWritten           message.ID = "goal.written"
	msgWrittenLines      message.ID = "goal.written.lines"
	msgWrittenKey        message.ID = "goal.written.key"
	msgWrittenKeyLines   message.ID = "goal.written.key.lines"
	msgDeviceNotRunning  message.ID = "goal.device.not-running"
	msgDeviceNoVerdict   message.ID = "goal.device.no-verdict"
	msgDeviceNone        message.ID = "goal.device.none"
	msgDeviceNever       message.ID = "goal.device.never"
	msgDeviceNow         message.ID = "goal.device.now"
	msgDeviceAfter       message.ID = "goal.device.after"
)

// writtenIDs is checkWrittenTolerations' sentence, by whether the goal names
// a key and whether any toleration counts.
var writtenIDs = [2][2]message.ID{{msgWritten, msgWrittenLines}, {msgWrittenKey, msgWrittenKeyLines}}

// goalResult is a goal's verdict with its sentence, in English and as data.
func goalResult(met bool, why message.Message) GoalResult {
	return GoalResult{Met: met, Why: message.InEnglish(why), WhyMessage: why}
}

// evictionResult is an eviction goal's verdict: the controller's sentence,
// and, when the goal is not met, what it wants.
func (g *Goal) evictionResult(met bool, said message.Message) GoalResult {
	if !met {
		said = message.New(msgGoalUnmet).With("result", said).With("wanted", g.wantedEviction())
	}
	return goalResult(met, said)
}

// refused names the first error the API server would answer, where it is
// and its message: the engine's own as a part, the API server's verbatim.
func refused(d *core.Diagnostic) message.Message {
	var said []string
	if d.MessageMessage.ID == "" {
		said = []string{"message", d.Message}
	}
	m := withLine(msgGoalRefused, msgGoalRefusedLine, d.Source.Line, append(said, "editor", d.Source.Editor)...)
	if d.MessageMessage.ID != "" {
		m = m.With("message", d.MessageMessage)
	}
	return m
}

// withLine is the message id, or lineID with the line when the line is
// known.
func withLine(id, lineID message.ID, line int, args ...string) message.Message {
	if line <= 0 {
		return message.New(id, args...)
	}
	return message.New(lineID, append(args, "line", strconv.Itoa(line))...)
}

// tolerationName names a toleration by its number and the plugin that added
// it, if one did, as the taint reasons do.
func tolerationName(t *core.Toleration, i int) message.Message {
	if t.AddedBy != "" {
		return message.New(msgTolerationAddedBy, "n", strconv.Itoa(i+1), "plugin", t.AddedBy)
	}
	return message.New(msgToleration, "n", strconv.Itoa(i+1))
}

// quoteKey shows an empty key as such rather than as nothing.
func quoteKey(key string) message.Message {
	if key == "" {
		return message.New(msgKeyEmpty)
	}
	return message.New(msgGoalKey, "key", key)
}
