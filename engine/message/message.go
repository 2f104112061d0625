// Package message holds the engine's explanations as data: an ID and named
// arguments, which a catalog per language renders into a sentence. The
// engine says what happened; the page and the command line say it in the
// reader's language, from the same catalogs (issue 24), as kubectl's own
// messages go through k8s.io/kubectl/pkg/util/i18n. Upstream's components'
// own messages (the apiserver's, the scheduler's) are never IDs: they stay
// verbatim. Only English lives in this package (the engine writes its English
// text with it); the other languages live in package catalog, which the WASM
// does not link.
package message

import (
	"maps"
	"strings"
)

// ID names one sentence of every catalog, such as "device.evicted.after".
// IDs are stable: the page, the command line and the JSON report key on them.
type ID string

// Message is one explanation: the sentence ID and the values of its
// placeholders, each already written as the API writes it (a taint as
// key=value:Effect, a duration in seconds), never translated. A placeholder
// that is itself a sentence of the engine (the eviction's reason inside a
// cell's, a toleration described inside a taint's) is a Part: a message the
// same catalog renders, so that no English is carried inside another
// language's sentence.
type Message struct {
	ID    ID                 `json:"id"`
	Args  map[string]string  `json:"args,omitempty"`
	Parts map[string]Message `json:"parts,omitempty"`
}

// New is a Message with args given as name, value pairs; an odd trailing name
// is ignored. It is never inlined: the engine calls it from dozens of places,
// and a copy of its map building at each cost the WASM 3.7 KB brotli.
//
//go:noinline
func New(id ID, args ...string) Message {
	m := Message{ID: id}
	if len(args) > 1 {
		m.Args = make(map[string]string, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			m.Args[args[i]] = args[i+1]
		}
	}
	return m
}

// With is m with the placeholder name filled by the sentence part. Like
// New, it is never inlined: the engine calls it from dozens of places.
//
//go:noinline
func (m Message) With(name string, part Message) Message {
	parts := make(map[string]Message, len(m.Parts)+1)
	maps.Copy(parts, m.Parts)
	parts[name] = part
	m.Parts = parts
	return m
}

// Catalog maps each ID to its template in one language: text with {name}
// placeholders for the message's arguments.
type Catalog map[ID]string

// Render writes m in the catalog's language, its parts too. A missing ID renders as the ID
// itself and a missing argument as its placeholder, so a gap in a catalog is
// visible (and caught by the catalogs' completeness test) rather than blank.
func (c Catalog) Render(m Message) string {
	template, ok := c[m.ID]
	if !ok {
		return string(m.ID)
	}
	if len(m.Args) == 0 && len(m.Parts) == 0 || !strings.Contains(template, "{") {
		return template
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(template, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(template[open:], '}')
		if end < 0 {
			break
		}
		name, lower := strings.CutSuffix(template[open+1:open+end], LowerFirst)
		b.WriteString(template[:open])
		if value, ok := m.Args[name]; ok {
			b.WriteString(value)
		} else if part, ok := m.Parts[name]; ok {
			b.WriteString(lowerFirst(c.Render(part), lower))
		} else {
			b.WriteString(template[open : open+end+1])
		}
		template = template[open+end+1:]
	}
	b.WriteString(template)
	return b.String()
}

// LowerFirst ends a placeholder, {name|lower}, whose part goes on a sentence
// after a colon and so starts in lower case, as English and Portuguese
// write "Pod web runs on node a: the NoExecute taint …". It lowers an ASCII
// letter only.
const LowerFirst = "|lower"

func lowerFirst(sentence string, lower bool) string {
	if !lower || sentence == "" || sentence[0] < 'A' || sentence[0] > 'Z' {
		return sentence
	}
	return string(sentence[0]+'a'-'A') + sentence[1:]
}
