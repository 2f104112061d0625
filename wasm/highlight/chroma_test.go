package highlight

import "github.com/alecthomas/chroma/v2"

// The oracle tests compare the highlighter with chroma: its regular-expression
// lexer and its HTML formatter. Package chromatoken converts for everyone else,
// but it imports this package, so these tests, inside it, convert here.

// asChroma are the tokens as chroma's: each type has the number of the chroma
// type it stands for (tokens.go; chromatoken's TestClassesAreChromas).
func asChroma(tokens []Token) []chroma.Token {
	out := make([]chroma.Token, len(tokens))
	for i, t := range tokens {
		out[i] = chroma.Token{Type: chroma.TokenType(t.Type), Value: t.Value}
	}
	return out
}

// emptyStyle is chroma's style with no entries, as package stylesheet writes
// the rules with: the formatter's output then has classes only.
func emptyStyle() *chroma.Style {
	return chroma.MustNewStyle("taint-playground", chroma.StyleEntries{})
}
