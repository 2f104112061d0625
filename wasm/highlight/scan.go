package highlight

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// scanner walks one line, its line break excluded, and appends its tokens.
// Past the line's end it sees a line break: "\s" and "$" of the patterns the
// lexer was first written in match there.
type scanner struct {
	line   string
	pos    int
	tokens []Token
}

// emit appends the text from pos to end as a token of type t, unless it is
// empty, and moves pos to end.
func (s *scanner) emit(t TokenType, end int) {
	if end > s.pos {
		s.tokens = append(s.tokens, Token{Type: t, Value: s.line[s.pos:end]})
	}
	s.pos = end
}

// at is the byte at i, or '\n' past the line's end.
func (s *scanner) at(i int) byte {
	if i >= len(s.line) {
		return '\n'
	}
	return s.line[i]
}

// runeEnd is where the character at i ends.
func (s *scanner) runeEnd(i int) int {
	if s.line[i] < utf8.RuneSelf {
		return i + 1
	}
	_, size := utf8.DecodeRuneInString(s.line[i:])
	return i + size
}

// isSpace reports whether the character at i is white space in Unicode's
// sense (regexp2's "\s"); past the line's end is its line break, a space.
func (s *scanner) isSpace(i int) bool {
	if i >= len(s.line) {
		return true
	}
	if c := s.line[i]; c < utf8.RuneSelf {
		return c == ' ' || c >= '\t' && c <= '\r'
	}
	r, _ := utf8.DecodeRuneInString(s.line[i:])
	return unicode.IsSpace(r)
}

// isWordChar reports whether the character at i is neither white space nor
// one of the ASCII characters in stops.
func (s *scanner) isWordChar(i int, stops string) bool {
	return !s.isSpace(i) && strings.IndexByte(stops, s.line[i]) < 0
}

// wordEnd is where the run of word characters (see isWordChar) from i ends.
func (s *scanner) wordEnd(i int, stops string) int {
	for s.isWordChar(i, stops) {
		i = s.runeEnd(i)
	}
	return i
}

// isDigit reports whether the character at i is a decimal digit of any
// script (regexp2's "\d").
func (s *scanner) isDigit(i int) bool {
	if i >= len(s.line) {
		return false
	}
	if c := s.line[i]; c < utf8.RuneSelf {
		return c >= '0' && c <= '9'
	}
	r, _ := utf8.DecodeRuneInString(s.line[i:])
	return unicode.IsDigit(r)
}

// isBlankChar reports whether c is a space or a tab.
func isBlankChar(c byte) bool { return c == ' ' || c == '\t' }

// blanksEnd is where the spaces and tabs from i end.
func (s *scanner) blanksEnd(i int) int {
	for i < len(s.line) && isBlankChar(s.line[i]) {
		i++
	}
	return i
}

// blankOrEnd reports whether a space, a tab or the line's end is at i.
func (s *scanner) blankOrEnd(i int) bool {
	return i >= len(s.line) || isBlankChar(s.line[i])
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' }

// lettersEnd is where the ASCII letters from i end.
func (s *scanner) lettersEnd(i int) int {
	for isLetter(s.at(i)) {
		i++
	}
	return i
}

// blanks emits the spaces and tabs at pos as text.
func (s *scanner) blanks() {
	s.emit(text, s.blanksEnd(s.pos))
}

// rest emits the rest of the line as one token of type t: a comment, say.
func (s *scanner) rest(t TokenType) {
	s.emit(t, len(s.line))
}
