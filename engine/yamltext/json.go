package yamltext

import (
	"strconv"
	"strings"
	"unicode/utf8"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// scanJSON reads a text that is one JSON object or array, as `kubectl get -o
// json` prints it, into the tree goyaml.v3 makes of it (JSON is YAML's flow
// style), several times faster: flow mappings and sequences, double-quoted
// strings (!!str), integers (!!int), true and false (!!bool) and null
// (!!null), each at goyaml.v3's line and column (a column counts
// characters). It gives up (ok false), leaving the text to goyaml.v3, on
// anything whose reading it does not hold to goyaml.v3's: a character
// blockYAMLCharacters refuses (a control, NEL, LS, PS, a tab), a tab
// outside a string, a comment, "\\/" (which goyaml.v3 refuses), a key over
// maxSimpleKey characters or on a line before its colon, a number with a
// fraction or an exponent, an escape of a surrogate, nesting deeper than
// MaxDepth, or a text that is not JSON. FuzzJSONAgreesWithYAMLv3 holds it
// to goyaml.v3's tree.
func scanJSON(text string, arena *treeArena) (root *yaml3.Node, ok bool) {
	ascii, ok := blockYAMLCharacters(text)
	if !ok {
		return nil, false
	}
	s := jsonScanner{text: text, ascii: ascii, nodes: blockScanner{arena: arena}, line: 1}
	s.skipBlanks()
	if s.at == len(text) || (text[s.at] != '{' && text[s.at] != '[') {
		return nil, false
	}
	arena.reset(text)
	doc := s.nodes.newNode(yaml3.DocumentNode, "", "", 0, s.line, s.column())
	top, ok := s.value(0)
	if !ok {
		return nil, false
	}
	if s.skipBlanks(); s.at != len(text) {
		return nil, false
	}
	doc.Content = []*yaml3.Node{top}
	return doc, true
}

// jsonScanner is where scanJSON is in text: at, the byte; line, its line;
// and lineStart, the byte its line starts at. Its nodes come from the
// arena, as blockScanner's do.
type jsonScanner struct {
	text                string
	nodes               blockScanner
	at, line, lineStart int
	// ascii is true when the text is, so that a column is a byte count.
	ascii bool
}

// column is the column of the byte at: characters since the line's start.
func (s *jsonScanner) column() int {
	if s.ascii {
		return s.at - s.lineStart + 1
	}
	return utf8.RuneCountInString(s.text[s.lineStart:s.at]) + 1
}

// skipBlanks moves past spaces and line feeds. A tab stops it: goyaml.v3
// refuses one that indents a line.
func (s *jsonScanner) skipBlanks() {
	for ; s.at < len(s.text); s.at++ {
		switch s.text[s.at] {
		case ' ':
		case '\n':
			s.line++
			s.lineStart = s.at + 1
		default:
			return
		}
	}
}

// value reads the value at s.at, depth collections deep.
func (s *jsonScanner) value(depth int) (*yaml3.Node, bool) {
	if s.at == len(s.text) {
		return nil, false
	}
	line, column := s.line, s.column()
	switch c := s.text[s.at]; {
	case c == '{' || c == '[':
		if depth == MaxDepth {
			return nil, false
		}
		return s.collection(depth+1, line, column)
	case c == '"':
		value, ok := s.str()
		return s.nodes.newNode(yaml3.ScalarNode, "!!str", value, yaml3.DoubleQuotedStyle, line, column), ok
	}
	word := s.word()
	tag := ""
	switch {
	case word == "true" || word == "false":
		tag = "!!bool"
	case word == "null":
		tag = "!!null"
	case isJSONInteger(word):
		tag = "!!int"
	default:
		return nil, false
	}
	return s.nodes.newNode(yaml3.ScalarNode, tag, word, 0, line, column), true
}

// collection reads a mapping or a sequence, its opening bracket at s.at.
func (s *jsonScanner) collection(depth, line, column int) (*yaml3.Node, bool) {
	mapping := s.text[s.at] == '{'
	closing := byte(']')
	n := s.nodes.newNode(yaml3.SequenceNode, "!!seq", "", yaml3.FlowStyle, line, column)
	if mapping {
		n.Kind, n.Tag, closing = yaml3.MappingNode, "!!map", '}'
	}
	s.at++
	mark := len(s.nodes.arena.stack)
	for first := true; ; first = false {
		s.skipBlanks()
		if s.at < len(s.text) && s.text[s.at] == closing && first {
			break
		}
		if mapping {
			if s.at == len(s.text) || s.text[s.at] != '"' {
				return nil, false
			}
			keyAt, keyLine := s.at, s.line
			key, ok := s.value(depth)
			if s.skipBlanks(); !ok || s.at == len(s.text) || s.text[s.at] != ':' || !simpleKey(s.text[keyAt:s.at], s.line == keyLine) {
				return nil, false
			}
			s.at++
			s.skipBlanks()
			s.nodes.arena.stack = append(s.nodes.arena.stack, key)
		}
		item, ok := s.value(depth)
		if !ok {
			return nil, false
		}
		s.nodes.arena.stack = append(s.nodes.arena.stack, item)
		if s.skipBlanks(); s.at == len(s.text) {
			return nil, false
		}
		if s.text[s.at] == closing {
			break
		}
		if s.text[s.at] != ',' {
			return nil, false
		}
		s.at++
	}
	s.at++
	n.Content = s.nodes.collect(mark)
	return n, true
}

// maxSimpleKey is the most characters goyaml.v3 reads from a key's start
// to its ":" (YAML's 1,024 for an implicit key, less a margin).
const maxSimpleKey = 1000

// simpleKey reports whether goyaml.v3 reads a key written as text before
// its ":" as a key: on one line, and short enough.
func simpleKey(text string, oneLine bool) bool {
	return oneLine && (len(text) <= maxSimpleKey || utf8.RuneCountInString(text) <= maxSimpleKey)
}

// word reads a bare word: a number, true, false or null.
func (s *jsonScanner) word() string {
	start := s.at
	for s.at < len(s.text) && strings.IndexByte(" \t\n,]}:\"", s.text[s.at]) < 0 {
		s.at++
	}
	return s.text[start:s.at]
}

// isJSONInteger reports whether a word is an integer that goyaml.v3 also
// reads as !!int as written: -?(0|[1-9][0-9]*), at most 18 digits.
func isJSONInteger(word string) bool {
	digits := strings.TrimPrefix(word, "-")
	if digits == "" || len(digits) > 18 || (digits[0] == '0' && len(digits) > 1) {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// str reads a double-quoted string: the text itself when it has no escape.
func (s *jsonScanner) str() (string, bool) {
	s.at++
	start := s.at
	var b *strings.Builder
	for s.at < len(s.text) {
		c := s.text[s.at]
		switch {
		case c == '"':
			value := s.text[start:s.at]
			s.at++
			if b != nil {
				b.WriteString(value)
				return b.String(), true
			}
			return value, true
		case c < 0x20:
			return "", false
		case c == '\\':
			if b == nil {
				b = &strings.Builder{}
			}
			b.WriteString(s.text[start:s.at])
			if !s.escape(b) {
				return "", false
			}
			start = s.at
		default:
			s.at++
		}
	}
	return "", false
}

// escape reads the escape at s.at into b.
func (s *jsonScanner) escape(b *strings.Builder) bool {
	if s.at+1 >= len(s.text) {
		return false
	}
	c := s.text[s.at+1]
	s.at += 2
	switch c {
	case '"', '\\':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		if s.at+4 > len(s.text) {
			return false
		}
		code, err := strconv.ParseUint(s.text[s.at:s.at+4], 16, 16)
		if err != nil || (code >= 0xD800 && code <= 0xDFFF) {
			return false
		}
		b.WriteRune(rune(code))
		s.at += 4
	default:
		return false
	}
	return true
}
