package yamltext

import (
	"strings"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// flowMapping reads a flow mapping of one-line scalars that closes on its
// line, such as "{key: dedicated, value: gpu, effect: NoSchedule}": the
// way people, and the playground's generated workspaces, write a taint or
// a toleration per sequence entry. Without it every document holding one
// went to goyaml.v3 whole, most of the time of decoding 10,000 pasted
// nodes (BenchmarkSessionEvaluate/pasted10000, issue 12). It returns the
// mapping and where it ends on the line. The subset: entries "key: value"
// (the ": " written so) separated by commas, keys and values plain scalars
// without ":", "?", "#" or brackets, or quoted scalars, spaces anywhere
// between them; anything else (nested collections, empty values, a comma
// before "}", a mapping over lines) gives up, for goyaml.v3 to read.
func (s *blockScanner) flowMapping(p int) (*yaml3.Node, int, bool) {
	m := s.newNode(yaml3.MappingNode, "!!map", "", yaml3.FlowStyle, s.line, s.column(p))
	mark := len(s.arena.stack)
	i := p + 1
	for {
		i = s.skipSpaces(i)
		key, keyEnd, ok := s.flowScalar(i, true)
		if !ok || keyEnd-i > maxBlockKey || keyEnd+1 >= s.end || s.text[keyEnd] != ':' || s.text[keyEnd+1] != ' ' {
			s.arena.stack = s.arena.stack[:mark]
			return nil, 0, false
		}
		value := s.skipSpaces(keyEnd + 1)
		item, end, ok := s.flowScalar(value, false)
		if !ok {
			s.arena.stack = s.arena.stack[:mark]
			return nil, 0, false
		}
		s.arena.stack = append(s.arena.stack, key, item)
		i = s.skipSpaces(end)
		if i == s.end {
			s.arena.stack = s.arena.stack[:mark]
			return nil, 0, false
		}
		if s.text[i] == '}' {
			m.Content = s.collect(mark)
			return m, i + 1, true
		}
		if s.text[i] != ',' {
			s.arena.stack = s.arena.stack[:mark]
			return nil, 0, false
		}
		i++
	}
}

// skipSpaces is the first byte from i on the current line that is not a space.
func (s *blockScanner) skipSpaces(i int) int {
	for i < s.end && s.text[i] == ' ' {
		i++
	}
	return i
}

// flowScalar reads a scalar inside a flow mapping at p: a quoted one, or
// a plain one, which ends before ": " when it is a key and before a comma
// or the closing brace when it is a value, its trailing spaces left out.
func (s *blockScanner) flowScalar(p int, key bool) (*yaml3.Node, int, bool) {
	if p >= s.end {
		return nil, 0, false
	}
	line, column := s.line, s.column(p)
	if c := s.text[p]; c == '\'' || c == '"' {
		value, style, end, ok := s.scalar(p)
		if !ok {
			return nil, 0, false
		}
		return s.scalarNode(value, style, line, column), end, true
	}
	if c := s.text[p]; strings.IndexByte("-?:,[]{}#&*!|>'\"%@`", c) >= 0 &&
		(c != '-' || p+1 == s.end || strings.IndexByte(" ,}", s.text[p+1]) >= 0) {
		return nil, 0, false
	}
	end := p
	for i := p; i < s.end; i++ {
		c := s.text[i]
		if key && c == ':' && i+1 < s.end && s.text[i+1] == ' ' {
			break
		}
		if !key && (c == ',' || c == '}') {
			break
		}
		switch c {
		case ':', '?', '#', ',', '[', ']', '{', '}':
			return nil, 0, false
		}
		if c != ' ' {
			end = i + 1
		}
	}
	return s.scalarNode(s.text[p:end], 0, line, column), end, true
}
