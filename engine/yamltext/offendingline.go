package yamltext

import (
	"errors"
	"io"
	"strings"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// A parser error names two places: the construct being parsed (a block
// mapping, a flow sequence...) and the token the parser stopped at.
// goyaml.v3 reports the construct's line, goyaml.v2, which kubectl uses
// (through sigs.k8s.io/yaml), the token's, which is also the line a reader
// has to change. goyaml.v3 does not give the token's line, so offendingLine
// finds it by parsing the text's first lines: the token is on the last line
// of the shortest beginning of the text that fails with the same problem.
//
// Cutting the text is harmless in block context, where the end of the text
// closes every open collection. In a flow collection it is not: the end of
// the text stops the collection with the same complaint ("did not find
// expected ',' or ']'") on any line. So each beginning ends with a line that
// ends a flow collection's complaint differently (cutSentinel), and the one
// that fails with the same problem must have the token before that line.

// contextProblems are the parser errors that goyaml.v3 reports at the line
// of the construct being parsed (the error's context) rather than at the
// token's. The others are reported alike by both versions.
var contextProblems = map[string]bool{
	"did not find expected ',' or ']'": true, "did not find expected ',' or '}'": true,
	"did not find expected '-' indicator": true, "did not find expected key": true,
	"did not find expected node content": true, "found undefined tag handle": true,
}

// cutSentinel is what is put after a beginning of the text to tell a
// problem at its last token from the problem that the end of the text makes
// in an open flow collection. A "," ends the complaint about a missing ','
// (the parser wants a node after it, and says so), and "x: y" gives a node
// that wants a ',' after it. A comment line comes first, as a plain scalar
// on the last line would go on over the next one, and the scanner's
// look-ahead past the token would meet a key that is no simple key there.
// Block contexts need no sentinel.
func cutSentinel(problem string) string {
	switch problem {
	case "did not find expected ',' or ']'", "did not find expected ',' or '}'":
		return "#\n,"
	case "did not find expected node content":
		return "#\nx: y"
	}
	return ""
}

// offendingLine returns the line (from 0) of the token where goyaml.v3's
// parser stopped with problem, the text's first, given the line from 0 that
// goyaml.v3 reported (the construct's, never after the token's). When only the whole
// text fails alike, the token is its end. It returns false when the search
// is not sure: when the beginning just before the token's line stops with
// a scanner error, the scanner looked past the cut for a key's ':', and the
// cut, not the text, may be what changed the answer.
func offendingLine(text, problem string, reported int) (int, bool) {
	if !contextProblems[problem] {
		return reported, true
	}
	starts := yamlLineStarts(text)
	sentinel := cutSentinel(problem)
	problemOf := func(n int) string { // of the text's first n lines, then sentinel
		cut := text
		if n < len(starts) {
			cut = text[:starts[n]]
		}
		if sentinel != "" {
			if !strings.HasSuffix(cut, "\n") && !strings.HasSuffix(cut, "\r") {
				cut += "\n"
			}
			cut += sentinel
		}
		return firstProblem(cut)
	}
	// The shortest failing beginning holds lines 0..hi-1: search upwards
	// from the reported line in growing steps, then halve the last step.
	// lo's problem is remembered from the search; reported's is parsed only
	// when the search never moved lo.
	lo, hi := reported, -1 // lines 0..lo-1 do not fail alike
	loProblem, loParsed := "", false
	try := func(n int) {
		if p := problemOf(n); p == problem {
			hi = n
		} else {
			lo, loProblem, loParsed = n, p, true
		}
	}
	for step := 1; hi < 0 && lo < len(starts); step *= 2 {
		try(min(lo+step, len(starts)))
	}
	for hi-lo > 1 {
		try((lo + hi) / 2)
	}
	if !loParsed {
		loProblem = problemOf(lo)
	}
	if hi < 0 {
		// The whole text fails with problem (the caller's), but not with
		// the sentinel after it: the token is the text's end.
		if sentinel == "" || !isParserProblem(loProblem) {
			return reported, false
		}
		return len(starts), true // the line after the last break, or after a last line without one
	}
	if loProblem != "" && !isParserProblem(loProblem) {
		return reported, false
	}
	return hi - 1, true
}

// isParserProblem reports whether a goyaml message is the parser's, not the
// scanner's.
func isParserProblem(problem string) bool {
	return yamlParserProblems[problem] || problem == "did not find expected <stream-start>"
}

// firstProblem parses every document of a text with goyaml.v3 and returns
// the message of its first error, without "yaml: " and the line; "" when
// there is none.
func firstProblem(text string) string {
	dec := yaml3.NewDecoder(strings.NewReader(text))
	for {
		var root yaml3.Node
		err := dec.Decode(&root)
		if errors.Is(err, io.EOF) {
			return ""
		}
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), "yaml: ")
			if m := yamlErrorLine().FindStringSubmatch(err.Error()); m != nil {
				msg = m[2]
			}
			return msg
		}
	}
}

// yamlLineStarts returns where each of the text's lines starts, as goyaml
// breaks lines: at LF, CR LF, CR, NEL, LS and PS.
func yamlLineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n':
			i++
			starts = append(starts, i+1)
		case text[i] == '\n' || text[i] == '\r':
			starts = append(starts, i+1)
		case strings.HasPrefix(text[i:], "\u0085"):
			i++
			starts = append(starts, i+1)
		case strings.HasPrefix(text[i:], "\u2028"), strings.HasPrefix(text[i:], "\u2029"):
			i += 2
			starts = append(starts, i+1)
		}
	}
	if starts[len(starts)-1] == len(text) {
		starts = starts[:len(starts)-1] // a last break starts no line
	}
	return starts
}
