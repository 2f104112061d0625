package yamltext

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Error is a problem with the YAML itself, at an editor line and, when
// known, a column (from 1, in characters).
type Error struct {
	Line, Column int
	Message      string
}

// yamlErrorLine and mappingIndicator are compiled on their first use, not
// at init, which the page's first verdict would wait for (the WASM compiles
// the regexp package's own code then too).
var yamlErrorLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`yaml: line (\d+): (.*)$`) })

// yamlParserProblems are the parser's errors (as opposed to the scanner's).
// Both goyaml versions count their lines from 0: one less than the line
// meant, or the number of lines at the end of the text. goyaml.v3 gives some
// at the line where the construct being parsed starts, goyaml.v2 (which
// sigs.k8s.io/yaml, and so kubectl, uses) at the line of the offending
// token (offendingLine).
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'": true, "did not find expected ',' or '}'": true,
	"did not find expected '-' indicator": true, "did not find expected <document start>": true,
	"did not find expected key": true, "did not find expected node content": true,
	"found duplicate %TAG directive": true, "found duplicate %YAML directive": true,
	"found incompatible YAML document": true, "found undefined tag handle": true,
}

// syntaxError moves a goyaml.v3 error ("yaml: line 3: mapping values are not
// allowed in this context") to the editor's lines. For a parser error it
// takes the offending token's line, as kubectl reports it, and counts from 1
// within the text. An error without a
// line is at the text's first line, but an unknown anchor, which is where
// its first alias is, and a control character, which is where it is. A tab that violates indentation is reported on the
// line before the tab's; it is moved to the tab's line.
func syntaxError(err error, text string, lines Lines) Error {
	m := yamlErrorLine().FindStringSubmatch(err.Error())
	if m == nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		i := -1
		if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok {
			name, _, _ = strings.Cut(name, "'")
			i = strings.Index(text, "*"+name)
		}
		if msg == "control characters are not allowed" {
			i = strings.IndexFunc(text, isControl)
		}
		if i < 0 {
			return Error{Line: lines.firstLine, Message: msg}
		}
		at := strings.Count(text[:i], "\n")
		return Error{Line: lines.Line(at + 1), Column: syntaxColumn(msg, textLine(text, at)), Message: msg}
	}
	line, _ := strconv.Atoi(m[1])
	if yamlParserProblems[m[2]] {
		if at, ok := offendingLine(text, m[2], line); ok {
			line = at
		}
		line++
	}
	if strings.Contains(m[2], "tab character") && !strings.Contains(textLine(text, line-1), "\t") && strings.Contains(textLine(text, line), "\t") {
		line++
	}
	last := lines.firstLine + strings.Count(strings.TrimRight(text, "\n"), "\n")
	at := min(lines.Line(line), last)
	return Error{Line: at, Column: syntaxColumn(m[2], textLine(text, at-lines.firstLine)), Message: m[2]}
}

// isControl reports the characters goyaml refuses as control characters.
func isControl(r rune) bool {
	return r != '\t' && r != '\n' && r != '\r' && r != 0x85 && (r < 0x20 || (r >= 0x7f && r <= 0x9f))
}

// textLine returns the text's line i (from 0), "" past the end.
func textLine(text string, i int) string {
	for ; i > 0; i-- {
		next := strings.IndexByte(text, '\n')
		if next < 0 {
			return ""
		}
		text = text[next+1:]
	}
	line, _, _ := strings.Cut(text, "\n")
	return line
}

var mappingIndicator = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`:( |$)`) })

// syntaxColumn finds, on the line a syntax error names, the column of what
// the message is about, as goyaml's errors give only the line:
//
//  1. "mapping values are not allowed": the ": " of the second mapping
//     indicator on the line, or of the only one.
//  2. a character that cannot start a token, a tab, a control character, an
//     escape, a sequence entry or an alias: the first such on the line.
//  3. the end of the stream: just after the line's last character.
//  4. anything else (a construct left open, a key without ":"): the line's
//     first character that is not a space.
//
// The column counts characters from 1, as goyaml.v3's node columns do.
func syntaxColumn(msg, line string) int {
	i := len(line) - len(strings.TrimLeft(line, " "))
	if i == len(line) {
		i = 0
	}
	find := func(at int) {
		if at >= 0 {
			i = at
		}
	}
	switch {
	case strings.HasPrefix(msg, "mapping values are not allowed"):
		indicators := mappingIndicator().FindAllStringIndex(line, 2)
		if len(indicators) > 0 {
			i = indicators[len(indicators)-1][0]
		}
	case strings.HasPrefix(msg, "found character that cannot start any token"):
		find(strings.IndexAny(line, "\t@`"))
	case strings.Contains(msg, "tab character"):
		find(strings.IndexByte(line, '\t'))
	case strings.HasPrefix(msg, "control characters are not allowed"):
		find(strings.IndexFunc(line, isControl))
	case strings.HasPrefix(msg, "found unknown escape character"):
		find(strings.IndexByte(line, '\\'))
	case strings.HasPrefix(msg, "block sequence entries are not allowed"):
		find(strings.Index(line, "- "))
	case strings.HasPrefix(msg, "unknown anchor"):
		if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok {
			name, _, _ = strings.Cut(name, "'")
			find(strings.Index(line, "*"+name))
		}
	case strings.HasPrefix(msg, "found unexpected end of stream"):
		i = len(line)
	}
	return 1 + utf8.RuneCountInString(line[:i])
}
