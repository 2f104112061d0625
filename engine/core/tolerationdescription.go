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
	// One message.New per message, its arguments picked first: a call for
	// each case cost the WASM a kilobyte.
	id, args := msgTolerationOperator, []string{"key", t.Key, "operator", string(t.Operator), "value", t.Value}
	switch {
	case t.Key == "" && t.Operator == TolerationOpExists:
		id, args = msgTolerationAnyKey, nil
	case t.Operator == TolerationOpExists:
		id, args = msgTolerationKeyAnyValue, args[:2]
	case t.Key == "":
		id, args = msgTolerationAnyKeyWith, []string{"operator", string(EqualOperator(t.Operator)), "value", strconv.Quote(t.Value)}
	case t.Operator == "" || t.Operator == TolerationOpEqual:
		id, args = msgTolerationEqual, []string{"key", t.Key, "value", t.Value}
	}
	match := message.New(id, args...)
	id, args = msgTolerationDescribed, nil
	if t.Effect != "" {
		args = []string{"effect", string(t.Effect)}
	}
	if t.TolerationSeconds != nil {
		id, args = msgTolerationDescribedSeconds, append(args, "seconds", strconv.FormatInt(*t.TolerationSeconds, 10))
	}
	described := message.New(id, args...).With("match", match)
	if t.Effect == "" {
		described = described.With("effect", message.New(msgTolerationAnyEffect))
	}
	return described
}
