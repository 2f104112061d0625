package manifest

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// Limits on what decoding one editor's text may cost (yamltext has those
// of a parsed document: its depth and its nodes through aliases). The page
// decodes whatever anyone pastes, so each limit turns a hostile or mistaken
// input into an error that names it, within about a second and in bounded
// memory, instead of a frozen tab.
const (
	// MaxInputBytes is the largest text an editor may hold (16 MiB).
	MaxInputBytes = 16 << 20
	// maxYAMLTokens bounds the YAML nodes a text may hold, as counted by
	// yamltext.TokenBound before anything is parsed: the YAML parser keeps about
	// 200 bytes per node, so a 16 MiB list of one-byte items would otherwise
	// cost gigabytes. 5,000 nodes of `kubectl get nodes -o yaml` count about
	// 100 each without their images list.
	maxYAMLTokens = 1_000_000
	// maxObjects bounds the nodes, or the pods, one text may define.
	maxObjects = 10_000
	// maxListItems bounds the items read from one list of an object (taints,
	// tolerations, conditions, containers, selector terms...).
	maxListItems = 1_000
	// maxCommands bounds the kubectl lines of one text.
	maxCommands = 1_000
	// maxDiagnostics bounds the diagnostics one decode lists
	// (core.ProblemCap); the rest are counted in one note.
	maxDiagnostics = core.MaxProblemsShown
)

// inputProblem returns the error that stops decoding before anything is
// parsed: a text over MaxInputBytes, a text that is not UTF-8 (binary), or one
// with more YAML nodes than maxYAMLTokens. It returns nil for a usable text.
func inputProblem(text, editor string) *core.Diagnostic {
	problem := func(line int, msg string) *core.Diagnostic {
		return &core.Diagnostic{Severity: core.SeverityError, Code: core.CodeLimit, Message: msg,
			Source: core.Source{Editor: editor, Line: line}}
	}
	if len(text) > MaxInputBytes {
		return problem(1, fmt.Sprintf("the text is %d bytes; the limit is 16 MiB (%d bytes)", len(text), MaxInputBytes))
	}
	if !utf8.ValidString(text) {
		line := invalidUTF8Line(text)
		return problem(line, fmt.Sprintf("line %d: the text is not valid UTF-8 (is it binary?)", line))
	}
	if n := yamltext.TokenBound(text); n > maxYAMLTokens {
		return problem(1, fmt.Sprintf("the text has too many YAML items (about %d); the limit is %d", n, maxYAMLTokens))
	}
	return nil
}

// invalidUTF8Line returns the line of the first byte that is not UTF-8.
func invalidUTF8Line(text string) int {
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size == 1 {
			return 1 + strings.Count(text[:i], "\n")
		}
		i += size
	}
	return 0
}
