package manifest

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
// a scalar, or an empty flow mapping or sequence ("{}" and "[]", which
// kubectl prints), then moves on; the next line must belong to a collection
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
	default:
		value, style, scalarEnd, ok := s.scalar(s.at)
		if !ok {
			return nil, false
		}
		n, end = s.scalarNode(value, style, s.at), scalarEnd
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

// scalarNode is the node of a scalar read at p, tagged as goyaml.v3 tags it.
func (s *blockScanner) scalarNode(value string, style yaml3.Style, p int) *yaml3.Node {
	tag := "!!str"
	if style == 0 {
		tag = plainTag(value)
	}
	return s.newNode(yaml3.ScalarNode, tag, value, style, s.line, s.column(p))
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
				return end, true
			}
		}
		end = i + 1
	}
	return end, true
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
