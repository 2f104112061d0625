package wire

import "github.com/taint-playground/taint-playground/engine/message"

// appendMessage appends `,"<name>":{"id":…,"args":{…}}`, an explanation as
// data beside its English text, as encoding/json writes a message.Message
// field tagged omitzero: nothing for the zero message.
func appendMessage(b []byte, name string, m *message.Message) []byte {
	if m.ID == "" && m.Args == nil {
		return b
	}
	b = append(append(append(b, `,"`...), name...), `":{`...)
	b = appendString(b, "id", string(m.ID))
	if len(m.Args) > 0 {
		b = appendStringMap(append(b, `,"args":`...), m.Args)
	}
	return append(b, '}')
}
