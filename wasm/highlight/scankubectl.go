package highlight

import (
	"strings"
)

// kubectl emits the rest of a `kubectl taint nodes …` line: blanks, a final
// backslash, a comment, a selector or another flag, the subcommand words,
// quoted words, specs, and any other word as a name.
func (s *scanner) kubectl() {
	for s.pos < len(s.line) {
		c := s.line[s.pos]
		switch {
		case isBlankChar(c):
			s.blanks()
		case c == '\\' && s.blanksEnd(s.pos+1) == len(s.line):
			s.emit(punctuation, s.pos+1)
		case c == '#':
			s.rest(comment)
		case s.selector(), s.flag(), s.subcommand():
		case c == '"':
			end, closed := s.doubleQuotedEnd(s.pos)
			if closed {
				end++
			}
			s.emit(doubleQuoted, end)
		case c == '\'':
			end := len(s.line)
			if quote := strings.IndexByte(s.line[s.pos+1:], '\''); quote >= 0 {
				end = s.pos + 1 + quote + 1
			}
			s.emit(singleQuoted, end)
		case s.commandSpec():
		case s.isWordChar(s.pos, ""):
			s.emit(name, s.wordEnd(s.pos, ""))
		default:
			s.emit(errorToken, s.runeEnd(s.pos))
		}
	}
}

// selector emits -l or --selector, the blanks after it and its argument.
func (s *scanner) selector() bool {
	for _, flag := range []string{"-l", "--selector"} {
		if !strings.HasPrefix(s.line[s.pos:], flag) {
			continue
		}
		arg := s.blanksEnd(s.pos + len(flag))
		if arg == s.pos+len(flag) || !s.isWordChar(arg, "") {
			return false
		}
		s.emit(cliFlag, s.pos+len(flag))
		s.emit(text, arg)
		s.emit(plainString, s.wordEnd(arg, ""))
		return true
	}
	return false
}

// flag emits a flag, -x or --name, and its "=" and value if it has them.
func (s *scanner) flag() bool {
	if s.line[s.pos] != '-' {
		return false
	}
	end := s.pos + 1
	if s.at(end) == '-' && isLetter(s.at(end+1)) {
		end++
	}
	if !isLetter(s.at(end)) {
		return false
	}
	for isLetter(s.at(end)) || s.at(end) == '-' {
		end++
	}
	s.emit(cliFlag, end)
	if s.at(end) == '=' {
		s.emit(punctuation, end+1)
		s.emit(plainString, s.wordEnd(end+1, ""))
	}
	return true
}

// subcommand emits taint, nodes, node or no as a whole word.
func (s *scanner) subcommand() bool {
	for _, word := range []string{"taint", "nodes", "node", "no"} {
		if strings.HasPrefix(s.line[s.pos:], word) && s.blankOrEnd(s.pos+len(word)) {
			s.emit(subcommand, s.pos+len(word))
			return true
		}
	}
	return false
}

// commandSpec emits the taint spec at pos when the word is one: its shape
// must end at a space or the line's end.
func (s *scanner) commandSpec() bool {
	end, ok := s.specShapeEnd(s.pos)
	return ok && s.isSpace(end) && s.specWord()
}
