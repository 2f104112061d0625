package api

import (
	"encoding/json"
	"errors"
)

// Envelope is the shape of every answer the page receives.
type Envelope struct {
	OK    bool   `json:"ok"`
	Value any    `json:"value,omitempty"`
	Error *Error `json:"error,omitempty"`
}

// Error is a failure the page can show and point at. Line is 1-based in the
// input the error is about, 0 when it is not about a line; Field names the
// argument or the API field, "" when none applies.
type Error struct {
	Message string `json:"message"`
	Line    int    `json:"line"`
	Field   string `json:"field"`
}

func (e *Error) Error() string { return e.Message }

// Encoded is the JSON of a whole answer, {"ok":true,"value":…}, whose value
// its producer wrote, valid by construction and checked by the producer's
// tests: Respond passes it on as it is. encoding/json would pass over every
// byte again (it validates and compacts even a json.RawMessage), which for
// the highlighter's megabyte of HTML took longer than highlighting, and
// copying the value into an envelope would allocate it twice.
type Encoded []byte

// encode is the answer whose value write appends, as JSON, to what it is
// given: a buffer with room for about size bytes of value, so that a large
// answer is not copied at every doubling of a growing one.
func encode(size int, write func(dst []byte) ([]byte, error)) (Encoded, error) {
	const head = `{"ok":true,"value":`
	answer, err := write(append(make([]byte, 0, len(head)+size+1), head...))
	if err != nil {
		return nil, err
	}
	return append(answer, '}'), nil
}

// Respond encodes the outcome of a call as an Envelope. The JSON goes to the
// page in one piece, so a value that cannot be encoded becomes an error too.
func Respond(value any, err error) []byte {
	if encoded, ok := value.(Encoded); ok && err == nil {
		return encoded
	}
	env := Envelope{OK: err == nil, Value: value}
	if err != nil {
		env.Value = nil
		env.Error = asError(err)
	}
	data, marshalErr := json.Marshal(env)
	if marshalErr != nil {
		data, _ = json.Marshal(Envelope{Error: &Error{Message: "encoding the answer: " + marshalErr.Error()}})
	}
	return data
}

// asError keeps an *Error as it is and wraps any other error's message.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Message: err.Error()}
}
