package yamltext

import (
	"strings"
	"unicode/utf8"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// scanBlockYAML reads one document of the block YAML that `kubectl get -o
// yaml` prints, and that people write by hand, into the tree goyaml.v3 makes
// of it, several times faster (BenchmarkParse5000): goyaml.v3 builds its
// tree token by token, event by event, allocating every node and copying
// every value, and was most of DecodeNodes' time (issue 12). The tree is
// goyaml.v3's as far as the decoder reads it: Kind, Tag, Value, Style, Line,
// Column and Content of every node (comments, which nothing reads, are left
// out); nodes come from an arena (treeArena) and values are slices of the text.
//
// The subset read:
//
//  1. block mappings and sequences, a sequence also at its key's
//     indentation ("items:\n- a") and a mapping also on its entry's line
//     ("- key: value");
//  2. keys that are plain or quoted scalars on one line, and values that
//     are such scalars, plain and single-quoted ones also over several
//     lines (kubectl folds long strings), empty flow collections ("{}",
//     "[]"), flow mappings of such scalars on one line ("{key: k, effect:
//     NoSchedule}", see flowMapping) or nothing;
//  3. comments, blank lines and a "---" first line;
//  4. plain scalars with the tags goyaml.v3 resolves for them (plainTag),
//     single-quoted ones with doubled quotes and double-quoted ones with
//     the escapes \\ \" \' \0 \a \b \t \n \v \f \r \e and \space.
//
// Anything else gives up (ok false) before any of the tree is used, and the
// caller parses the document with goyaml.v3: other flow collections, anchors,
// aliases, tags, block scalars, double-quoted scalars over several lines,
// "?" keys, odd indentation, tabs, other escapes, directives and document
// markers past the first line, NEL/LS/PS, a BOM, control characters, keys
// longer than goyaml.v3's simple keys may be, nesting past MaxDepth, a root
// that is a scalar, and every error. FuzzScannerAgreesWithYAMLv3 holds the
// two to the same tree.
//
// The tree is cut from arena, which scanning the next document reuses: a
// paste of thousands of one-node documents then allocates its nodes once,
// not once a document (BenchmarkSessionEvaluate/pasted10000).
func scanBlockYAML(text string, arena *treeArena) (root *yaml3.Node, ok bool) {
	ascii, ok := blockYAMLCharacters(text)
	if !ok {
		return nil, false
	}
	s := blockScanner{text: text, ascii: ascii, arena: arena}
	arena.reset(text)
	doc := s.newNode(yaml3.DocumentNode, "", "", 0, 0, 0)
	if strings.HasPrefix(text, "---") {
		line, _, _ := strings.Cut(text, "\n")
		if !isBlankOrComment(line, 3) {
			return nil, false
		}
		doc.Line, doc.Column = 1, 1
		s.next, s.line = len(line)+1, 1
	}
	if !s.advance() || s.indent < 0 {
		return nil, false
	}
	if doc.Line == 0 {
		doc.Line, doc.Column = s.line, s.column(s.at)
	}
	top, ok := s.node(-1)
	if !ok || s.indent >= 0 || top.Kind == yaml3.ScalarNode {
		return nil, false
	}
	doc.Content = []*yaml3.Node{top}
	return doc, true
}

// blockYAMLCharacters reports whether a text holds only characters the
// scanner reads as goyaml.v3 does: printable ASCII and line feeds, and
// printable characters beyond ASCII other than NEL, LS and PS (which
// goyaml.v3 takes for line breaks) and the BOM. ascii is whether every
// character is ASCII, so that a column is a byte count.
func blockYAMLCharacters(text string) (ascii, ok bool) {
	ascii = true
	for i := 0; i < len(text); {
		if i+8 <= len(text) {
			// Eight printable ASCII characters and line feeds at once.
			x := word(text, i)
			if bytesBelow(x, ' ')&^bytesEqual(x, '\n')|bytesEqual(x, 0x7f)|x&highBits == 0 {
				i += 8
				continue
			}
		}
		c := text[i]
		if c < utf8.RuneSelf {
			if (c < ' ' && c != '\n') || c == 0x7f {
				return false, false
			}
			i++
			continue
		}
		ascii = false
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size == 1, r < 0xa0, r == 0x2028, r == 0x2029, r == 0xfeff,
			r > 0xd7ff && r < 0xe000, r == 0xfffe, r == 0xffff:
			return false, false
		}
		i += size
	}
	return ascii, true
}

// isBlankOrComment reports whether a line holds, from i, only spaces and
// perhaps a comment after one.
func isBlankOrComment(line string, i int) bool {
	start := i
	for i < len(line) && line[i] == ' ' {
		i++
	}
	return i == len(line) || (line[i] == '#' && i > start)
}

// blockScanner reads a document line by line. The current line is the
// next one with content (advance); at is where the node being read starts
// on it.
type blockScanner struct {
	text  string
	ascii bool
	// line is the current line's number (from 1); start and end are its
	// first byte and its line feed (or the text's end); indent is its
	// number of leading spaces, -1 past the last line.
	line, start, end, indent int
	at                       int
	// next is where the line after the current one starts.
	next int
	// depth is the nesting of the collection being read.
	depth int
	// arena holds the tree's nodes and Contents.
	arena *treeArena
}

// treeArena is the memory scanBlockYAML cuts trees from: a slab of nodes and
// one of Content slices, each used from its start again by the next
// document's tree, the last one's being read no more (its nodes cleared); and the stack of the
// children of the collections being read, until each is complete.
type treeArena struct {
	nodes   []yaml3.Node
	used    int // how many of nodes the tree holds
	content []*yaml3.Node
	stack   []*yaml3.Node
}

const maxFirstSlab = 1 << 19

// reset empties the arena for a text, growing its slabs to about two nodes
// a line and two more a comma (an entry of a flow mapping), up to
// maxFirstSlab nodes (80 MB): a large document is then one allocation, the
// heap growing at once rather than slab by slab, and the collector marks
// the tree once per decode instead of about twice (BenchmarkDecodeNodes5000).
func (a *treeArena) reset(text string) {
	clear(a.nodes[:a.used])
	a.used, a.stack = 0, a.stack[:0]
	want := min(2*(strings.Count(text, "\n")+strings.Count(text, ","))+4, maxFirstSlab)
	if len(a.nodes) < want {
		a.nodes = make([]yaml3.Node, max(want, 2*len(a.nodes)))
	}
	if cap(a.content) < want {
		a.content = make([]*yaml3.Node, 0, max(want, 2*cap(a.content)))
	}
	a.content = a.content[:0]
}

// newNode takes the next node of the arena, zero (from make, or cleared by
// reset), and sets the fields a node of the subset has. A slab that runs
// out is followed by one of its size, up to 4,096 nodes.
func (s *blockScanner) newNode(kind yaml3.Kind, tag, value string, style yaml3.Style, line, column int) *yaml3.Node {
	a := s.arena
	if a.used == len(a.nodes) {
		a.nodes, a.used = make([]yaml3.Node, min(len(a.nodes), 4096)), 0
	}
	n := &a.nodes[a.used]
	a.used++
	n.Kind, n.Tag, n.Value, n.Style, n.Line, n.Column = kind, tag, value, style, line, column
	return n
}

// collect returns the children stacked since mark as a collection's Content.
func (s *blockScanner) collect(mark int) []*yaml3.Node {
	a, n := s.arena, len(s.arena.stack)-mark
	if cap(a.content)-len(a.content) < n {
		a.content = make([]*yaml3.Node, 0, max(n, min(cap(a.content), 4096)))
	}
	from := len(a.content)
	a.content = append(a.content, s.arena.stack[mark:]...)
	s.arena.stack = s.arena.stack[:mark]
	return a.content[from:len(a.content):len(a.content)]
}

// advance moves to the next line with content, past blank lines and
// comments; indent is -1 past the last. It gives up on a document marker.
func (s *blockScanner) advance() bool {
	for s.next < len(s.text) {
		start := s.next
		end := strings.IndexByte(s.text[start:], '\n')
		if end < 0 {
			end = len(s.text)
		} else {
			end += start
		}
		s.line++
		s.next = end + 1
		i := start
		for i < end && s.text[i] == ' ' {
			i++
		}
		if i == end || s.text[i] == '#' {
			continue
		}
		if i == start && (strings.HasPrefix(s.text[i:end], "---") || strings.HasPrefix(s.text[i:end], "...")) {
			return false
		}
		s.start, s.end, s.indent, s.at = start, end, i-start, i
		return true
	}
	s.start, s.end, s.indent, s.at = len(s.text), len(s.text), -1, len(s.text)
	return true
}

// column is the column (from 1, in characters) of the byte at i on the
// current line.
func (s *blockScanner) column(i int) int {
	if s.ascii {
		return i - s.start + 1
	}
	return utf8.RuneCountInString(s.text[s.start:i]) + 1
}

// isEntry reports whether a sequence entry ("- " or a lone "-") starts at.
func (s *blockScanner) isEntry() bool {
	return s.at < s.end && s.text[s.at] == '-' && (s.at+1 == s.end || s.text[s.at+1] == ' ')
}

// node reads the node that starts at at, inside a collection indented by
// parent (-1 for the document's): a sequence, a mapping, or a scalar alone
// on its line. It returns on the first line that does not belong to it.
func (s *blockScanner) node(parent int) (*yaml3.Node, bool) {
	indent := s.at - s.start
	if s.isEntry() {
		return s.sequence(indent, false)
	}
	if _, _, _, isKey := s.key(s.at); isKey {
		return s.mapping(indent)
	}
	return s.lineValue(parent)
}

// enter and leave count the nesting, giving up before checkTree would
// refuse the document, so that goyaml.v3 reports it.
func (s *blockScanner) enter() bool {
	s.depth++
	return s.depth < MaxDepth
}

func (s *blockScanner) leave() { s.depth-- }

// sequence reads a block sequence whose entries start at indent. An
// indentless one, the value of a key at the same indentation, ends at the
// first line there that is not an entry.
func (s *blockScanner) sequence(indent int, indentless bool) (*yaml3.Node, bool) {
	if !s.enter() {
		return nil, false
	}
	defer s.leave()
	seq := s.newNode(yaml3.SequenceNode, "!!seq", "", 0, s.line, s.column(s.at))
	mark := len(s.arena.stack)
	for {
		dash := s.at
		p := dash + 1
		for p < s.end && s.text[p] == ' ' {
			p++
		}
		var item *yaml3.Node
		ok := true
		if p == s.end || s.text[p] == '#' {
			item, ok = s.valueBelow(indent, dash+1, false)
		} else {
			s.at = p
			item, ok = s.node(indent)
		}
		if !ok {
			return nil, false
		}
		s.arena.stack = append(s.arena.stack, item)
		if s.indent < indent || (indentless && s.indent == indent && !s.isEntry()) {
			break
		}
		if s.indent > indent || !s.isEntry() {
			return nil, false
		}
	}
	seq.Content = s.collect(mark)
	return seq, true
}

// mapping reads a block mapping whose keys start at indent.
func (s *blockScanner) mapping(indent int) (*yaml3.Node, bool) {
	if !s.enter() {
		return nil, false
	}
	defer s.leave()
	m := s.newNode(yaml3.MappingNode, "!!map", "", 0, s.line, s.column(s.at))
	mark := len(s.arena.stack)
	for {
		value, style, colon, isKey := s.key(s.at)
		if !isKey {
			return nil, false
		}
		key := s.scalarNode(value, style, s.line, s.column(s.at))
		s.arena.stack = append(s.arena.stack, key)
		p := colon + 1
		for p < s.end && s.text[p] == ' ' {
			p++
		}
		var item *yaml3.Node
		ok := true
		if p == s.end || s.text[p] == '#' {
			item, ok = s.valueBelow(indent, colon+1, true)
		} else {
			s.at = p
			item, ok = s.lineValue(indent)
		}
		if !ok {
			return nil, false
		}
		s.arena.stack = append(s.arena.stack, item)
		if s.indent < indent {
			break
		}
		if s.indent > indent {
			return nil, false
		}
	}
	m.Content = s.collect(mark)
	return m, true
}

// valueBelow reads the value of a key or an entry whose line ends after
// the indicator (mark is just past it): the node on the lines below,
// indented further than the collection, or a key's sequence at the key's
// indentation (indentless), or else an empty value, which goyaml.v3 places
// just after the indicator.
func (s *blockScanner) valueBelow(indent, mark int, indentless bool) (*yaml3.Node, bool) {
	line, column := s.line, s.column(mark)
	if !s.advance() {
		return nil, false
	}
	if s.indent > indent {
		return s.node(indent)
	}
	if indentless && s.indent == indent && s.isEntry() {
		return s.sequence(indent, true)
	}
	return s.newNode(yaml3.ScalarNode, "!!null", "", 0, line, column), true
}
