package yamltext

import "strings"

// Part is one part of an editor's text: from the start, or from a "---"
// separator line (included), to the next separator.
type Part struct {
	Text string
	// FirstLine is the editor line of the part's first line.
	FirstLine int
}

// Split cuts a text at its "---" separator lines, the YAML document
// markers ("---" alone or followed by a blank).
func Split(text string) []Part {
	var parts []Part
	start, startLine, line := 0, 1, 1
	for i := 0; i < len(text); {
		end := strings.IndexByte(text[i:], '\n')
		next := len(text)
		if end >= 0 {
			next = i + end + 1
		}
		if i > start && isDocumentSeparator(text[i:next]) {
			parts = append(parts, Part{Text: text[start:i], FirstLine: startLine})
			start, startLine = i, line
		}
		i = next
		line++
	}
	return append(parts, Part{Text: text[start:], FirstLine: startLine})
}

func isDocumentSeparator(line string) bool {
	return strings.HasPrefix(line, "---") && (len(line) == 3 || strings.ContainsRune(" \t\n", rune(line[3])))
}
