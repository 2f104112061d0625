package deviceselector

import (
	"fmt"
	"strconv"
	"strings"
)

// node is one node of a parsed expression.
type node struct {
	op   string // "lit", "ident", "list", "select", "index", "call", "!", "-", or a binary operator
	lit  any    // a literal's value (string, int64, bool, nil)
	name string // an identifier, a selected field, or a called function or method
	args []*node
	// recv is a method call's receiver, nil for a global function.
	recv *node
	// at is the offset of an identifier, a selected field or a call.
	at int
}

// UnsupportedError says that an expression is not in the subset this
// package evaluates (or not valid CEL): which part, and where.
type UnsupportedError struct {
	Expression string
	Offset     int
	What       string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("CEL expression %q: %s at offset %d is outside the subset the playground evaluates", e.Expression, e.What, e.Offset)
}

// parser is a recursive-descent parser over the expression's tokens.
type parser struct {
	src  string
	toks []token
	pos  int
}

// maxDepth bounds nesting, as CEL's parser does (its limit is 250).
const maxDepth = 100

func parse(src string) (*node, error) {
	toks, err := tokenize(src)
	if err != nil {
		return nil, err
	}
	p := &parser{src: src, toks: toks}
	n, err := p.or(0)
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.unsupported(t, fmt.Sprintf("%q", t.text))
	}
	return n, nil
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tokEOF {
		p.pos++
	}
	return t
}

func (p *parser) accept(text string) bool {
	if t := p.peek(); t.kind == tokPunct && t.text == text {
		p.pos++
		return true
	}
	return false
}

func (p *parser) expect(text string) error {
	if !p.accept(text) {
		t := p.peek()
		return p.unsupported(t, fmt.Sprintf("%q where %q was expected", t.text, text))
	}
	return nil
}

func (p *parser) unsupported(t token, what string) error {
	if t.kind == tokEOF {
		what = "the end of the expression"
	}
	return &UnsupportedError{Expression: p.src, Offset: t.offset, What: what}
}

func (p *parser) or(depth int) (*node, error) {
	return p.binary(depth, []string{"||"}, p.and)
}

func (p *parser) and(depth int) (*node, error) {
	return p.binary(depth, []string{"&&"}, p.relation)
}

// binary parses left-associative operands joined by one of ops.
func (p *parser) binary(depth int, ops []string, operand func(int) (*node, error)) (*node, error) {
	if depth > maxDepth {
		return nil, p.unsupported(p.peek(), "nesting deeper than 100")
	}
	left, err := operand(depth + 1)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if !(t.kind == tokPunct || t.kind == tokIdent) || !contains(ops, t.text) {
			return left, nil
		}
		p.next()
		right, err := operand(depth + 1)
		if err != nil {
			return nil, err
		}
		left = &node{op: t.text, args: []*node{left, right}}
	}
}

var relations = []string{"==", "!=", "<", "<=", ">", ">=", "in"}

func (p *parser) relation(depth int) (*node, error) {
	return p.binary(depth, relations, p.unary)
}

func (p *parser) unary(depth int) (*node, error) {
	if depth > maxDepth {
		return nil, p.unsupported(p.peek(), "nesting deeper than 100")
	}
	for _, op := range []string{"!", "-"} {
		if p.accept(op) {
			operand, err := p.unary(depth + 1)
			if err != nil {
				return nil, err
			}
			return &node{op: op, args: []*node{operand}}, nil
		}
	}
	return p.member(depth)
}

func (p *parser) member(depth int) (*node, error) {
	n, err := p.primary(depth)
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.accept("."):
			t := p.next()
			if t.kind != tokIdent {
				return nil, p.unsupported(t, fmt.Sprintf("%q after '.'", t.text))
			}
			if p.accept("(") {
				args, err := p.args(depth, ")")
				if err != nil {
					return nil, err
				}
				n = &node{op: "call", name: t.text, recv: n, args: args, at: t.offset}
				continue
			}
			n = &node{op: "select", name: t.text, args: []*node{n}, at: t.offset}
		case p.accept("["):
			index, err := p.or(depth + 1)
			if err != nil {
				return nil, err
			}
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			n = &node{op: "index", args: []*node{n, index}}
		default:
			return n, nil
		}
	}
}

func (p *parser) primary(depth int) (*node, error) {
	t := p.next()
	switch t.kind {
	case tokString:
		return &node{op: "lit", lit: t.value}, nil
	case tokInt:
		return &node{op: "lit", lit: t.value}, nil
	case tokIdent:
		switch t.text {
		case "true", "false":
			return &node{op: "lit", lit: t.text == "true"}, nil
		case "null":
			return &node{op: "lit"}, nil
		}
		if p.accept("(") {
			args, err := p.args(depth, ")")
			if err != nil {
				return nil, err
			}
			return &node{op: "call", name: t.text, args: args, at: t.offset}, nil
		}
		return &node{op: "ident", name: t.text, at: t.offset}, nil
	case tokPunct:
		switch t.text {
		case "(":
			n, err := p.or(depth + 1)
			if err != nil {
				return nil, err
			}
			return n, p.expect(")")
		case "[":
			items, err := p.args(depth, "]")
			return &node{op: "list", args: items}, err
		}
	}
	return nil, p.unsupported(t, fmt.Sprintf("%q", t.text))
}

// args parses a comma-separated list up to its closing bracket.
func (p *parser) args(depth int, closing string) ([]*node, error) {
	var args []*node
	if p.accept(closing) {
		return args, nil
	}
	for {
		arg, err := p.or(depth + 1)
		if err != nil {
			return nil, err
		}
		args = append(args, arg)
		if p.accept(closing) {
			return args, nil
		}
		if err := p.expect(","); err != nil {
			return nil, err
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type tokenKind int

const (
	tokEOF tokenKind = iota
	tokIdent
	tokString
	tokInt
	tokPunct
)

type token struct {
	kind   tokenKind
	text   string
	value  any
	offset int
}

// punctuation lists the operators, two-character ones first.
var punctuation = []string{"==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "-", "(", ")", "[", "]", ".", ","}

func tokenize(src string) ([]token, error) {
	var toks []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"' || c == '\'':
			end, value, err := scanString(src, i)
			if err != nil {
				return nil, err
			}
			toks = append(toks, token{kind: tokString, text: src[i:end], value: value, offset: i})
			i = end
		case isDigit(c):
			end := i
			for end < len(src) && isDigit(src[end]) {
				end++
			}
			if end < len(src) && (src[end] == '.' || src[end] == 'u' || src[end] == 'e' || src[end] == 'x') {
				return nil, &UnsupportedError{Expression: src, Offset: i, What: "a number that is not a decimal int"}
			}
			n, err := strconv.ParseInt(src[i:end], 10, 64)
			if err != nil {
				return nil, &UnsupportedError{Expression: src, Offset: i, What: "an int out of range"}
			}
			toks = append(toks, token{kind: tokInt, text: src[i:end], value: n, offset: i})
			i = end
		case c == '_' || isLetter(c):
			end := i
			for end < len(src) && (src[end] == '_' || isLetter(src[end]) || isDigit(src[end])) {
				end++
			}
			toks = append(toks, token{kind: tokIdent, text: src[i:end], offset: i})
			i = end
		default:
			punct := ""
			for _, p := range punctuation {
				if strings.HasPrefix(src[i:], p) {
					punct = p
					break
				}
			}
			if punct == "" {
				end := i + 1
				for end < len(src) && src[end] >= 0x80 && src[end] < 0xC0 {
					end++
				}
				return nil, &UnsupportedError{Expression: src, Offset: i, What: fmt.Sprintf("%q", src[i:end])}
			}
			toks = append(toks, token{kind: tokPunct, text: punct, offset: i})
			i += len(punct)
		}
	}
	return append(toks, token{kind: tokEOF, offset: len(src)}), nil
}

// scanString reads a quoted string with CEL's simple escapes; raw,
// triple-quoted and byte strings are outside the subset.
func scanString(src string, start int) (int, string, error) {
	quote := src[start]
	if strings.HasPrefix(src[start:], strings.Repeat(string(quote), 3)) {
		return 0, "", &UnsupportedError{Expression: src, Offset: start, What: "a triple-quoted string"}
	}
	var b strings.Builder
	for i := start + 1; i < len(src); i++ {
		switch c := src[i]; {
		case c == quote:
			return i + 1, b.String(), nil
		case c == '\n':
			i = len(src)
		case c == '\\' && i+1 < len(src):
			i++
			escaped, ok := map[byte]byte{'\\': '\\', '"': '"', '\'': '\'', 'n': '\n', 't': '\t', 'r': '\r', '`': '`', '?': '?'}[src[i]]
			if !ok {
				return 0, "", &UnsupportedError{Expression: src, Offset: i - 1, What: fmt.Sprintf("the escape \\%c", src[i])}
			}
			b.WriteByte(escaped)
		default:
			b.WriteByte(c)
		}
	}
	return 0, "", &UnsupportedError{Expression: src, Offset: start, What: "an unterminated string"}
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
