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
	s := wordSplitter{runes: []rune(line), line: 1}
	for i := 0; i < len(s.runes); i++ {
		r := s.runes[i]
		s.col++
		var err error
		switch {
		case r == '\n':
			s.end()
			s.line, s.col = s.line+1, 0
		case r == ' ' || r == '\t' || r == '\r':
			s.end()
		case r == '#' && !s.inWord:
			for i+1 < len(s.runes) && s.runes[i+1] != '\n' {
				i++
			}
		case r == '\\':
			i = s.escaped(i)
		case r == '\'':
			i, err = s.singleQuoted(i)
		case r == '"':
			i, err = s.doubleQuoted(i)
		default:
			s.start()
			s.cur.WriteRune(r)
		}
		if err != nil {
			return nil, err
		}
	}
	s.end()
	return s.words, nil
}

// wordSplitter is SplitShellWords' state: the words so far, the one being
// read (cur, while inWord) and the position of the rune being read.
type wordSplitter struct {
	runes     []rune
	words     []shellWord
	cur       strings.Builder
	inWord    bool
	line, col int
}

// start begins a word at the current position, unless one is being read.
func (s *wordSplitter) start() {
	if !s.inWord {
		s.inWord = true
		s.words = append(s.words, shellWord{Line: s.line, Column: s.col})
	}
}

// end completes the word being read, if any.
func (s *wordSplitter) end() {
	if s.inWord {
		s.words[len(s.words)-1].Text = s.cur.String()
		s.cur.Reset()
		s.inWord = false
	}
}

// escaped reads the backslash at i outside quotes: a backslash-newline
// joins the next line, any other escapes the next character (one at the
// end starts a word of nothing). It returns the index of the last rune read.
func (s *wordSplitter) escaped(i int) int {
	if i+1 < len(s.runes) && s.runes[i+1] == '\n' {
		s.line, s.col = s.line+1, 0
		return i + 1
	}
	s.start()
	if i+1 < len(s.runes) {
		i++
		s.col++
		s.cur.WriteRune(s.runes[i])
	}
	return i
}

// singleQuoted reads the single-quoted string that opens at i, literally,
// and returns the index of its closing quote.
func (s *wordSplitter) singleQuoted(i int) (int, error) {
	s.start()
	j := i + 1
	for j < len(s.runes) && s.runes[j] != '\'' {
		j++
	}
	if j == len(s.runes) {
		return 0, errUnterminatedQuote
	}
	s.cur.WriteString(string(s.runes[i+1 : j]))
	s.line, s.col = advance(s.runes[i:j+1], s.line, s.col)
	return j, nil
}

// doubleQuoted reads the double-quoted string that opens at i, in which a
// backslash escapes only \" \\ \$ \` and a newline, and returns the index of
// its closing quote.
func (s *wordSplitter) doubleQuoted(i int) (int, error) {
	s.start()
	j := i + 1
	for ; j < len(s.runes) && s.runes[j] != '"'; j++ {
		if s.runes[j] == '\\' && j+1 < len(s.runes) && strings.ContainsRune("\"\\$`\n", s.runes[j+1]) {
			j++
			if s.runes[j] != '\n' {
				s.cur.WriteRune(s.runes[j])
			}
			continue
		}
		s.cur.WriteRune(s.runes[j])
	}
	if j == len(s.runes) {
		return 0, errUnterminatedQuote
	}
	s.line, s.col = advance(s.runes[i:j+1], s.line, s.col)
	return j, nil
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
