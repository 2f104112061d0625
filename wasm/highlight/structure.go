package highlight

import (
	"slices"
	"strings"
)

// ancestor is a mapping key that starts a line, at its column.
type ancestor struct {
	column int
	name   string
}

// annotate gives tokens the meaning that only the document's structure shows,
// which a line-oriented lexer cannot see:
//  1. The value of a "key" field below taints: or tolerations: is a taint key;
//     elsewhere (node affinity, label selectors) it is a plain string.
//  2. The lines of a block scalar (| or >) are one string each, whatever they
//     look like (an annotation holding JSON, say).
//
// Nesting is read from the column of the key that starts each line, which is
// right for YAML and for the indented JSON kubectl prints.
func annotate(lines [][]Token) {
	var stack []ancestor
	block := -1 // the column a block scalar's lines must pass; -1 outside one
	for i, line := range lines {
		indent := leadingWhitespace(line)
		if block >= 0 {
			if isBlankLine(line) {
				continue
			}
			if indent > block {
				lines[i] = blockScalarLine(line)
				continue
			}
			block = -1
		}
		column, leading, ok := leadingKey(line)
		if ok {
			for len(stack) > 0 && stack[len(stack)-1].column >= column {
				stack = stack[:len(stack)-1]
			}
		}
		inList := false
		for _, a := range stack {
			inList = inList || listFields[a.name]
		}
		lines[i] = markTaintKeys(line, inList)
		if ok {
			stack = append(stack, ancestor{column: column, name: leading})
		}
		if endsWithBlockIndicator(line) {
			block = indent
			if ok {
				block = column
			}
		}
	}
}

// leadingWhitespace is the width of the spaces and tabs that start the line.
func leadingWhitespace(line []Token) int {
	width := 0
	for _, t := range line {
		blanks := 0
		for blanks < len(t.Value) && isBlankChar(t.Value[blanks]) {
			blanks++
		}
		width += blanks
		if blanks < len(t.Value) {
			break
		}
	}
	return width
}

// leadingKey finds a mapping key preceded on its line only by indentation and
// sequence dashes, and returns its column and unquoted name.
func leadingKey(line []Token) (column int, key string, ok bool) {
	for _, t := range line {
		switch {
		case t.Type == mappingKey || t.Type == listField:
			return column, unquote(t.Value), true
		case t.Type == text && isBlank(t), t.Type == punctuation && t.Value == "-":
			column += len(t.Value)
		default:
			return 0, "", false
		}
	}
	return 0, "", false
}

// markTaintKeys retypes the string after each `key:` in the line that is
// below a list field: one of the line's ancestors (inList), or one earlier on
// the line itself, as in the flow form `taints: [{key: a, effect: NoSchedule}]`.
// The line may be the line cache's: it returns a copy when it retypes.
func markTaintKeys(line []Token, inList bool) []Token {
	copied := false
	afterKey := false
	for i, t := range line {
		switch {
		case t.Type == listField:
			inList = true
			afterKey = false
		case t.Type == mappingKey:
			afterKey = inList && unquote(t.Value) == "key"
		case afterKey && (t.Type == punctuation && t.Value == ":" || t.Type == text && isBlank(t)):
			// still between the key and its value
		case afterKey && (t.Type == plainString || t.Type == doubleQuoted || t.Type == singleQuoted):
			if !copied {
				line, copied = slices.Clone(line), true
			}
			line[i].Type = taintKey
			afterKey = false
		default:
			afterKey = false
		}
	}
	return line
}

// endsWithBlockIndicator reports whether the line's last token before any
// comment is | or >, so the lines below are a block scalar.
func endsWithBlockIndicator(line []Token) bool {
	for i := len(line) - 1; i >= 0; i-- {
		t := line[i]
		if t.Type == comment || (t.Type == text && isBlank(t)) {
			continue
		}
		return t.Type == blockIndicator
	}
	return false
}

// isBlank reports whether a token holds only spaces, tabs and line breaks.
// It is a loop, not strings.Trim, which builds a set of its cutset on every
// call: annotate calls it for most tokens.
func isBlank(t Token) bool {
	return blanksEnd(t.Value) == len(t.Value)
}

// blanksEnd is where the spaces, tabs and line breaks that start s end.
func blanksEnd(s string) int {
	i := 0
	for i < len(s) && (isBlankChar(s[i]) || s[i] == '\n') {
		i++
	}
	return i
}

// isBlankLine reports whether the line has nothing but whitespace.
func isBlankLine(line []Token) bool {
	for _, t := range line {
		if !isBlank(t) {
			return false
		}
	}
	return true
}

// blockScalarLine is the line as its indentation, one block-scalar token and
// its line break.
func blockScalarLine(line []Token) []Token {
	var all strings.Builder
	for _, t := range line {
		all.WriteString(t.Value)
	}
	s := all.String()
	body := strings.TrimLeft(s, " \t")
	content := strings.TrimSuffix(body, "\n")
	var out []Token
	if indent := s[:len(s)-len(body)]; indent != "" {
		out = append(out, Token{Type: text, Value: indent})
	}
	out = append(out, Token{Type: blockScalar, Value: content})
	if len(content) < len(body) {
		out = append(out, Token{Type: text, Value: "\n"})
	}
	return out
}
