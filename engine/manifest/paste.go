package manifest

import (
	"fmt"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// unixPrompt matches a line that starts with a shell prompt: "$", "%",
// "user@host:~$", "root@host:/#", "[user@host dir]$", then the command typed
// after it, if any. windowsPrompt matches PowerShell's "PS C:\dir>" and
// cmd's "C:\dir>". They are compiled on first use (lazyRegexp), not at
// init: the page waits for the WASM's init before its first verdict, and
// most inputs never need them.
var (
	unixPrompt    = lazyRegexp(`^(\[[^\]]*\]|[^\s\[]*)([$#%])(?:[ \t]+(.*?))?[ \t]*$`)
	windowsPrompt = lazyRegexp(`^(PS [^>]*>|[A-Za-z]:\\[^>]*>)(?:[ \t]+(.*?))?[ \t]*$`)
)

// shellPrompt splits a line that starts, at its first column, with a shell
// prompt into the prompt and the command after it. "#" alone is a comment
// (in YAML and in a shell script), so a root prompt needs a user, a host or
// a path before it ("root@host:~#"), as do prompts other than "$ " and "% ".
func shellPrompt(line string) (prompt, command string, ok bool) {
	if m := windowsPrompt().FindStringSubmatch(line); m != nil {
		return m[1], m[2], true
	}
	m := unixPrompt().FindStringSubmatch(line)
	if m == nil {
		return "", "", false
	}
	before, sigil := m[1], m[2]
	switch {
	case before == "" && sigil != "#":
	case strings.HasPrefix(before, "["), strings.ContainsAny(before, "@:~/"):
	default:
		return "", "", false
	}
	return before + sigil, m[3], true
}

// stripPaste removes what a paste from a terminal adds around kubectl's
// output, keeping every line where it was, so that diagnostics and sources
// point at the editor's lines:
//
//  1. A byte order mark (U+FEFF) at the start of the text is removed (with a
//     warning), so that the format is guessed from what follows it.
//  2. A line that starts with a shell prompt ("$ kubectl get nodes -o yaml",
//     "user@host:~$ kubectl describe nodes", "PS C:\> kubectl ...") is
//     ignored with a warning that quotes it, and becomes a document separator,
//     so the output of each command is read on its own. In the Nodes editor a
//     `kubectl taint` command after a prompt is kept, in its place, without
//     the prompt (the editor applies such commands), and without a warning:
//     nothing of it is ignored but the prompt. A prompt with nothing after it
//     (the next prompt, at the end of the output) is ignored too.
//
// Only lines that start at the first column are looked at: an indented line
// is part of a YAML value (a script in a container's args, say).
func (d *decoder) stripPaste(text string) string {
	if rest, ok := strings.CutPrefix(text, "\uFEFF"); ok {
		d.add(core.SeverityWarning, core.CodePaste, core.Source{Line: 1, Column: 1}, "ignored the byte order mark (U+FEFF) at the start of the text", "")
		text = rest
	}
	if !hasSigil(text) || !hasPromptLine(text) {
		return text
	}
	lines := strings.Split(text, "\n")
	changed := false
	for i, line := range lines {
		if !mayBePrompt(line) {
			continue
		}
		prompt, command, ok := shellPrompt(line)
		if !ok {
			continue
		}
		changed = true
		if d.editor == core.EditorNodes && isTaintCommand(command) {
			lines[i] = strings.Repeat(" ", len(line)-len(strings.TrimLeft(line[len(prompt):], " \t"))) + command
			continue
		}
		what := fmt.Sprintf("the shell prompt and command %q", strings.TrimSpace(line))
		if command == "" {
			what = fmt.Sprintf("the shell prompt %q", prompt)
		}
		d.add(core.SeverityWarning, core.CodePaste, core.Source{Line: i + 1, Column: 1}, "ignored "+what, "")
		lines[i] = "---"
	}
	if !changed {
		return text
	}
	return strings.Join(lines, "\n")
}

// hasSigil reports whether a text holds a prompt's sigil ($, #, % or >),
// which every text is asked and a pasted manifest seldom holds: four
// strings.IndexByte passes, vectorized natively (and a tight loop in the
// WASM), rather than strings.ContainsAny's one pass of a lookup per byte.
func hasSigil(text string) bool {
	return strings.IndexByte(text, '$') >= 0 || strings.IndexByte(text, '#') >= 0 ||
		strings.IndexByte(text, '%') >= 0 || strings.IndexByte(text, '>') >= 0
}

// hasPromptLine reports whether a line of the text may start with a shell
// prompt, which only the line's start tells (see mayBePrompt), so that most
// texts are not cut into lines and matched against shellPrompt's expressions.
func hasPromptLine(text string) bool {
	for line := range strings.Lines(text) {
		if mayBePrompt(line) {
			if _, _, ok := shellPrompt(strings.TrimSuffix(line, "\n")); ok {
				return true
			}
		}
	}
	return false
}

// mayBePrompt reports whether a line can match shellPrompt's expressions: it
// starts with "[", "PS " or a drive ("C:\\"), or its first word holds a
// prompt's sigil.
func mayBePrompt(line string) bool {
	if strings.HasPrefix(line, "[") || strings.HasPrefix(line, "PS ") || (len(line) >= 3 && line[1] == ':' && line[2] == '\\') {
		return true
	}
	word := line
	if end := strings.IndexAny(line, " \t\n"); end >= 0 {
		word = line[:end]
	}
	return strings.ContainsAny(word, "$#%>")
}

// isTaintCommand reports whether a command is `kubectl taint ...`.
func isTaintCommand(command string) bool {
	words := strings.Fields(command)
	return len(words) >= 2 && words[0] == "kubectl" && words[1] == "taint"
}

// normalizeNewlines turns CRLF and CR into LF, as a browser does to the
// value of a textarea, so that every part of the decoder counts the same lines.
func normalizeNewlines(text string) string {
	if !strings.Contains(text, "\r") {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}
