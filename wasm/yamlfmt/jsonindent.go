package yamlfmt

import "strings"

// indentJSON lays out valid JSON as json.Indent does with Indent spaces, and
// a line break at the end; it is ours so that the WASM does without
// json.Indent (issue 12). Empty objects and arrays stay {} and [].
func indentJSON(valid string) string {
	var b strings.Builder
	depth := 0
	opened := false // a { or [ was written, its first line not yet begun
	newline := func() {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(" ", depth*Indent))
	}
	for i := 0; i < len(valid); i++ {
		c := valid[i]
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		}
		if opened && c != '}' && c != ']' {
			opened = false
			depth++
			newline()
		}
		switch c {
		case '"':
			end := i + 1
			for valid[end] != '"' {
				if valid[end] == '\\' {
					end++
				}
				end++
			}
			b.WriteString(valid[i : end+1])
			i = end
		case '{', '[':
			b.WriteByte(c)
			opened = true
		case '}', ']':
			if opened {
				opened = false
			} else {
				depth--
				newline()
			}
			b.WriteByte(c)
		case ',':
			b.WriteByte(c)
			newline()
		case ':':
			b.WriteString(": ")
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\n')
	return b.String()
}
