package manifest

import (
	"strings"

	"github.com/taint-playground/taint-playground/engine/yamltext"
)

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

// formatOf decides how to read a document from its first line that is not
// blank, a comment or the separator:
//
//  1. "Name:" or "Taints:" at the start of the line: `kubectl describe node`.
//  2. "kubectl ..." (after an optional "$ " prompt) or bare taints such as
//     key=value:NoSchedule: lines.
//  3. Anything else: YAML (JSON included).
func formatOf(doc yamltext.Part) documentFormat {
	first := true
	for line := range strings.Lines(doc.Text) {
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
