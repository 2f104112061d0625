package highlight

import (
	"strings"
)

// Taint specs as kubectl reads them: key=value:Effect, key:Effect, key=:Effect,
// and the removals key-, key:Effect-, key=value:Effect-. Keys and values start
// and end with an ASCII letter or digit, as the API requires, so the "-" of a
// removal is never part of them; between, keys may hold "-_./" and values
// "-_.".
const (
	keyInnerChars   = "-_./"
	valueInnerChars = "-_."
)

// specs emits the rest of a line of bare specs or of describe output: blanks,
// a comment, <none>, op=Operator, "for", a duration such as 300s, specs, and
// any other word as text.
func (s *scanner) specs() {
	for s.pos < len(s.line) {
		rest := s.line[s.pos:]
		switch {
		case isBlankChar(rest[0]):
			s.blanks()
		case rest[0] == '#':
			s.rest(comment)
		case strings.HasPrefix(rest, "<none>"):
			s.emit(constant, s.pos+len("<none>"))
		case s.operatorFlag():
		case strings.HasPrefix(rest, "for") && isBlankChar(s.at(s.pos+len("for"))):
			s.emit(text, s.pos+len("for"))
		case s.duration():
		case s.specWord():
		case s.isWordChar(s.pos, ""):
			s.emit(text, s.wordEnd(s.pos, ""))
		default:
			s.emit(errorToken, s.runeEnd(s.pos))
		}
	}
}

// operatorFlag emits describe's op=Exists (or Equal, Lt, Gt) as a whole word.
func (s *scanner) operatorFlag() bool {
	if !strings.HasPrefix(s.line[s.pos:], "op=") {
		return false
	}
	start := s.pos + len("op=")
	for _, op := range []string{"Exists", "Equal", "Lt", "Gt"} {
		if strings.HasPrefix(s.line[start:], op) && s.isSpace(start+len(op)) {
			s.emit(cliFlag, s.pos+len("op"))
			s.emit(punctuation, start)
			s.emit(operatorWord, start+len(op))
			return true
		}
	}
	return false
}

// duration emits describe's toleration seconds, such as 300s, as a whole word.
func (s *scanner) duration() bool {
	end := s.durationEnd(s.pos)
	if end < 0 || !s.isSpace(end) {
		return false
	}
	s.emit(number, end)
	return true
}

// durationEnd is the end of the digits and "s" at i, or -1.
func (s *scanner) durationEnd(i int) int {
	start := i
	for s.isDigit(i) {
		i = s.runeEnd(i)
	}
	if i == start || s.at(i) != 's' {
		return -1
	}
	return i + 1
}

// isSpecLine reports whether the line holds nothing but specs, with describe's
// words after the first, and maybe a comment at its end (which may follow a
// word directly).
func (s *scanner) isSpecLine() bool {
	for i, first := s.blanksEnd(0), true; ; first = false {
		next := -1
		ends := [2]int{-1, -1}
		if end, ok := s.specShapeEnd(i); ok {
			ends[0] = end
		}
		if !first {
			ends[1] = s.describeWordEnd(i)
		}
		for _, end := range ends {
			switch {
			case end < 0:
			case end == len(s.line) || s.line[end] == '#':
				return true
			case isBlankChar(s.line[end]):
				next = end
			}
		}
		if next < 0 {
			return false
		}
		if i = s.blanksEnd(next); i == len(s.line) || s.line[i] == '#' {
			return true
		}
	}
}

// describeWordEnd is the end of a word `kubectl describe` prints after a
// toleration (op=Exists, for, 300s, <none>) at i, or -1.
func (s *scanner) describeWordEnd(i int) int {
	rest := s.line[i:]
	switch {
	case strings.HasPrefix(rest, "op=") && isLetter(s.at(i+len("op="))):
		return s.lettersEnd(i + len("op="))
	case strings.HasPrefix(rest, "for"):
		return i + len("for")
	case strings.HasPrefix(rest, "<none>"):
		return i + len("<none>")
	}
	return s.durationEnd(i)
}

// nameEnds calls try with each end of a key or value at i, longest first,
// until it returns true: it must start with an ASCII letter or digit, end
// with one, and hold only those and inner between. It returns whether try
// did.
func (s *scanner) nameEnds(i int, inner string, try func(end int) bool) bool {
	if !isAlnum(s.at(i)) {
		return false
	}
	runEnd := i + 1
	for c := s.at(runEnd); isAlnum(c) || strings.IndexByte(inner, c) >= 0; c = s.at(runEnd) {
		runEnd++
	}
	for end := runEnd; end > i; end-- {
		if isAlnum(s.line[end-1]) && try(end) {
			return true
		}
	}
	return false
}

// specShapeEnd is the end of the word at i that can only be a spec: a key
// with a value, an effect or the "-" of a removal. It is the first match of
// the atomic pattern the lexer was first written with: the longest key that
// is followed by "=", ":Effect" or "-".
func (s *scanner) specShapeEnd(i int) (end int, ok bool) {
	ok = s.nameEnds(i, keyInnerChars, func(key int) bool {
		switch s.at(key) {
		case '=':
			end = key + 1
			s.nameEnds(end, valueInnerChars, func(value int) bool {
				end = value
				return true
			})
			if s.at(end) == ':' && isLetter(s.at(end+1)) {
				end = s.lettersEnd(end + 1)
			}
		case ':':
			if !isLetter(s.at(key + 1)) {
				return false
			}
			end = s.lettersEnd(key + 1)
		case '-':
			end = key
		default:
			return false
		}
		if s.at(end) == '-' {
			end++
		}
		return true
	})
	return end, ok
}

// specWord emits the spec at pos: its key, "=", value, ":", effect and the
// "-" of a removal, each if present, as the pattern
//
//	(key)(?:(=)(value)?)?(?:(:)([A-Za-z]*))?(-?)(?=[\s'"]|$)
//
// first matches, trying longer keys and values first; it reports whether it
// matched.
func (s *scanner) specWord() bool {
	return s.nameEnds(s.pos, keyInnerChars, func(key int) bool {
		if s.at(key) == '=' {
			if s.nameEnds(key+1, valueInnerChars, func(value int) bool { return s.specTail(key, value) }) {
				return true
			}
			if s.specTail(key, key+1) {
				return true
			}
		}
		return s.specTail(key, key)
	})
}

// specTail emits the spec whose key ends at key and whose value (after any
// "=") ends at value, when an optional ":" and effect and an optional "-"
// follow and then a space, a quote or the line's end.
func (s *scanner) specTail(key, value int) bool {
	effectEnd, end := value, value
	switch s.at(value) {
	case ':':
		effectEnd = s.lettersEnd(value + 1)
		end = effectEnd
	case '-':
		end = value + 1
	}
	if s.at(end) == '-' && end == effectEnd && effectEnd > value && s.endsSpec(end+1) {
		end++
	} else if !s.endsSpec(end) {
		return false
	}
	s.emit(taintKey, key)
	if value > key {
		s.emit(punctuation, key+1)
		s.emit(plainString, value)
	}
	if effectEnd > value {
		s.emit(punctuation, value+1)
		t := name
		if effects[s.line[value+1:effectEnd]] {
			t = effect
		}
		s.emit(t, effectEnd)
	}
	s.emit(removal, end)
	return true
}

// endsSpec reports whether a space, a quote or the line's end is at i.
func (s *scanner) endsSpec(i int) bool {
	return s.isSpace(i) || s.at(i) == '\'' || s.at(i) == '"'
}
