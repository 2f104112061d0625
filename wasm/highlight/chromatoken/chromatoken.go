// Package chromatoken is the highlighter where chroma runs as itself: its
// token types as chroma's, and its lexer as a chroma.Lexer. Package highlight,
// which the WASM links, has token types of its own so that the WASM links no
// chroma; this package, which the WASM does not link, hands them to chroma's
// formatters and style machinery (package stylesheet, the oracle tests).
package chromatoken

import (
	"github.com/alecthomas/chroma/v2"

	"github.com/taint-playground/taint-playground/wasm/highlight"
)

// Type is the chroma type t stands for. A highlight.TokenType has the number
// of the chroma type it stands for (highlight's tokens.go), so this is a
// conversion; TestClassesAreChromas checks that each stands for the chroma
// type whose class it has.
func Type(t highlight.TokenType) chroma.TokenType {
	return chroma.TokenType(t)
}

// Tokens are the tokens as chroma's.
func Tokens(tokens []highlight.Token) []chroma.Token {
	out := make([]chroma.Token, len(tokens))
	for i, t := range tokens {
		out[i] = chroma.Token{Type: Type(t.Type), Value: t.Value}
	}
	return out
}
