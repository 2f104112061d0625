package manifest

import "strings"

// textDocument is one part of an editor's text: from the start, or from a
// "---" separator line (included), to the next separator.
type textDocument struct {
	text string
	// firstLine is the editor line of the document's first line.
	firstLine int
}

// documentFormat is how a document is read.
type documentFormat int

const (
	formatEmpty documentFormat = iota
	formatYAML
	// formatLines is kubectl taint commands and bare taints, one per line.
	formatLines
	// formatDescribe is `kubectl describe node` output.
	formatDescribe
)

// splitDocuments cuts a text at its "---" separator lines, the YAML document
// markers ("---" alone or followed by a blank).
func splitDocuments(text string) []textDocument {
	var docs []textDocument
	start, startLine, line := 0, 1, 1
	for i := 0; i < len(text); {
		end := strings.IndexByte(text[i:], '\n')
		next := len(text)
		if end >= 0 {
			next = i + end + 1
		}
		if i > start && isDocumentSeparator(text[i:next]) {
			docs = append(docs, textDocument{text: text[start:i], firstLine: startLine})
			start, startLine = i, line
		}
		i = next
		line++
	}
	return append(docs, textDocument{text: text[start:], firstLine: startLine})
}

func isDocumentSeparator(line string) bool {
	return strings.HasPrefix(line, "---") && (len(line) == 3 || strings.ContainsRune(" \t\n", rune(line[3])))
}

// format decides how to read a document from its first line that is not
// blank, a comment or the separator:
//
//  1. "Name:" or "Taints:" at the start of the line: `kubectl describe node`.
//  2. "kubectl ..." (after an optional "$ " prompt) or bare taints such as
//     key=value:NoSchedule: lines.
//  3. Anything else: YAML (JSON included).
func (doc textDocument) format() documentFormat {
	first := true
	for line := range strings.Lines(doc.text) {
		line = strings.TrimSuffix(line, "\n")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") || (first && trimmed == "---") {
			first = false
			continue
		}
		switch {
		case isDescribeKey(line, "Name") || isDescribeKey(line, "Taints"):
			return formatDescribe
		case isKubectlLine(trimmed) || isBareTaintLine(trimmed):
			return formatLines
		}
		return formatYAML
	}
	return formatEmpty
}

// isKubectlLine reports whether a trimmed line is a kubectl command.
func isKubectlLine(trimmed string) bool {
	trimmed = strings.TrimPrefix(trimmed, "$ ")
	return trimmed == "kubectl" || strings.HasPrefix(trimmed, "kubectl ")
}

// isBareTaintLine reports whether a trimmed line is taint specs and nothing
// else: every word is a spec by kubectl's rule (it holds "=" or ":", or ends
// in "-"), and nothing reads as YAML (no ": ", no trailing ":", no YAML
// indicator first).
func isBareTaintLine(trimmed string) bool {
	if strings.Contains(trimmed, ": ") || strings.HasSuffix(trimmed, ":") || strings.ContainsRune("-[{\"'!&*%@`|>?", rune(trimmed[0])) {
		return false
	}
	for _, word := range strings.Fields(trimmed) {
		if strings.HasPrefix(word, "#") {
			break
		}
		if !strings.ContainsAny(word, "=:") && !strings.HasSuffix(word, "-") {
			return false
		}
	}
	return true
}
