package message

// msgJoined is a list of sentence parts, the first and the rest.
const msgJoined ID = "list.joined"

// Joined is parts as one message, each after the one before and a
// semicolon, so that a list of the engine's clauses (the affinity terms
// that fail, a value's lookalike characters) stays data of any length.
// It is the zero message for no parts.
func Joined(parts []Message) Message {
	switch len(parts) {
	case 0:
		return Message{}
	case 1:
		return parts[0]
	}
	return New(msgJoined).With("first", parts[0]).With("rest", Joined(parts[1:]))
}
