package highlight

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
)

// MaxBytes is the most text that is coloured. Longer text (a 5 MB paste) is
// still split into escaped, numbered lines, so the editor keeps its gutter and
// markers, but without colours: colouring new lines costs about 1 µs a byte in
// the WASM (BenchmarkHTMLLongLines in Node), most of it chroma's formatter,
// and the worker must stay free for evaluating.
const MaxBytes = 256 << 10

// ClassPrefix namespaces chroma's classes in the page.
const ClassPrefix = "hl-"

var (
	// style is empty: colours come from the stylesheet, never from style attributes.
	style     = chroma.MustNewStyle("taint-playground", chroma.StyleEntries{})
	formatter = chromahtml.New(
		chromahtml.WithClasses(true),
		chromahtml.ClassPrefix(ClassPrefix),
		chromahtml.PreventSurroundingPre(true),
	)
)

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
	if editor != "" && !isEditorName(editor) {
		return "", fmt.Errorf("editor %q must be lower-case letters, digits and dashes, starting with a letter", editor)
	}
	lines := tokenLines(input)
	var out strings.Builder
	out.Grow(len(input) * 3)
	out.WriteString(`<code class="` + ClassPrefix + `chroma">`)
	for i, line := range lines {
		n := strconv.Itoa(i + 1)
		out.WriteString(`<span class="` + ClassPrefix + `line"`)
		if editor != "" {
			out.WriteString(` id="` + editor + `-L` + n + `"`)
		}
		out.WriteString(` data-line="` + n + `">`)
		if err := formatter.Format(&out, style, chroma.Literator(line...)); err != nil {
			return "", err
		}
		out.WriteString(`</span>`)
	}
	out.WriteString(`</code>`)
	return out.String(), nil
}

// isEditorName reports whether editor can prefix line ids: lower-case
// letters, digits and dashes, starting with a letter.
func isEditorName(editor string) bool {
	return editor[0] >= 'a' && editor[0] <= 'z' && strings.Trim(editor, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// tokenLines lexes the input into lines of non-empty tokens, a line at a
// time through the cache; beyond MaxBytes each line is one plain token.
func tokenLines(input string) [][]chroma.Token {
	input = normalize(input)
	if len(input) > MaxBytes {
		return plainLines(input)
	}
	var lines [][]chroma.Token
	for rest := input; rest != ""; {
		end := strings.IndexByte(rest, '\n') + 1
		if end == 0 {
			end = len(rest)
		}
		tokens := cache.lex(rest[:end])
		kept := tokens[:0]
		for _, t := range tokens {
			if t.Value != "" {
				kept = append(kept, t)
			}
		}
		lines = append(lines, kept)
		rest = rest[end:]
	}
	annotate(lines)
	return lines
}

// normalize makes line breaks "\n" and invalid UTF-8 U+FFFD, as a textarea's
// value has them.
func normalize(input string) string {
	input = strings.ReplaceAll(strings.ReplaceAll(input, "\r\n", "\n"), "\r", "\n")
	return strings.ToValidUTF8(input, "\uFFFD")
}

// plainLines splits text into lines that keep their line breaks.
func plainLines(input string) [][]chroma.Token {
	var lines [][]chroma.Token
	for rest := input; rest != ""; {
		line, after, found := strings.Cut(rest, "\n")
		if found {
			line += "\n"
		}
		lines = append(lines, []chroma.Token{{Type: text, Value: line}})
		rest = after
	}
	return lines
}
