package manifest

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"sigs.k8s.io/yaml"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// yamlDocument is one parsed YAML document: its goyaml.v3 tree, which keeps
// the line and column of every node, and how the tree's lines map to the
// editor's.
type yamlDocument struct {
	root  *yaml3.Node
	lines editorLines
}

// editorLines turns goyaml.v3's line numbers within a text into the editor's.
// goyaml.v3 also breaks lines at NEL, LS and PS, which an editor shows
// inside a line.
type editorLines struct {
	// firstLine is the editor line of the text's first line.
	firstLine int
	// textLine maps each goyaml.v3 line to the text's line (both from 1) when
	// the text holds such breaks; nil when the two count alike.
	textLine []int
}

func newEditorLines(text string, firstLine int) editorLines {
	lines := editorLines{firstLine: firstLine}
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

// line returns the editor line of a goyaml.v3 line (from 1).
func (l editorLines) line(yamlLine int) int {
	if l.textLine != nil {
		yamlLine = l.textLine[min(max(yamlLine, 0), len(l.textLine)-1)]
	}
	return l.firstLine + yamlLine - 1
}

// parseYAMLDocuments parses every YAML document of a text that starts at
// the editor's line firstLine. A syntax error ends the text: it is returned
// with the editor's line, after the documents that parsed before it. A
// document that nests deeper than maxDepth, refers to itself or expands its
// aliases past maxExpandedNodes is returned as an error too, and skipped.
func parseYAMLDocuments(text string, firstLine int) ([]yamlDocument, []yamlError) {
	var docs []yamlDocument
	var errs []yamlError
	lines := newEditorLines(text, firstLine)
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
			err.line = lines.line(err.line)
			errs = append(errs, *err)
			continue
		}
		docs = append(docs, yamlDocument{root: &root, lines: lines})
	}
}

// yamlError is a problem with the YAML itself, at an editor line and, when
// known, a column (from 1, in characters).
type yamlError struct {
	line, column int
	msg          string
}

var yamlErrorLine = lazyRegexp(`yaml: line (\d+): (.*)$`)

// yamlParserProblems are the parser's errors (as opposed to the scanner's).
// Both goyaml versions count their lines from 0: one less than the line
// meant, or the number of lines at the end of the text. goyaml.v3 gives the
// line where the construct being parsed starts, goyaml.v2 (which
// sigs.k8s.io/yaml, and so kubectl, uses) the line of the offending token.
var yamlParserProblems = map[string]bool{
	"did not find expected ',' or ']'": true, "did not find expected ',' or '}'": true,
	"did not find expected '-' indicator": true, "did not find expected <document start>": true,
	"did not find expected key": true, "did not find expected node content": true,
	"found duplicate %TAG directive": true, "found duplicate %YAML directive": true,
	"found incompatible YAML document": true, "found undefined tag handle": true,
}

// syntaxError moves a goyaml.v3 error ("yaml: line 3: mapping values are not
// allowed in this context") to the editor's lines. For a parser error it
// takes the offending token's line from sigs.k8s.io/yaml when that reports
// the same problem, and counts from 1 within the text. An error without a
// line is at the text's first line, but an unknown anchor, which is where
// its first alias is, and a control character, which is where it is. A tab that violates indentation is reported on the
// line before the tab's; it is moved to the tab's line.
func syntaxError(err error, text string, lines editorLines) yamlError {
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
			return yamlError{line: lines.firstLine, msg: msg}
		}
		at := strings.Count(text[:i], "\n")
		return yamlError{line: lines.line(at + 1), column: syntaxColumn(msg, textLine(text, at)), msg: msg}
	}
	line, _ := strconv.Atoi(m[1])
	if yamlParserProblems[m[2]] {
		if _, v2err := yaml.YAMLToJSON([]byte(text)); v2err != nil {
			if m2 := yamlErrorLine().FindStringSubmatch(v2err.Error()); m2 != nil && m2[2] == m[2] {
				line, _ = strconv.Atoi(m2[1])
			}
		}
		line++
	}
	if strings.Contains(m[2], "tab character") && !strings.Contains(textLine(text, line-1), "\t") && strings.Contains(textLine(text, line), "\t") {
		line++
	}
	last := lines.firstLine + strings.Count(strings.TrimRight(text, "\n"), "\n")
	at := min(lines.line(line), last)
	return yamlError{line: at, column: syntaxColumn(m[2], textLine(text, at-lines.firstLine)), msg: m[2]}
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

var mappingIndicator = lazyRegexp(`:( |$)`)

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

// checkTree measures a document before anything reads it: its depth, and
// its size with every alias counted as the nodes it stands for. The sizes of
// anchored nodes are memoized, so the walk is linear in the tree even for an
// alias bomb.
func checkTree(root *yaml3.Node) *yamlError {
	c := treeCheck{sizes: make(map[*yaml3.Node]int)}
	c.size(root, 0)
	return c.err
}

type treeCheck struct {
	// sizes holds the expanded size of each anchored node (the only ones an
	// alias can stand for); -1 while the node is being measured.
	sizes map[*yaml3.Node]int
	err   *yamlError
}

func (c *treeCheck) size(n *yaml3.Node, depth int) int {
	if c.err != nil {
		return 0
	}
	if depth > maxDepth {
		c.err = &yamlError{line: n.Line, column: n.Column, msg: fmt.Sprintf("the YAML nests deeper than %d levels", maxDepth)}
		return 0
	}
	if n.Kind == yaml3.AliasNode {
		target := n.Alias
		size, seen := c.sizes[target]
		switch {
		case size < 0:
			c.err = &yamlError{line: n.Line, column: n.Column, msg: fmt.Sprintf("alias *%s refers to the value that contains it", n.Value)}
			return 0
		case !seen:
			size = c.size(target, depth)
		}
		return c.add(n, 1, size)
	}
	if n.Anchor != "" {
		c.sizes[n] = -1
	}
	total := 1
	for _, child := range n.Content {
		total = c.add(n, total, c.size(child, depth+1))
	}
	if n.Anchor != "" {
		c.sizes[n] = total
	}
	return total
}

// add sums sizes and stops the walk once a document is too large.
func (c *treeCheck) add(at *yaml3.Node, a, b int) int {
	if c.err == nil && a+b > maxExpandedNodes {
		c.err = &yamlError{line: at.Line, column: at.Column, msg: fmt.Sprintf("the YAML expands to more than %d nodes through its aliases", maxExpandedNodes)}
	}
	return a + b
}

// resolved follows an alias to the node it stands for.
func resolved(n *yaml3.Node) *yaml3.Node {
	if n != nil && n.Kind == yaml3.AliasNode {
		return n.Alias
	}
	return n
}

// isMergeKey reports whether a mapping key is YAML's merge key "<<".
func isMergeKey(key *yaml3.Node) bool {
	return key.Kind == yaml3.ScalarNode && key.Tag == "!!merge"
}

// mappingField returns the key and value of a field of a mapping, reading
// the mapping as sigs.k8s.io/yaml does: the last of duplicate keys wins, and
// a merge key ("<<: *defaults") sets the fields of the mappings it names, the
// first of a list winning, at its place among the keys. Field names are
// compared with the key's text, which is exact for the API's field names
// (none of them reads as a YAML 1.1 number or boolean).
func mappingField(m *yaml3.Node, name string) (key, value *yaml3.Node) {
	m = resolved(m)
	if m == nil || m.Kind != yaml3.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch {
		case isMergeKey(k):
			if mk, mv := mergedField(v, name); mk != nil {
				key, value = mk, mv
			}
		case k.Kind == yaml3.ScalarNode && len(k.Value) == len(name) && (name == "" || k.Value[0] == name[0]) && k.Value == name:
			// The first byte first: most keys of a length differ there, and
			// comparing the rest is a call (slow in the WASM).
			key, value = k, v
		}
	}
	return key, resolved(value)
}

// mergedField looks a field up in the value of a merge key: a mapping, or a
// list of mappings where the first that has the field wins.
func mergedField(v *yaml3.Node, name string) (key, value *yaml3.Node) {
	v = resolved(v)
	if v.Kind != yaml3.SequenceNode {
		return mappingField(v, name)
	}
	for _, item := range v.Content {
		if key, value = mappingField(item, name); key != nil {
			return key, value
		}
	}
	return nil, nil
}

// mappingPairs returns the effective keys and values of a mapping, merges
// and duplicates resolved as mappingField resolves them, in first-seen order.
func mappingPairs(m *yaml3.Node) (keys, values []*yaml3.Node) {
	m = resolved(m)
	if m == nil || m.Kind != yaml3.MappingNode {
		return nil, nil
	}
	// Keys and values share one allocation, each capped at its half: merge
	// keys that bring more fields make append copy them out.
	half := len(m.Content) / 2
	both := make([]*yaml3.Node, 2*half)
	p := pairs{keys: both[:0:half], values: both[half : half : 2*half]}
	p.set(m)
	return p.keys, p.values
}

// pairs collects mappingPairs' keys and values. A repeated key is looked
// for by comparing the keys one by one up to pairsScanned of them (most
// mappings of a manifest), and in index, made then, past that.
type pairs struct {
	keys, values []*yaml3.Node
	index        map[string]int
}

const pairsScanned = 8

func (p *pairs) set(m *yaml3.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if isMergeKey(k) {
			merged := resolved(v)
			if merged.Kind == yaml3.SequenceNode {
				for j := len(merged.Content) - 1; j >= 0; j-- {
					if item := resolved(merged.Content[j]); item.Kind == yaml3.MappingNode {
						p.set(item)
					}
				}
			} else if merged.Kind == yaml3.MappingNode {
				p.set(merged)
			}
			continue
		}
		if j := p.find(k); j >= 0 {
			p.keys[j], p.values[j] = k, resolved(v)
			continue
		}
		if p.index != nil {
			p.index[k.Tag+"\x00"+k.Value] = len(p.keys)
		}
		p.keys, p.values = append(p.keys, k), append(p.values, resolved(v))
		if len(p.keys) == pairsScanned {
			p.index = make(map[string]int)
			for j, key := range p.keys {
				p.index[key.Tag+"\x00"+key.Value] = j
			}
		}
	}
}

// find returns where a key with k's tag and text is, or -1.
func (p *pairs) find(k *yaml3.Node) int {
	if p.index != nil {
		if j, ok := p.index[k.Tag+"\x00"+k.Value]; ok {
			return j
		}
		return -1
	}
	for j, key := range p.keys {
		if key.Tag == k.Tag && key.Value == k.Value {
			return j
		}
	}
	return -1
}
