package wire

import (
	"slices"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// appendMessage appends `,"<name>":{"id":…,"args":{…},"parts":{…}}`, an
// explanation as data beside its English text, as encoding/json writes a
// message.Message field tagged omitzero: nothing for the zero message.
func appendMessage(b []byte, name string, m *message.Message) []byte {
	if m.ID == "" && m.Args == nil && m.Parts == nil {
		return b
	}
	return appendMessageObject(append(append(append(b, `,"`...), name...), `":`...), m)
}

// appendMessageObject appends m as a JSON object, its parts in name order.
func appendMessageObject(b []byte, m *message.Message) []byte {
	b = appendString(append(b, '{'), "id", string(m.ID))
	if len(m.Args) > 0 {
		b = appendStringMap(append(b, `,"args":`...), m.Args)
	}
	if len(m.Parts) > 0 {
		b = append(b, `,"parts":{`...)
		names := make([]string, 0, len(m.Parts))
		for name := range m.Parts {
			names = append(names, name)
		}
		slices.Sort(names)
		for i, name := range names {
			if i > 0 {
				b = append(b, ',')
			}
			part := m.Parts[name]
			b = appendMessageObject(append(core.AppendJSONQuote(b, name), ':'), &part)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}
