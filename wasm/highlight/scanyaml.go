package highlight

import (
	"strings"
)

// YAML's flow indicators end a plain scalar, an anchor or a tag.
const flowIndicators = ",[]{}"

// yaml emits the rest of a YAML or JSON line. Each character starts one
// token, tried in order of frequency: blanks, a plain or quoted scalar (or
// key), punctuation, a comment, a block indicator, an anchor or alias, a tag;
// anything else is text, a character at a time.
func (s *scanner) yaml() {
	for s.pos < len(s.line) {
		c := s.line[s.pos]
		switch {
		case isBlankChar(c):
			s.blanks()
		case s.plainScalar(), s.quotedScalar():
		case strings.IndexByte("-[]{},?:", c) >= 0:
			s.emit(punctuation, s.pos+1)
		case c == '#':
			s.rest(comment)
		case (c == '|' || c == '>') && s.blockIndicator():
		case (c == '&' || c == '*') && s.isWordChar(s.pos+1, flowIndicators):
			s.emit(anchor, s.wordEnd(s.pos+1, flowIndicators))
		case c == '!':
			s.emit(tag, s.wordEnd(s.pos+1, flowIndicators))
		default:
			s.emit(text, s.runeEnd(s.pos))
		}
	}
}

// plainScalar emits the plain scalar at pos, or the key it is, and reports
// whether there was one. It may hold ":" and single spaces, but not ": "
// (which makes it a key) nor " #" (which starts a comment); flow indicators
// end it. It starts with a character that starts no other token, or with
// "-", "?" or ":" before one that ends no scalar.
func (s *scanner) plainScalar() bool {
	i := s.pos
	switch c := s.line[i]; {
	case c == '-' || c == '?' || c == ':':
		if !s.isWordChar(i+1, flowIndicators) {
			return false
		}
		i++
	case s.isWordChar(i, "-?:"+flowIndicators+"#\"'&*!|>%@`"):
		i = s.runeEnd(i)
	default:
		return false
	}
	for {
		switch c := s.at(i); {
		case c == ':' && s.isWordChar(i+1, flowIndicators), c == ',' && s.isWordChar(i+1, "[]{}"):
			i++
		case isBlankChar(c):
			after := s.blanksEnd(i)
			if !s.isWordChar(after, "#:"+flowIndicators) {
				s.keyOrScalar(i, true, scalarType)
				return true
			}
			i = after
		case s.isWordChar(i, ":"+flowIndicators):
			i = s.runeEnd(i)
		default:
			s.keyOrScalar(i, true, scalarType)
			return true
		}
	}
}

// quotedScalar emits the double- or single-quoted scalar at pos, or the key it
// is, and reports whether there was one: an unterminated quote is none.
func (s *scanner) quotedScalar() bool {
	var end int
	switch s.line[s.pos] {
	case '"':
		var closed bool
		if end, closed = s.doubleQuotedEnd(s.pos); !closed {
			return false
		}
		end++
	case '\'':
		if end = s.singleQuotedEnd(s.pos); end < 0 {
			return false
		}
	default:
		return false
	}
	s.keyOrScalar(end, false, quotedType)
	return true
}

// doubleQuotedEnd is where the text of the double-quoted string at i ends:
// at its closing quote (closed), or at the line's end or a final backslash.
// A backslash escapes the character after it.
func (s *scanner) doubleQuotedEnd(i int) (end int, closed bool) {
	for i++; i < len(s.line); i++ {
		switch s.line[i] {
		case '"':
			return i, true
		case '\\':
			if i+1 == len(s.line) {
				return i, false
			}
			i = s.runeEnd(i+1) - 1
		}
	}
	return i, false
}

// singleQuotedEnd is the end of the single-quoted string at i, its closing
// quote included, or -1 if it has none. Inside, a doubled quote is a quote.
// Without a closing quote, the string ends at the first quote of the last
// doubled one (the end a backtracking pattern finds).
func (s *scanner) singleQuotedEnd(i int) int {
	lastPair := -1
	for i++; i < len(s.line); i++ {
		if s.line[i] != '\'' {
			continue
		}
		if s.at(i+1) != '\'' {
			return i + 1
		}
		lastPair = i
		i++
	}
	if lastPair < 0 {
		return -1
	}
	return lastPair + 1
}

// keyOrScalar emits the scalar from pos to end as a key, with the blanks
// after it and its ":", when a ":" follows (in a plain key, followed in turn
// by a blank or the line's end: JSON's quoted keys may have their value right
// after it); otherwise as a scalar of the kind scalar gives.
func (s *scanner) keyOrScalar(end int, plain bool, scalar func(string) TokenType) {
	value := s.line[s.pos:end]
	colon := s.blanksEnd(end)
	if s.at(colon) != ':' || plain && !s.blankOrEnd(colon+1) {
		s.emit(scalar(value), end)
		return
	}
	t := mappingKey
	if listFields[unquote(value)] {
		t = listField
	}
	s.emit(t, end)
	s.emit(text, colon)
	s.emit(punctuation, colon+1)
}

// blockIndicator emits the | or > at pos, with its chomping and indentation
// indicators, when only blanks and a comment follow it on the line.
func (s *scanner) blockIndicator() bool {
	end := s.pos + 1
	for end < len(s.line) && strings.IndexByte("-+123456789", s.line[end]) >= 0 {
		end++
	}
	if after := s.blanksEnd(end); after < len(s.line) && s.line[after] != '#' {
		return false
	}
	s.emit(blockIndicator, end)
	return true
}
