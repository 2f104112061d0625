package core

import (
	"fmt"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"
)

// LabelSelector is a parsed label selector, such as the argument of
// `kubectl taint nodes -l`: its requirements are ANDed. The apiserver parses
// it with apimachinery's labels.Parse, whose grammar and matching this mirrors
// without pulling labels (and klog) into the WASM binary.
type LabelSelector []labelRequirement

// labelRequirement is one comma-separated part of a selector.
type labelRequirement struct {
	key    string
	op     string
	values []string
}

// The selector operators, spelled as upstream's selection.Operator.
const (
	selectorIn           = "in"
	selectorNotIn        = "notin"
	selectorEquals       = "="
	selectorDoubleEquals = "=="
	selectorNotEquals    = "!="
	selectorExists       = "exists"
	selectorDoesNotExist = "!"
	selectorGreaterThan  = "gt"
	selectorLessThan     = "lt"
)

// Matches reports whether every requirement matches the labels.
func (s LabelSelector) Matches(labels map[string]string) bool {
	for i := range s {
		if !s[i].matches(labels) {
			return false
		}
	}
	return true
}

// Matches follows upstream Requirement.Matches:
//
//  1. =, == and in: the label exists and its value is one of the values.
//  2. != and notin: the label is absent or its value is none of the values.
//  3. A bare key: the label exists; !key: it does not.
//  4. > and <: the label exists and, read as an int64, is greater or less
//     than the value.
func (r *labelRequirement) matches(labels map[string]string) bool {
	value, exists := labels[r.key]
	switch r.op {
	case selectorIn, selectorEquals, selectorDoubleEquals:
		return exists && r.hasValue(value)
	case selectorNotIn, selectorNotEquals:
		return !exists || !r.hasValue(value)
	case selectorExists:
		return exists
	case selectorDoesNotExist:
		return !exists
	case selectorGreaterThan, selectorLessThan:
		if !exists {
			return false
		}
		have, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return false
		}
		want, _ := strconv.ParseInt(r.values[0], 10, 64)
		if r.op == selectorGreaterThan {
			return have > want
		}
		return have < want
	}
	return false
}

func (r *labelRequirement) hasValue(value string) bool {
	for _, v := range r.values {
		if v == value {
			return true
		}
	}
	return false
}

// selectorToken is a lexeme of the selector grammar: an operator or
// punctuation ("=", "!=", "(", ","...), a keyword ("in", "notin") or an
// identifier (kind "id").
type selectorToken struct {
	kind string
	text string
}

const (
	tokenID  = "id"
	tokenEnd = "end of string"
)

// selectorSymbols are the operators and punctuation.
var selectorSymbols = map[string]bool{"!=": true, "==": true, "=": true, "!": true, "(": true, ")": true, ",": true, ">": true, "<": true}

// lexSelector splits a selector into tokens as upstream's Lexer does: blanks
// separate, the characters =!(),>< form the longest operator they can, and
// anything else runs into an identifier ("in" and "notin" are keywords).
func lexSelector(s string) []selectorToken {
	l := selectorLexer{s: s}
	var tokens []selectorToken
	for {
		t := l.lex()
		tokens = append(tokens, t)
		if t.kind == tokenEnd {
			return tokens
		}
	}
}

// selectorLexer reads a selector byte by byte. Like upstream's, it reads a
// NUL byte as the end of the text: where a token would start it ends the
// selector, inside a token it ends the token.
type selectorLexer struct {
	s   string
	pos int
}

func (l *selectorLexer) read() byte {
	if l.pos == len(l.s) {
		return 0
	}
	l.pos++
	return l.s[l.pos-1]
}

func isSelectorBlank(c byte) bool  { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
func isSelectorSymbol(c byte) bool { return strings.IndexByte("=!(),><", c) >= 0 }

func (l *selectorLexer) lex() selectorToken {
	c := l.read()
	for isSelectorBlank(c) {
		c = l.read()
	}
	if c == 0 {
		return selectorToken{kind: tokenEnd}
	}
	l.pos--
	if isSelectorSymbol(c) {
		return l.symbol()
	}
	return l.identifier()
}

func (l *selectorLexer) symbol() selectorToken {
	var buf []byte
	last := ""
	for {
		c := l.read()
		if c == 0 {
			break
		}
		if !isSelectorSymbol(c) {
			l.pos--
			break
		}
		buf = append(buf, c)
		if selectorSymbols[string(buf)] {
			last = string(buf)
		} else {
			l.pos--
			break
		}
	}
	return selectorToken{kind: last, text: last}
}

func (l *selectorLexer) identifier() selectorToken {
	var buf []byte
	for {
		c := l.read()
		if c == 0 {
			break
		}
		if isSelectorSymbol(c) || isSelectorBlank(c) {
			l.pos--
			break
		}
		buf = append(buf, c)
	}
	word := string(buf)
	if word == selectorIn || word == selectorNotIn {
		return selectorToken{kind: word, text: word}
	}
	return selectorToken{kind: tokenID, text: word}
}

// selectorParser walks the tokens of one selector.
type selectorParser struct {
	tokens []selectorToken
	pos    int
}

// peek returns the next token; where a value is expected (values is true) the
// keywords in and notin are plain identifiers, as upstream's Values context.
func (p *selectorParser) peek(values bool) selectorToken {
	t := p.tokens[p.pos]
	if values && (t.kind == selectorIn || t.kind == selectorNotIn) {
		t.kind = tokenID
	}
	return t
}

func (p *selectorParser) next(values bool) selectorToken {
	t := p.peek(values)
	if t.kind != tokenEnd {
		p.pos++
	}
	return t
}

// ParseLabelSelector parses a selector with upstream labels.Parse's grammar:
//
//	selector    ::= requirement { "," requirement }
//	requirement ::= [ "!" ] KEY [ ( "in" | "notin" ) "(" values ")" |
//	                ( "=" | "==" | "!=" | ">" | "<" ) VALUE ]
//
// Keys must be label keys and values label values; > and < need an integer.
// The empty selector selects everything.
func ParseLabelSelector(s string) (LabelSelector, error) {
	p := &selectorParser{tokens: lexSelector(s)}
	var selector LabelSelector
	for {
		t := p.peek(true)
		switch t.kind {
		case tokenEnd:
			return selector, nil
		case tokenID, selectorDoesNotExist:
		default:
			return nil, fmt.Errorf("found '%s', expected: !, identifier, or 'end of string'", t.text)
		}
		r, err := p.requirement()
		if err != nil {
			return nil, fmt.Errorf("unable to parse requirement: %v", err)
		}
		selector = append(selector, r)
		switch t := p.next(true); t.kind {
		case tokenEnd:
			return selector, nil
		case ",":
			if t2 := p.peek(true); t2.kind != tokenID && t2.kind != selectorDoesNotExist {
				return nil, fmt.Errorf("found '%s', expected: identifier after ','", t2.text)
			}
		default:
			return nil, fmt.Errorf("found '%s', expected: ',' or 'end of string'", t.text)
		}
	}
}

// requirement parses one requirement and validates it as NewRequirement does.
func (p *selectorParser) requirement() (labelRequirement, error) {
	var r labelRequirement
	t := p.next(true)
	if t.kind == selectorDoesNotExist {
		r.op = selectorDoesNotExist
		t = p.next(true)
	}
	if t.kind != tokenID {
		return r, fmt.Errorf("found '%s', expected: identifier", t.text)
	}
	r.key = t.text
	if msgs := content.IsLabelKey(r.key); len(msgs) > 0 {
		return r, fmt.Errorf("<nil>: Invalid value: %q: %s", r.key, strings.Join(msgs, "; "))
	}
	if r.op == selectorDoesNotExist {
		// Whatever follows "!key" is the selector's to judge: a "," or the end.
		return r, nil
	}
	if after := p.peek(true).kind; after == tokenEnd || after == "," {
		r.op = selectorExists
		return r, nil
	}
	op := p.next(false)
	switch op.kind {
	case selectorIn, selectorNotIn:
		r.op = op.kind
		values, err := p.valueSet()
		if err != nil {
			return r, err
		}
		r.values = values
	case selectorEquals, selectorDoubleEquals, selectorNotEquals, ">", "<":
		r.op = map[string]string{">": selectorGreaterThan, "<": selectorLessThan}[op.kind]
		if r.op == "" {
			r.op = op.kind
		}
		value, err := p.exactValue()
		if err != nil {
			return r, err
		}
		r.values = []string{value}
	default:
		return r, fmt.Errorf("found '%s', expected: in, notin, =, ==, !=, gt, lt", op.text)
	}
	return r, r.validateValues()
}

// validateValues applies NewRequirement's checks on the values.
func (r *labelRequirement) validateValues() error {
	if r.op == selectorGreaterThan || r.op == selectorLessThan {
		if _, err := strconv.ParseInt(r.values[0], 10, 64); err != nil {
			return fmt.Errorf("values[0]: Invalid value: %q: for 'Gt', 'Lt' operators, the value must be an integer", r.values[0])
		}
	}
	for i, v := range r.values {
		if msgs := content.IsLabelValue(v); len(msgs) > 0 {
			return fmt.Errorf("values[%d][%s]: Invalid value: %q: %s", i, r.key, v, strings.Join(msgs, "; "))
		}
	}
	return nil
}

// valueSet parses "(a,b,...)"; empty entries, as in "(a,,b)" or "()", are
// the empty value.
func (p *selectorParser) valueSet() ([]string, error) {
	if t := p.next(true); t.kind != "(" {
		return nil, fmt.Errorf("found '%s' expected: '('", t.text)
	}
	var values []string
	expectValue := true
	for {
		t := p.next(true)
		switch {
		case t.kind == tokenID && expectValue:
			values = append(values, t.text)
			expectValue = false
		case t.kind == ",":
			if expectValue {
				values = append(values, "")
			}
			expectValue = true
		case t.kind == ")":
			if expectValue {
				values = append(values, "")
			}
			return values, nil
		default:
			return nil, fmt.Errorf("found '%s', expected: ',', ')' or identifier", t.text)
		}
	}
}

// exactValue parses the value after =, ==, !=, > or <; nothing before a ","
// or the end is the empty value.
func (p *selectorParser) exactValue() (string, error) {
	switch t := p.peek(true); t.kind {
	case tokenEnd, ",":
		return "", nil
	case tokenID:
		p.next(true)
		return t.text, nil
	default:
		return "", fmt.Errorf("found '%s', expected: identifier", t.text)
	}
}
