package yamltext

import (
	"errors"
	"io"
	"strings"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// Parser reads the YAML documents of an editor's text into goyaml.v3
// trees. Its zero value is ready; one Parser serves every document of a
// decode, so that the trees the scanner cuts from its arena reuse memory.
type Parser struct {
	// YAMLv3Only turns the scanner off, so that the tests and the
	// benchmarks can compare it with goyaml.v3 alone.
	YAMLv3Only bool
	// arena is where scanBlockYAML cuts each document's tree from; a
	// tree is read no more once the next document is parsed.
	arena treeArena
}

// Parse reads a part of an editor's text (Split) into its YAML documents,
// with scanJSON or scanBlockYAML when the part is in one's subset and with
// goyaml.v3 otherwise (parseYAMLDocuments), which is decided before
// anything reads the tree. The errors are syntax errors and documents over
// the limits (MaxDepth, MaxExpandedNodes), at the editor's lines.
func (p *Parser) Parse(part Part) ([]Document, []Error) {
	if !p.YAMLv3Only {
		root, ok := scanJSON(part.Text, &p.arena)
		if !ok {
			root, ok = scanBlockYAML(part.Text, &p.arena)
		}
		if ok {
			// The scanner reads no NEL, LS or PS, so lines count alike.
			return []Document{{Root: root, Lines: Lines{firstLine: part.FirstLine}}}, nil
		}
	}
	return parseYAMLDocuments(part.Text, part.FirstLine)
}

// Document is one parsed YAML document: its goyaml.v3 tree, which keeps
// the line and column of every node, and how the tree's lines map to the
// editor's.
type Document struct {
	Root  *yaml3.Node
	Lines Lines
}

// Lines turns goyaml.v3's line numbers within a text into the editor's.
// goyaml.v3 also breaks lines at NEL, LS and PS, which an editor shows
// inside a line.
type Lines struct {
	// firstLine is the editor line of the text's first line.
	firstLine int
	// textLine maps each goyaml.v3 line to the text's line (both from 1) when
	// the text holds such breaks; nil when the two count alike.
	textLine []int
}

func newLines(text string, firstLine int) Lines {
	lines := Lines{firstLine: firstLine}
	if !strings.Contains(text, "\u0085") && !strings.Contains(text, "\u2028") && !strings.Contains(text, "\u2029") {
		return lines
	}
	lines.textLine = []int{0, 1}
	line := 1
	for _, r := range text {
		switch r {
		case '\n':
			line++
			lines.textLine = append(lines.textLine, line)
		case '\u0085', '\u2028', '\u2029':
			lines.textLine = append(lines.textLine, line)
		}
	}
	return lines
}

// Line returns the editor line of a goyaml.v3 line (from 1).
func (l Lines) Line(yamlLine int) int {
	if l.textLine != nil {
		yamlLine = l.textLine[min(max(yamlLine, 0), len(l.textLine)-1)]
	}
	return l.firstLine + yamlLine - 1
}

// parseYAMLDocuments parses every YAML document of a text that starts at
// the editor's line firstLine. A syntax error ends the text: it is returned
// with the editor's line, after the documents that parsed before it. A
// document that nests deeper than MaxDepth, refers to itself or expands its
// aliases past MaxExpandedNodes is returned as an error too, and skipped.
func parseYAMLDocuments(text string, firstLine int) ([]Document, []Error) {
	var docs []Document
	var errs []Error
	lines := newLines(text, firstLine)
	dec := yaml3.NewDecoder(strings.NewReader(text))
	for {
		var root yaml3.Node
		err := dec.Decode(&root)
		if errors.Is(err, io.EOF) {
			return docs, errs
		}
		if err != nil {
			return docs, append(errs, syntaxError(err, text, lines))
		}
		if err := checkTree(&root); err != nil {
			err.Line = lines.Line(err.Line)
			errs = append(errs, *err)
			continue
		}
		docs = append(docs, Document{Root: &root, Lines: lines})
	}
}
