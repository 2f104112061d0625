package manifest

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Limits on what decoding one editor's text may cost. The page decodes
// whatever anyone pastes, so each limit turns a hostile or mistaken input into
// an error that names it, within about a second and in bounded memory,
// instead of a frozen tab.
const (
	// MaxInputBytes is the largest text an editor may hold (16 MiB).
	MaxInputBytes = 16 << 20
	// maxYAMLTokens bounds the YAML nodes a text may hold, as counted by
	// yamlTokenBound before anything is parsed: the YAML parser keeps about
	// 200 bytes per node, so a 16 MiB list of one-byte items would otherwise
	// cost gigabytes. 5,000 nodes of `kubectl get nodes -o yaml` count about
	// 100 each without their images list.
	maxYAMLTokens = 1_000_000
	// maxExpandedNodes bounds a YAML document's nodes counted with every alias
	// expanded where it is used, which stops alias bombs.
	maxExpandedNodes = 4_000_000
	// maxDepth bounds the nesting of a YAML document; Kubernetes objects nest
	// about 15 levels.
	maxDepth = 100
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
	if n := yamlTokenBound(text); n > maxYAMLTokens {
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

// yamlTokenBound counts, in one pass over the bytes (eight at a time), the places a YAML node
// can begin: after a line break, a flow indicator ("[", "{", ","), a mapping
// indicator (":"), a block sequence entry ("- ") or a complex key ("? "). Every node but the
// first follows one of them, so the count bounds the nodes from above
// (a colon or dash inside a plain value counts too, which only overestimates).
func yamlTokenBound(text string) int {
	n := 1
	i := 0
	for ; i+8 < len(text); i += 8 {
		x := word(text, i)
		n += countBytes(bytesEqual(x, '\n') | bytesEqual(x, '[') | bytesEqual(x, '{') | bytesEqual(x, ',') | bytesEqual(x, ':'))
		if indicators := bytesEqual(x, '-') | bytesEqual(x, '?'); indicators != 0 {
			// The byte after each is in the same word, shifted down a byte,
			// but for the last, whose next byte is the next word's first
			// (there is one: i+8 < len(text)).
			next := x>>8 | uint64(text[i+8])<<56
			blank := bytesEqual(next, ' ') | bytesEqual(next, '\t') | bytesEqual(next, '\n') | bytesEqual(next, '\r')
			n += countBytes(indicators & blank)
		}
	}
	for ; i < len(text); i++ {
		switch text[i] {
		case '\n', '[', '{', ',', ':':
			n++
		case '-', '?':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '\n' || text[i+1] == '\r' {
				n++
			}
		}
	}
	return n
}
