package kubectl

import (
	"errors"
	"strings"
)

// shellWord is one argument of a command line, after quote removal, with the
// position of its first character: Line counts from 1 at the command's first
// line (a backslash-newline continues a command) and Column is 1-based in runes.
type shellWord struct {
	Text   string
	Line   int
	Column int
}

// errUnterminatedQuote is returned for a quote that the line never closes.
var errUnterminatedQuote = errors.New("unterminated quote")

// SplitShellWords splits a command line as a POSIX shell would for the simple
// cases people paste: blanks separate words; single quotes keep everything
// literally; double quotes keep everything but \" \\ \$ \` and
// backslash-newline; a backslash outside quotes escapes the next character and
// a backslash-newline joins the next line; an unquoted # at the start of a word
// starts a comment that runs to the end of the line. Variables, globs and
// command substitution are left as written.
func SplitShellWords(line string) ([]shellWord, error) {
	var words []shellWord
	var cur strings.Builder
	inWord := false
	lineNo, col := 1, 0
	runes := []rune(line)
	start := func() {
		if !inWord {
			inWord = true
			words = append(words, shellWord{Line: lineNo, Column: col})
		}
	}
	end := func() {
		if inWord {
			words[len(words)-1].Text = cur.String()
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		col++
		switch {
		case r == '\n':
			end()
			lineNo, col = lineNo+1, 0
		case r == ' ' || r == '\t' || r == '\r':
			end()
		case r == '#' && !inWord:
			for i+1 < len(runes) && runes[i+1] != '\n' {
				i++
			}
		case r == '\\':
			if i+1 < len(runes) && runes[i+1] == '\n' {
				i++
				lineNo, col = lineNo+1, 0
				continue
			}
			start()
			if i+1 < len(runes) {
				i++
				col++
				cur.WriteRune(runes[i])
			}
		case r == '\'':
			start()
			j := i + 1
			for j < len(runes) && runes[j] != '\'' {
				j++
			}
			if j == len(runes) {
				return nil, errUnterminatedQuote
			}
			cur.WriteString(string(runes[i+1 : j]))
			lineNo, col = advance(runes[i:j+1], lineNo, col)
			i = j
		case r == '"':
			start()
			j := i + 1
			for ; j < len(runes) && runes[j] != '"'; j++ {
				if runes[j] == '\\' && j+1 < len(runes) && strings.ContainsRune("\"\\$`\n", runes[j+1]) {
					j++
					if runes[j] != '\n' {
						cur.WriteRune(runes[j])
					}
					continue
				}
				cur.WriteRune(runes[j])
			}
			if j == len(runes) {
				return nil, errUnterminatedQuote
			}
			lineNo, col = advance(runes[i:j+1], lineNo, col)
			i = j
		default:
			start()
			cur.WriteRune(r)
		}
	}
	end()
	return words, nil
}

// advance moves a position, already on the first of runes, past the last one.
func advance(runes []rune, line, col int) (int, int) {
	for _, r := range runes[1:] {
		if r == '\n' {
			line, col = line+1, 0
			continue
		}
		col++
	}
	return line, col
}
