package highlight

import (
	"strings"
	"unicode/utf8"
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
// It is written out by hand, so no regular expression runs: every line is
// read in time linear in its length, and the WASM links no regular-expression
// engine (TestChromaNotLinked in package wasm). Its tokens are exactly those
// of the chroma regular-expression lexer it replaced (regexlexer_test.go, the
// oracle of TestLexerAgreesWithRegexLexer), quirks included, so the page
// looks the same: for one, a control or Unicode space other than space and
// tab in a kubectl or spec line is an Error token. Its token types are the
// package's own (tokens.go); package chromatoken wraps it as a chroma.Lexer
// where chroma runs as itself. The engine judges the input; the lexer only
// colours it.
var lexer = lineLexer{}

// lineLexer reads the editors' text; see lexer.
type lineLexer struct{}

// Tokenise is the lexer's tokens of input, its line breaks made "\n" first,
// as chroma's lexers read text by default.
func Tokenise(input string) []Token {
	return lexer.tokens(strings.ReplaceAll(strings.ReplaceAll(input, "\r\n", "\n"), "\r", "\n"))
}

// tokens are the tokens of text whose line breaks are "\n", as Tokenise
// gives them. Each invalid UTF-8 byte is U+FFFD, as in
// chroma's lexers, and every line's tokens end with its "\n", if it has one.
func (lineLexer) tokens(input string) []Token {
	if !utf8.ValidString(input) {
		input = string([]rune(input))
	}
	var tokens []Token
	for input != "" {
		line, rest, found := strings.Cut(input, "\n")
		tokens = scanLine(tokens, line)
		if found {
			tokens = append(tokens, Token{Type: text, Value: "\n"})
		}
		input = rest
	}
	return tokens
}

// scanLine appends the tokens of one line, its line break excluded, after
// picking the line's form.
func scanLine(tokens []Token, line string) []Token {
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
