package highlight

import (
	"strings"
	"unicode/utf8"
)

// isInvisible reports whether r changes how a line reads without being seen,
// the characters the page draws as a marked escape elsewhere (web/static/js/shared/visible.js):
//
//  1. the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069;
//  2. the invisible U+00AD, U+200B–U+200D, U+2060 and U+FEFF;
//  3. the C0 and C1 control characters but the tab and the line break.
func isInvisible(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x00ad, r == 0x061c, r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e,
		r == 0x2060, r >= 0x2066 && r <= 0x2069, r == 0xfeff:
		return true
	}
	return false
}

// hasInvisible reports whether s holds a character isInvisible, looking at
// its multi-byte characters and control bytes only: most lines are ASCII.
func hasInvisible(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' || c == 0x7f || c >= utf8.RuneSelf {
			return strings.IndexFunc(s[i:], isInvisible) >= 0
		}
	}
	return false
}

// markInvisible gives each character isInvisible a token of its own, of type
// invisible, which the stylesheet marks, so the editor shows where a bidi
// control or a zero-width character sits. The character stays in the text:
// the layer keeps the textarea's text, character for character, and its
// layout. A line with none is left as it is (it may be the cache's own slice);
// one with some is a new slice.
func markInvisible(lines [][]Token) {
	for i, line := range lines {
		if !lineHasInvisible(line) {
			continue
		}
		var marked []Token
		for _, t := range line {
			rest := t.Value
			for rest != "" {
				at := strings.IndexFunc(rest, isInvisible)
				if at < 0 {
					marked = append(marked, Token{Type: t.Type, Value: rest})
					break
				}
				if at > 0 {
					marked = append(marked, Token{Type: t.Type, Value: rest[:at]})
				}
				_, size := utf8.DecodeRuneInString(rest[at:])
				marked = append(marked, Token{Type: invisible, Value: rest[at : at+size]})
				rest = rest[at+size:]
			}
		}
		lines[i] = marked
	}
}

// lineHasInvisible reports whether a token of line holds a character isInvisible.
func lineHasInvisible(line []Token) bool {
	for _, t := range line {
		if hasInvisible(t.Value) {
			return true
		}
	}
	return false
}
