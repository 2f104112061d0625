package cli

import (
	"fmt"
	"io"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// speech is the language a table speaks (Env.Language): the engine's
// explanations in it and the command line's own words around them.
type speech struct {
	// explanations renders the engine's messages; nil for English, which
	// the engine's report is written in already (explanations).
	explanations message.Catalog
	words        message.Catalog
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

// say is the command line's sentence id with its placeholders filled: args
// are name, value pairs, each value written as printf writes an argument
// (text from the input made printable, a number as %v).
func (s *speech) say(id words.ID, args ...any) string {
	pairs := make([]string, len(args))
	for i, a := range args {
		if i%2 == 0 {
			pairs[i] = a.(string)
		} else {
			pairs[i] = fmt.Sprint(printableArg(a))
		}
	}
	return words.Say(s.words, id, pairs...)
}

// write prints say's sentence.
func (s *speech) write(w io.Writer, id words.ID, args ...any) {
	io.WriteString(w, s.say(id, args...))
}

// line prints say's sentence and ends the line.
func (s *speech) line(w io.Writer, id words.ID, args ...any) {
	io.WriteString(w, s.say(id, args...)+"\n")
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
