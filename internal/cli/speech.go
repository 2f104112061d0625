package cli

import (
	"fmt"
	"io"
	"strconv"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// speech is the language a table speaks (Env.Language): the engine's
// explanations in it and the command line's own words around them.
type speech struct {
	// explanations renders the engine's messages; nil for English, which
	// the engine's report is written in already (explanations).
	explanations message.Catalog
	words        words.Words
}

// speechIn is the speech of a catalog language; English for "" or a
// language without words.
func speechIn(language string) *speech {
	w, err := words.Load(language)
	if err != nil {
		w, _ = words.Load("en")
	}
	return &speech{explanations: explanations(language), words: w}
}

// maxSaidArgs is the most name, value pairs a saying passes without an
// allocation for them.
const maxSaidArgs = 10

// say is the command line's sentence id with its placeholders filled: args
// are name, value pairs, each value written as printf writes an argument
// (text from the input made printable, a number as %v).
func (s *speech) say(id words.ID, args ...any) string {
	var room [2 * maxSaidArgs]string
	pairs := room[:0]
	for i, a := range args {
		if i%2 == 0 {
			pairs = append(pairs, a.(string))
			continue
		}
		switch v := a.(type) {
		case int:
			pairs = append(pairs, strconv.Itoa(v))
		case string:
			pairs = append(pairs, printable(v))
		default:
			pairs = append(pairs, fmt.Sprint(printableArg(a)))
		}
	}
	return s.words.Say(id, pairs...)
}

// write prints say's sentence.
func (s *speech) write(w io.Writer, id words.ID, args ...any) {
	io.WriteString(w, s.say(id, args...))
}

// line prints say's sentence and ends the line.
func (s *speech) line(w io.Writer, id words.ID, args ...any) {
	io.WriteString(w, s.say(id, args...))
	io.WriteString(w, "\n")
}

// render writes an engine explanation in the table's language, as
// translate writes the explanations that have an English text beside their
// message.
func (s *speech) render(m message.Message) string {
	if s.explanations == nil {
		return message.InEnglish(m)
	}
	return s.explanations.Render(m)
}
