package chromatoken

import (
	"github.com/alecthomas/chroma/v2"

	"github.com/taint-playground/taint-playground/wasm/highlight"
)

// Lexer is the highlighter's hand-written lexer (highlight.Tokenise) as a
// chroma.Lexer, for chroma's formatters: a terminal, an HTML page or a test
// that compares with chroma's own output.
var Lexer chroma.Lexer = lexer{}

// lexer is Lexer; it has no state.
type lexer struct{}

var config = &chroma.Config{Name: "Kubernetes taints"}

func (lexer) Config() *chroma.Config { return config }

// SetRegistry keeps the lexer as it is: it delegates to no other lexer.
func (l lexer) SetRegistry(*chroma.LexerRegistry) chroma.Lexer { return l }

// SetAnalyser keeps the lexer as it is: it is never picked by content.
func (l lexer) SetAnalyser(func(string) float32) chroma.Lexer { return l }

func (lexer) AnalyseText(string) float32 { return 0 }

// Tokenise reads text as chroma's own lexers do: line breaks become "\n"
// unless options turn EnsureLF off, which this lexer cannot honour (it reads
// lines), so it always does.
func (lexer) Tokenise(_ *chroma.TokeniseOptions, input string) (chroma.Iterator, error) {
	return chroma.Literator(Tokens(highlight.Tokenise(input))...), nil
}
