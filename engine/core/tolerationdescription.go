package core

import (
	"strconv"

	"github.com/taint-playground/taint-playground/engine/message"
)

// The IDs of a toleration's description: what it matches, then its effect,
// then, if it has them, its tolerationSeconds. Arguments: key, operator and
// value as the API writes them (value quoted when there is no key).
const (
	msgTolerationDescribed        message.ID = "toleration.described"
	msgTolerationDescribedSeconds message.ID = "toleration.described.seconds"
	msgTolerationAnyKey           message.ID = "toleration.match.any-key"
	msgTolerationKeyAnyValue      message.ID = "toleration.match.key-any-value"
	msgTolerationAnyKeyWith       message.ID = "toleration.match.any-key-with"
	msgTolerationEqual            message.ID = "toleration.match.equal"
	msgTolerationOperator         message.ID = "toleration.match.operator"
	msgTolerationAnyEffect        message.ID = "toleration.effect.any"
)

// TolerationDescription describes a toleration compactly, as a message that
// other messages hold as a part, such as "key1=value1, NoSchedule", "any
// key, any effect" or "node.kubernetes.io/not-ready with any value,
// NoExecute, for 300s".
func TolerationDescription(t *Toleration) message.Message {
	var match message.Message
	switch {
	case t.Key == "" && t.Operator == TolerationOpExists:
		match = message.New(msgTolerationAnyKey)
	case t.Operator == TolerationOpExists:
		match = message.New(msgTolerationKeyAnyValue, "key", t.Key)
	case t.Key == "":
		match = message.New(msgTolerationAnyKeyWith, "operator", string(EqualOperator(t.Operator)), "value", strconv.Quote(t.Value))
	case t.Operator == "" || t.Operator == TolerationOpEqual:
		match = message.New(msgTolerationEqual, "key", t.Key, "value", t.Value)
	default:
		match = message.New(msgTolerationOperator, "key", t.Key, "operator", string(t.Operator), "value", t.Value)
	}
	described := message.New(msgTolerationDescribed, "effect", string(t.Effect))
	if t.TolerationSeconds != nil {
		described = message.New(msgTolerationDescribedSeconds, "effect", string(t.Effect), "seconds", strconv.FormatInt(*t.TolerationSeconds, 10))
	}
	if t.Effect == "" {
		described = described.With("effect", message.New(msgTolerationAnyEffect))
		delete(described.Args, "effect")
	}
	return described.With("match", match)
}
