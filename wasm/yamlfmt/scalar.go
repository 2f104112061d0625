package yamlfmt

import (
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// scalarContext is where a scalar is written, which limits its styles.
type scalarContext int

const (
	blockContext scalarContext = iota // a value or item in block style
	keyContext                        // a simple key: one line, no block scalar
	flowContext                       // inside [ ] or { }
)

// scalarStyle is the style a scalar is written in.
type scalarStyle int

const (
	plainScalar scalarStyle = iota
	singleQuoted
	doubleQuoted
	literalScalar
	foldedScalar
)

// scalarTraits are what yaml.v3's emitter (yaml_emitter_analyze_scalar)
// learns of a value to decide which styles can hold it.
type scalarTraits struct {
	multiline, flowPlain, blockPlain, singleQuoted, block bool
}

// analyzeScalar ports yaml_emitter_analyze_scalar, so that a value gets the
// style yaml.v3's encoder would give it.
func analyzeScalar(value string) scalarTraits {
	if value == "" {
		return scalarTraits{blockPlain: true, singleQuoted: true}
	}
	var f scalarFindings
	if strings.HasPrefix(value, "---") || strings.HasPrefix(value, "...") {
		f.blockIndicators, f.flowIndicators = true, true
	}
	precededByWhitespace := true
	var previousSpace, previousBreak bool
	for i, r := range value {
		next := i + utf8.RuneLen(r)
		if r == utf8.RuneError {
			next = i + 1
		}
		followedByWhitespace := next >= len(value) || isBlank(rune(value[next])) || isBreak(firstRune(value[next:]))
		flow, block := indicators(r, i == 0, precededByWhitespace, followedByWhitespace)
		f.flowIndicators, f.blockIndicators = f.flowIndicators || flow, f.blockIndicators || block
		if r == '\t' {
			f.tabs = true
		} else if !isPrintable(r) {
			f.special = true
		}
		switch {
		case r == ' ':
			f.leadingSpace = f.leadingSpace || i == 0
			f.trailingSpace = f.trailingSpace || next == len(value)
			f.breakSpace = f.breakSpace || previousBreak
			previousSpace, previousBreak = true, false
		case isBreak(r):
			f.lineBreaks = true
			f.leadingBreak = f.leadingBreak || i == 0
			f.trailingBreak = f.trailingBreak || next == len(value)
			f.spaceBreak = f.spaceBreak || previousSpace
			previousSpace, previousBreak = false, true
		default:
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = isBlank(r) || isBreak(r)
	}
	return f.traits(value)
}

// scalarFindings are the flags yaml_emitter_analyze_scalar sets as it
// scans a value.
type scalarFindings struct {
	blockIndicators, flowIndicators, lineBreaks, special, tabs                       bool
	leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
}

// indicators says whether r, first in the value or not, between the
// whitespace or not that precedes and follows it, is an indicator in flow
// and in block context.
func indicators(r rune, first, precededByWhitespace, followedByWhitespace bool) (flow, block bool) {
	if first {
		switch r {
		case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
			return true, true
		case '?', ':':
			return true, followedByWhitespace
		case '-':
			return followedByWhitespace, followedByWhitespace
		}
		return false, false
	}
	switch r {
	case ',', '?', '[', ']', '{', '}':
		return true, false
	case ':':
		return true, followedByWhitespace
	case '#':
		return precededByWhitespace, precededByWhitespace
	}
	return false, false
}

// traits are the styles that can hold value, given what its scan found.
func (f scalarFindings) traits(value string) scalarTraits {
	t := scalarTraits{multiline: f.lineBreaks, flowPlain: true, blockPlain: true, singleQuoted: true, block: true}
	if f.leadingSpace || f.leadingBreak || f.trailingSpace || f.trailingBreak || f.breakSpace || f.lineBreaks {
		t.flowPlain, t.blockPlain = false, false
	}
	if f.breakSpace || f.spaceBreak || f.tabs || f.special {
		t.flowPlain, t.blockPlain, t.singleQuoted = false, false, false
	}
	if f.trailingSpace || f.spaceBreak || f.special || strings.ContainsAny(value, "\r\u0085\u2028\u2029") {
		t.block = false
	}
	if f.flowIndicators {
		t.flowPlain = false
	}
	if f.blockIndicators {
		t.blockPlain = false
	}
	return t
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func isBlank(r rune) bool { return r == ' ' || r == '\t' }

func isBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// isPrintable is yaml.v3's is_printable: characters outside the basic
// multilingual plane are escaped too.
func isPrintable(r rune) bool {
	return r == '\n' || r >= 0x20 && r <= 0x7E || r >= 0xA0 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD && r != 0xFEFF
}

// chooseStyle picks the style of a scalar as yaml.v3's encoder and emitter
// do (encoder.node, yaml_emitter_select_scalar_style).
func chooseStyle(n *yaml.Node, ctx scalarContext, t scalarTraits) scalarStyle {
	style := plainScalar
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0:
		style = doubleQuoted
	case n.Style&yaml.SingleQuotedStyle != 0:
		style = singleQuoted
	case n.Style&yaml.LiteralStyle != 0:
		style = literalScalar
	case n.Style&yaml.FoldedStyle != 0:
		style = foldedScalar
	case strings.Contains(n.Value, "\n"):
		style = literalScalar
	case n.Style&yaml.TaggedStyle == 0 && n.Tag == "!!str" && !resolvesToString(n.Value):
		style = doubleQuoted // "! 12" is the string 12: plain it would be a number
	}
	if ctx == keyContext && t.multiline {
		style = doubleQuoted
	}
	if style == plainScalar {
		if ctx == flowContext && !t.flowPlain || ctx != flowContext && !t.blockPlain ||
			n.Value == "" && ctx != blockContext {
			style = singleQuoted
		}
	}
	if style == singleQuoted && !t.singleQuoted {
		style = doubleQuoted
	}
	if (style == literalScalar || style == foldedScalar) && (!t.block || ctx != blockContext) {
		style = doubleQuoted
	}
	return style
}

// resolvesToString says whether value, written plain, reads back as a string.
// Only text like a number or a date, or a word of five letters at most (true,
// False, null, ~, <<), can read as anything else, so only that is parsed.
func resolvesToString(value string) bool {
	if value == "" {
		return false
	}
	if !strings.ContainsRune("+-.0123456789", rune(value[0])) &&
		(len(value) > len("false") || !strings.ContainsRune("tTfFnN~<", rune(value[0]))) {
		return true
	}
	var n yaml.Node
	if err := yaml.NewDecoder(strings.NewReader(value)).Decode(&n); err != nil || len(n.Content) != 1 || n.Content[0].Kind != yaml.ScalarNode {
		return true
	}
	return n.Content[0].Tag == "!!str"
}

// emptyNull says whether n is a null written as nothing ("key:", "? ").
func emptyNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Value == "" && n.Tag == "!!null" &&
		n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle|yaml.TaggedStyle) == 0
}

// writeScalar writes n's properties and value. In block context it ends the
// line after comment, or after the body of a block scalar at indent.
func (e *emitter) writeScalar(n *yaml.Node, indent int, ctx scalarContext, comment string) {
	e.writeProperties(n)
	if emptyNull(n) {
		// Nothing after "key:", but a word where empty means ''; a key is
		// never written here (see simpleKey and writeFlow).
		if ctx != blockContext {
			e.space()
			e.b.WriteString("null")
			return
		}
		e.lineComment(comment)
		e.b.WriteByte('\n')
		return
	}
	t := analyzeScalar(n.Value)
	e.space()
	switch chooseStyle(n, ctx, t) {
	case plainScalar:
		e.b.WriteString(n.Value)
	case singleQuoted:
		e.writeSingleQuoted(n.Value, indent)
	case doubleQuoted:
		e.writeDoubleQuoted(n.Value)
	case literalScalar:
		e.writeBlockScalar('|', n.Value, indent, comment)
		return
	case foldedScalar:
		e.writeBlockScalar('>', n.Value, indent, comment)
		return
	}
	if ctx == blockContext {
		e.lineComment(comment)
		e.b.WriteByte('\n')
	}
}

// writeSingleQuoted ports yaml_emitter_write_single_quoted without line
// wrapping: a run of n line breaks is written as n+1, the next line at indent.
func (e *emitter) writeSingleQuoted(value string, indent int) {
	e.b.WriteByte('\'')
	breaks := false
	for _, r := range value {
		switch {
		case r == '\n':
			if !breaks {
				e.b.WriteByte('\n')
			}
			e.b.WriteByte('\n')
			breaks = true
		default:
			if breaks {
				e.b.WriteString(strings.Repeat(" ", indent))
			}
			if r == '\'' {
				e.b.WriteByte('\'')
			}
			e.b.WriteRune(r)
			breaks = false
		}
	}
	if breaks {
		e.b.WriteString(strings.Repeat(" ", indent))
	}
	e.b.WriteByte('\'')
}

// shortEscape is the escape yaml_emitter_write_double_quoted uses for r, if
// it has a short one.
func shortEscape(r rune) string {
	switch r {
	case 0:
		return `\0`
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\v':
		return `\v`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	case 0x1B:
		return `\e`
	case '"':
		return `\"`
	case '\\':
		return `\\`
	case 0x85:
		return `\N`
	case 0x2028:
		return `\L`
	case 0x2029:
		return `\P`
	}
	return ""
}

// writeDoubleQuoted writes value in double quotes, escaping what yaml.v3 escapes.
func (e *emitter) writeDoubleQuoted(value string) {
	e.b.WriteByte('"')
	for i := 0; i < len(value); {
		r, width := utf8.DecodeRuneInString(value[i:])
		escape := shortEscape(r)
		switch {
		case r == utf8.RuneError && width == 1:
			e.writeEscape('x', rune(value[i]), 2)
		case escape != "":
			e.b.WriteString(escape)
		case !isPrintable(r) && r <= 0xFF:
			e.writeEscape('x', r, 2)
		case !isPrintable(r) && r <= 0xFFFF:
			e.writeEscape('u', r, 4)
		case !isPrintable(r):
			e.writeEscape('U', r, 8)
		default:
			e.b.WriteRune(r)
		}
		i += width
	}
	e.b.WriteByte('"')
}

// writeEscape writes \ and kind, then r in digits upper-case hex digits.
func (e *emitter) writeEscape(kind byte, r rune, digits int) {
	e.b.WriteByte('\\')
	e.b.WriteByte(kind)
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		e.b.WriteByte("0123456789ABCDEF"[r>>shift&0xF])
	}
}

// writeBlockScalar writes a literal (|) or folded (>) scalar: its header with
// the indentation indicator when the text starts with a space or a break and
// the chomping indicator its last line breaks need, then its lines at indent.
func (e *emitter) writeBlockScalar(indicator byte, value string, indent int, comment string) {
	e.b.WriteByte(indicator)
	if value != "" && (value[0] == ' ' || value[0] == '\n') {
		e.b.WriteByte('0' + Indent)
	}
	switch {
	case !strings.HasSuffix(value, "\n"):
		e.b.WriteByte('-')
	case value == "\n" || strings.HasSuffix(value, "\n\n"):
		e.b.WriteByte('+')
	}
	e.lineComment(comment)
	e.b.WriteByte('\n')
	breaks, leadingSpaces := true, true
	for i := 0; i < len(value); i++ {
		c := value[i]
		if c == '\n' {
			// In folded text a break between two lines of words reads as a
			// space, so such a break is written as an empty line more.
			// (yaml_emitter_write_folded_scalar tests the text's first
			// line instead of the next, and changes the text when the next
			// line is indented more or is the end.)
			if indicator == '>' && !breaks && !leadingSpaces {
				next := strings.TrimLeft(value[i:], "\n")
				if next != "" && next[0] != ' ' && next[0] != '\t' {
					e.b.WriteByte('\n')
				}
			}
			e.b.WriteByte('\n')
			breaks = true
			continue
		}
		if breaks {
			e.b.WriteString(strings.Repeat(" ", indent))
			leadingSpaces = c == ' ' || c == '\t'
		}
		e.b.WriteByte(c)
		breaks = false
	}
	if !breaks {
		e.b.WriteByte('\n')
	}
}
