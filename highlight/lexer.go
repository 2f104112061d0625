package highlight

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// lexer reads an editor's text, a line at a time, in one of four forms that
// the line's start decides:
//
//   - a line of nothing but taint specs (key=value:Effect, key:Effect, key-,
//     …), with the words `kubectl describe` prints after a toleration (op=Exists,
//     for 300s, <none>) and a comment: the specs of a bare list;
//   - `kubectl …`, maybe indented: a `kubectl taint nodes` command, its flags,
//     node names, selectors and specs;
//   - `Taints:` or `Tolerations:` at the start: the rest is read as specs, the
//     lines of `kubectl describe`;
//   - anything else is YAML or JSON: keys, plain and quoted scalars, flow
//     punctuation, comments, block indicators, anchors, aliases and tags,
//     after a `---` or `...` document marker if the line starts with one.
//
// It is written out by hand against chroma's Lexer interface, so chroma's
// formatter and token types colour the text without a regular expression run:
// the linker leaves regexp2's matcher out of the WASM (TestRegexEngineNotLinked
// in package wasm), and every line is read in time linear in its length. Its tokens are exactly those of the regular-expression lexer it
// replaced (regexlexer_test.go, the oracle of TestLexerAgreesWithRegexLexer),
// quirks included, so the page looks the same: for one, a control or Unicode
// space other than space and tab in a kubectl or spec line is an Error token.
// The engine judges the input; the lexer only colours it.
//
// The highlighter calls its tokens method, never Tokenise through the
// chroma.Lexer interface: a call through the interface would make the linker
// keep the Tokenise of chroma's RegexLexer too, which chroma's package
// initialisation reaches, and with it regexp2.
var lexer = lineLexer{}

// lineLexer is chroma.Lexer for the editors' text; see lexer.
type lineLexer struct{}

var _ chroma.Lexer = lineLexer{}

var lexerConfig = &chroma.Config{Name: "Kubernetes taints"}

func (lineLexer) Config() *chroma.Config { return lexerConfig }

// SetRegistry keeps the lexer as it is: it delegates to no other lexer.
func (l lineLexer) SetRegistry(*chroma.LexerRegistry) chroma.Lexer { return l }

// SetAnalyser keeps the lexer as it is: it is never picked by content.
func (l lineLexer) SetAnalyser(func(string) float32) chroma.Lexer { return l }

func (lineLexer) AnalyseText(string) float32 { return 0 }

// Tokenise reads text as chroma's own lexers do; see tokens.
func (l lineLexer) Tokenise(options *chroma.TokeniseOptions, input string) (chroma.Iterator, error) {
	if options == nil || options.EnsureLF {
		input = strings.ReplaceAll(strings.ReplaceAll(input, "\r\n", "\n"), "\r", "\n")
	}
	return chroma.Literator(l.tokens(input)...), nil
}

// tokens are the tokens of text whose line breaks are "\n", as chroma's
// Tokenise gives them by default. Each invalid UTF-8 byte is U+FFFD, as in
// chroma's lexers, and every line's tokens end with its "\n", if it has one.
func (lineLexer) tokens(input string) []chroma.Token {
	if !utf8.ValidString(input) {
		input = string([]rune(input))
	}
	var tokens []chroma.Token
	for input != "" {
		line, rest, found := strings.Cut(input, "\n")
		tokens = scanLine(tokens, line)
		if found {
			tokens = append(tokens, chroma.Token{Type: text, Value: "\n"})
		}
		input = rest
	}
	return tokens
}

// scanLine appends the tokens of one line, its line break excluded, after
// picking the line's form.
func scanLine(tokens []chroma.Token, line string) []chroma.Token {
	s := &scanner{line: line, tokens: tokens}
	indent := s.blanksEnd(0)
	switch {
	case s.isSpecLine():
		s.specs()
	case strings.HasPrefix(line[indent:], "kubectl") && s.blankOrEnd(indent+len("kubectl")):
		s.emit(text, indent)
		s.emit(command, indent+len("kubectl"))
		s.kubectl()
	case s.describeField():
		s.specs()
	default:
		if (strings.HasPrefix(line, "---") || strings.HasPrefix(line, "...")) && s.blankOrEnd(3) {
			s.emit(documentMarker, 3)
		}
		s.yaml()
	}
	return s.tokens
}

// describeField emits the "Taints:" or "Tolerations:" that starts a line of
// `kubectl describe`.
func (s *scanner) describeField() bool {
	for _, field := range []string{"Taints", "Tolerations"} {
		if strings.HasPrefix(s.line, field) && s.at(len(field)) == ':' && s.blankOrEnd(len(field)+1) {
			s.emit(listField, len(field))
			s.emit(punctuation, len(field)+1)
			return true
		}
	}
	return false
}
