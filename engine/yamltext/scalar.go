package yamltext

import (
	"strings"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// The one-line scalars of scanBlockYAML. Each reader returns the scalar's
// value, where it ends on the line and ok; ok is false for what the subset
// leaves to goyaml.v3.

// maxBlockKey bounds a key's length: goyaml.v3 refuses a simple key that
// spans more than 1024 characters, so longer ones are left to it.
const maxBlockKey = 1000

// lineValue reads a value that is the rest of its line (a comment aside):
// a scalar, an empty flow mapping or sequence ("{}" and "[]", which
// kubectl prints), or a flow mapping of scalars (flowMapping), then moves on; the next line must belong to a collection
// indented by parent or less, as a deeper one would continue the scalar or
// be an error.
func (s *blockScanner) lineValue(parent int) (*yaml3.Node, bool) {
	var n *yaml3.Node
	rest := s.text[s.at:s.end]
	end := s.at + 2
	switch {
	case strings.HasPrefix(rest, "{}"):
		n = s.newNode(yaml3.MappingNode, "!!map", "", yaml3.FlowStyle, s.line, s.column(s.at))
	case strings.HasPrefix(rest, "[]"):
		n = s.newNode(yaml3.SequenceNode, "!!seq", "", yaml3.FlowStyle, s.line, s.column(s.at))
	case strings.HasPrefix(rest, "{"):
		var ok bool
		if n, end, ok = s.flowMapping(s.at); !ok {
			return nil, false
		}
	default:
		line, column := s.line, s.column(s.at)
		value, style, scalarEnd, ok := s.scalar(s.at)
		switch {
		case parent < 0:
		case ok && style == 0 && onlySpaces(s.text[scalarEnd:s.end]):
			value, scalarEnd, ok = s.morePlain(parent, value, scalarEnd)
		case !ok && s.text[s.at] == '\'':
			value, scalarEnd, ok = s.moreSingleQuoted(parent, s.at)
		}
		if !ok {
			return nil, false
		}
		n, end = s.scalarNode(value, style, line, column), scalarEnd
	}
	if !isBlankOrComment(s.text[:s.end], end) || !s.advance() || s.indent > parent {
		return nil, false
	}
	return n, true
}

// key reads the key of a mapping entry at p: a scalar followed by ":" and a
// space or the line's end, colon being where the ":" is. isKey is false
// when the line holds no such key.
func (s *blockScanner) key(p int) (value string, style yaml3.Style, colon int, isKey bool) {
	value, style, end, ok := s.scalar(p)
	if !ok {
		return "", 0, 0, false
	}
	for end < s.end && s.text[end] == ' ' {
		end++
	}
	if end == s.end || s.text[end] != ':' || (end+1 < s.end && s.text[end+1] != ' ') || end-p > maxBlockKey {
		return "", 0, 0, false
	}
	return value, style, end, true
}

// scalarNode is the node of a scalar, tagged as goyaml.v3 tags it.
func (s *blockScanner) scalarNode(value string, style yaml3.Style, line, column int) *yaml3.Node {
	tag := "!!str"
	if style == 0 {
		tag = plainTag(value)
	}
	return s.newNode(yaml3.ScalarNode, tag, value, style, line, column)
}

// scalar reads the scalar that starts at p.
func (s *blockScanner) scalar(p int) (value string, style yaml3.Style, end int, ok bool) {
	switch s.text[p] {
	case '\'':
		value, end, ok = s.singleQuoted(p)
		return value, yaml3.SingleQuotedStyle, end, ok
	case '"':
		value, end, ok = s.doubleQuoted(p)
		return value, yaml3.DoubleQuotedStyle, end, ok
	}
	if end, ok = s.plain(p); !ok {
		return "", 0, 0, false
	}
	return s.text[p:end], 0, end, true
}

// plain reads a plain scalar: it cannot start with an indicator (but "-",
// "?" and ":" followed by a character that is not a space), and it ends
// before ": ", a ":" that ends the line, " #" or the line's end, its
// trailing spaces left out.
func (s *blockScanner) plain(p int) (end int, ok bool) {
	if c := s.text[p]; strings.IndexByte("-?:,[]{}#&*!|>'\"%@`", c) >= 0 &&
		(strings.IndexByte("-?:", c) < 0 || p+1 == s.end || s.text[p+1] == ' ') {
		return 0, false
	}
	end, _ = s.plainRun(p)
	return end, true
}

// plainRun reads plain text from p, which is not a space, to ": ", a ":"
// that ends the line, " #" or the line's end: where its last character
// ends, and whether a ":" stopped it.
func (s *blockScanner) plainRun(p int) (end int, colon bool) {
	end = p
	for i := p; i < s.end; i++ {
		switch s.text[i] {
		case ' ':
			continue
		case ':':
			if i+1 == s.end || s.text[i+1] == ' ' {
				return end, true
			}
		case '#':
			if s.text[i-1] == ' ' {
				return end, false
			}
		}
		end = i + 1
	}
	return end, false
}

// morePlain continues a plain scalar that fills the rest of its line onto
// the lines below that are indented further than parent, as goyaml.v3
// does: a line break between two lines becomes a space, n blank lines
// become n line feeds, spaces around a break are dropped, and a comment
// ends the scalar. A ":" that would end it gives up (goyaml.v3 refuses the
// value, or reads it otherwise). The long strings kubectl prints are
// folded so, past 80 columns.
func (s *blockScanner) morePlain(parent int, value string, end int) (string, int, bool) {
	var b []byte
	breaks := 0
	for next, line := s.next, s.line; next < len(s.text); {
		start := next
		stop := strings.IndexByte(s.text[start:], '\n')
		if stop < 0 {
			stop = len(s.text)
		} else {
			stop += start
		}
		next, line = stop+1, line+1
		i := start
		for i < stop && s.text[i] == ' ' {
			i++
		}
		if i == stop {
			breaks++
			continue
		}
		if i-start <= parent || s.text[i] == '#' {
			break
		}
		s.start, s.end, s.line, s.next = start, stop, line, next
		runEnd, colon := s.plainRun(i)
		if colon {
			return "", 0, false
		}
		if b == nil {
			b = append(b, value...)
		}
		b = appendFold(b, breaks)
		b = append(b, s.text[i:runEnd]...)
		breaks, end = 0, runEnd
		if !onlySpaces(s.text[runEnd:stop]) {
			break
		}
	}
	if b == nil {
		return value, end, true
	}
	return string(b), end, true
}

// moreSingleQuoted reads a single-quoted scalar left open on its line on
// the lines below, each indented further than parent, its line breaks
// folded as morePlain folds them.
func (s *blockScanner) moreSingleQuoted(parent, p int) (string, int, bool) {
	var b []byte
	i := p + 1
	for {
		for ; i < s.end; i++ {
			if s.text[i] != '\'' {
				b = append(b, s.text[i])
				continue
			}
			if i+1 < s.end && s.text[i+1] == '\'' {
				b = append(b, '\'')
				i++
				continue
			}
			return string(b), i + 1, true
		}
		for len(b) > 0 && b[len(b)-1] == ' ' {
			b = b[:len(b)-1]
		}
		breaks := 0
		for {
			if s.next >= len(s.text) {
				return "", 0, false
			}
			start := s.next
			stop := strings.IndexByte(s.text[start:], '\n')
			if stop < 0 {
				stop = len(s.text)
			} else {
				stop += start
			}
			s.start, s.end, s.line, s.next = start, stop, s.line+1, stop+1
			for i = start; i < stop && s.text[i] == ' '; i++ {
			}
			if i < stop {
				break
			}
			breaks++
		}
		if i-s.start <= parent {
			return "", 0, false
		}
		b = appendFold(b, breaks)
	}
}

// appendFold appends what goyaml.v3 makes of the line breaks between two
// lines of a scalar, breaks of them blank: a space, or the blank lines'
// line feeds.
func appendFold(b []byte, breaks int) []byte {
	if breaks == 0 {
		return append(b, ' ')
	}
	for range breaks {
		b = append(b, '\n')
	}
	return b
}

// onlySpaces reports whether s holds nothing but spaces.
func onlySpaces(s string) bool {
	return strings.TrimLeft(s, " ") == ""
}

// singleQuoted reads a single-quoted scalar, in which a doubled quote is
// one quote.
func (s *blockScanner) singleQuoted(p int) (value string, end int, ok bool) {
	i := p + 1
	var b strings.Builder
	for {
		j := strings.IndexByte(s.text[i:s.end], '\'')
		if j < 0 {
			return "", 0, false
		}
		j += i
		if j+1 < s.end && s.text[j+1] == '\'' {
			b.WriteString(s.text[i : j+1])
			i = j + 2
			continue
		}
		if b.Len() == 0 && i == p+1 {
			return s.text[i:j], j + 1, true
		}
		b.WriteString(s.text[i:j])
		return b.String(), j + 1, true
	}
}

// doubleQuoted reads a double-quoted scalar with the escapes that stand
// for one ASCII character.
func (s *blockScanner) doubleQuoted(p int) (value string, end int, ok bool) {
	i := p + 1
	for i < s.end && s.text[i] != '"' && s.text[i] != '\\' {
		i++
	}
	if i == s.end {
		return "", 0, false
	}
	if s.text[i] == '"' {
		return s.text[p+1 : i], i + 1, true
	}
	var b strings.Builder
	b.WriteString(s.text[p+1 : i])
	for i < s.end {
		switch c := s.text[i]; c {
		case '"':
			return b.String(), i + 1, true
		case '\\':
			if i+1 == s.end {
				return "", 0, false
			}
			r := strings.IndexByte(doubleQuotedEscapes, s.text[i+1])
			if r < 0 {
				return "", 0, false
			}
			b.WriteByte(doubleQuotedValues[r])
			i += 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, false
}

// doubleQuotedEscapes are the escapes doubleQuoted reads, and
// doubleQuotedValues what each stands for, as goyaml.v3 reads them.
const (
	doubleQuotedEscapes = "0abtnvfre \"'\\"
	doubleQuotedValues  = "\x00\a\b\t\n\v\f\r\x1b \"'\\"
)
