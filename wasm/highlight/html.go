package highlight

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxBytes is the most text that is coloured. Longer text (a 5 MB paste) is
// still split into escaped, numbered lines, so the editor keeps its gutter and
// markers, but without colours: colouring lines not seen before costs about
// 0.2 µs a byte in the WASM (BenchmarkHTMLLongLines' ordinary YAML in Node:
// 200 KB in 41 ms of CPU), its HTML is about ten times the text, and the
// worker must stay free for evaluating.
const MaxBytes = 256 << 10

// ClassPrefix namespaces chroma's classes in the page.
const ClassPrefix = "hl-"

// HTML renders text as a <code class="hl-chroma"> element with one
//
//	<span class="hl-line" id="EDITOR-LN" data-line="N">…</span>
//
// per line, N counting from 1, so the page can mark and link to the line of a
// taint, a toleration or an error; the id is left out when editor is empty.
// Each line keeps its line break, so the element's text is the input as a
// textarea holds it: line breaks "\n", invalid UTF-8 U+FFFD. editor must be lower-case letters, digits
// and dashes, starting with a letter.
func HTML(input, editor string) (string, error) {
	lines, err := editorLines(input, editor)
	if err != nil {
		return "", err
	}
	m := htmlMarkup()
	return string(m.appendLines(make([]byte, 0, m.size(lines, editor)), lines, editor)), nil
}

// AppendJSON appends HTML(input, editor) to dst as a JSON string, quotes
// included, as the bridge answers it; it is written in that form directly,
// faster than encoding the HTML (see markup).
func AppendJSON(dst []byte, input, editor string) ([]byte, error) {
	lines, err := editorLines(input, editor)
	if err != nil {
		return dst, err
	}
	m := jsonMarkup()
	dst = slices.Grow(dst, m.size(lines, editor)+2)
	dst = append(dst, '"')
	dst = m.appendLines(dst, lines, editor)
	return append(dst, '"'), nil
}

// editorLines checks the editor's name and lexes the input into lines.
func editorLines(input, editor string) ([][]Token, error) {
	if editor != "" && !isEditorName(editor) {
		return nil, fmt.Errorf("editor %q must be lower-case letters, digits and dashes, starting with a letter", editor)
	}
	return tokenLines(input), nil
}

// isEditorName reports whether editor can prefix line ids: lower-case
// letters, digits and dashes, starting with a letter.
func isEditorName(editor string) bool {
	return editor[0] >= 'a' && editor[0] <= 'z' && strings.Trim(editor, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// tokenLines lexes the input into lines of non-empty tokens, a line at a
// time through the cache; beyond MaxBytes each line is one plain token. A
// line may be the cache's own slice, which annotate copies before retyping.
func tokenLines(input string) [][]Token {
	input = normalize(input)
	if len(input) > MaxBytes {
		return plainLines(input)
	}
	var lines [][]Token
	for rest := input; rest != ""; {
		end := strings.IndexByte(rest, '\n') + 1
		if end == 0 {
			end = len(rest)
		}
		lines = append(lines, cache.lex(rest[:end]))
		rest = rest[end:]
	}
	annotate(lines)
	markInvisible(lines)
	return lines
}

// normalize makes line breaks "\n" and invalid UTF-8 U+FFFD, as a textarea's
// value has them. It looks for either first, which is faster in the WASM:
// strings.ToValidUTF8 decodes every character, utf8.ValidString checks eight
// ASCII bytes at a time.
func normalize(input string) string {
	if strings.IndexByte(input, '\r') >= 0 {
		input = strings.ReplaceAll(strings.ReplaceAll(input, "\r\n", "\n"), "\r", "\n")
	}
	if !utf8.ValidString(input) {
		input = strings.ToValidUTF8(input, "\uFFFD")
	}
	return input
}

// plainLines splits text into lines that keep their line breaks.
func plainLines(input string) [][]Token {
	var lines [][]Token
	for rest := input; rest != ""; {
		line, after, found := strings.Cut(rest, "\n")
		if found {
			line += "\n"
		}
		lines = append(lines, []Token{{Type: text, Value: line}})
		rest = after
	}
	return lines
}
