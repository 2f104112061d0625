package cli

import (
	"fmt"
	"sort"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
)

// editors turns the input files into the page's two editors, so that
// engine.Load gives the page's verdicts exactly, and maps every position in
// them back to its file.
//
// Each editor's text is its files joined by "---" lines. A file that holds
// only nodes as far as the Nodes editor can tell (Node objects, `kubectl
// describe node` output, `kubectl taint` lines, bare taints) goes to the
// Nodes editor only; any other file, a pod manifest or a mixed List such as
// `kubectl get nodes,pods -A -o yaml` prints, goes to both, each editor
// reading its own kinds.
type editors struct {
	nodes, pods editorText
}

// editorText is one editor's text and where each file's lines are in it.
type editorText struct {
	editor string
	text   strings.Builder
	lines  int // lines written so far
	spans  []span
}

// span is one file's place in an editor: its line 1 is editor line first.
type span struct {
	file  string
	first int
	lines int
}

// newEditors places each file, in order.
func newEditors(files []inputFile) *editors {
	e := &editors{nodes: editorText{editor: core.EditorNodes}, pods: editorText{editor: core.EditorPods}}
	for _, f := range files {
		text := normalize(f.text)
		e.nodes.add(f.name, text)
		if !nodesOnly(text) {
			e.pods.add(f.name, text)
		}
	}
	return e
}

// normalize drops a leading byte order mark and turns CRLF and CR into LF,
// as the page's textarea does, so that lines count the same in the editor
// and in the file; it ends the text with a newline, so the next file's
// separator starts a line.
func normalize(text string) string {
	text = strings.TrimPrefix(text, "\uFEFF")
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

// nodesOnly reports whether the Nodes editor reads the whole text
// (manifest.NodesOnly).
func nodesOnly(text string) bool {
	_, diagnostics := manifest.DecodeNodes(text)
	return manifest.NodesOnly(diagnostics)
}

func (e *editorText) add(file, text string) {
	if e.lines > 0 {
		e.text.WriteString("---\n")
		e.lines++
	}
	n := strings.Count(text, "\n")
	e.spans = append(e.spans, span{file: file, first: e.lines + 1, lines: n})
	e.text.WriteString(text)
	e.lines += n
}

// locate maps an editor line to its file and the line there.
func (e *editorText) locate(line int) (file string, fileLine int, ok bool) {
	i := sort.Search(len(e.spans), func(i int) bool { return e.spans[i].first+e.spans[i].lines > line })
	if i == len(e.spans) || line < e.spans[i].first {
		return "", 0, false
	}
	return e.spans[i].file, line - e.spans[i].first + 1, true
}

// load runs engine.Load on the two texts and keeps the diagnostics a person
// should see, each pointing into its file, at most core.MaxProblemsShown per
// file (problemCap).
func (e *editors) load(opts core.Options) *engine.Workspace {
	w := engine.LoadCapped(e.nodes.text.String(), e.pods.text.String(), opts, e.problemCap())
	w.Diagnostics = e.diagnostics(w.Diagnostics)
	return w
}

// problemCap lists at most core.MaxProblemsShown diagnostics per file, and
// counts only those diagnostics would keep: a warning that an object
// belongs in the other editor, or a second copy of one, takes no room.
func (e *editors) problemCap() *core.ProblemCap {
	seen := map[diagnosticKey]bool{}
	return &core.ProblemCap{
		Limit: core.MaxProblemsShown,
		Shown: func(d *core.Diagnostic) bool {
			if isWrongEditor(d) {
				return false
			}
			k := e.key(*d)
			if seen[k] {
				return false
			}
			seen[k] = true
			return true
		},
		Place: func(d *core.Diagnostic) string { return e.relocate(d.Source).Editor },
	}
}

// diagnosticKey is what makes two diagnostics, relocated, the same one.
type diagnosticKey struct {
	severity, code, message, file, field string
	line, column                         int
}

// key relocates d, without the "line N: " its message may start with.
func (e *editors) key(d core.Diagnostic) diagnosticKey {
	d.Message = strings.TrimPrefix(d.Message, fmt.Sprintf("line %d: ", d.Source.Line))
	d.Source = e.relocate(d.Source)
	return diagnosticKey{d.Severity, d.Code, d.Message, d.Source.Editor, d.Source.Field, d.Source.Line, d.Source.Column}
}

// diagnostics relocates each diagnostic to its file and drops what feeding
// a file to both editors adds:
//
//   - the warnings that a Pod (or a ResourceClaim…) belongs in the Pods
//     editor (from the Nodes editor) or a Node (or a ResourceSlice…) in the
//     Nodes editor (from the Pods editor): the other editor reads that
//     object, as the user meant;
//   - the second copy of a diagnostic both editors give for the same text
//     (a YAML syntax error, an unknown kind, a List wrapper's field).
func (e *editors) diagnostics(in []core.Diagnostic) []core.Diagnostic {
	seen := map[diagnosticKey]bool{}
	out := make([]core.Diagnostic, 0, len(in))
	for _, d := range in {
		if isWrongEditor(&d) {
			continue
		}
		k := e.key(d)
		if seen[k] {
			continue
		}
		seen[k] = true
		d.Message, d.Source = k.message, e.relocate(d.Source)
		out = append(out, d)
	}
	return out
}

// isWrongEditor matches exactly the decoders' warning for an object of the
// other editor's kind.
func isWrongEditor(d *core.Diagnostic) bool {
	if d.Code != core.CodeDecode || d.Severity != core.SeverityWarning || d.Source.Field != "kind" {
		return false
	}
	switch d.Source.Editor {
	case core.EditorNodes:
		return strings.HasSuffix(d.Message, " belongs in the Pods editor; skipped")
	case core.EditorPods:
		return strings.HasSuffix(d.Message, " belongs in the Nodes editor; skipped")
	}
	return false
}

// relocate turns an editor position into a file position: Editor becomes the
// file's name and Line its line there. A source in an editor without a line
// (a limit on the whole text) keeps no editor either; a source in no editor
// (a taint a controller added, a taint spec in a what-if command) is kept.
func (e *editors) relocate(src core.Source) core.Source {
	var text *editorText
	switch src.Editor {
	case core.EditorNodes:
		text = &e.nodes
	case core.EditorPods:
		text = &e.pods
	default:
		return src
	}
	file, line, ok := text.locate(src.Line)
	if src.Line == 0 || !ok {
		src.Editor, src.Line, src.Column, src.Fields = "", 0, 0, nil
		return src
	}
	shift := line - src.Line
	src.Editor, src.Line = file, line
	if len(src.Fields) > 0 {
		fields := make(map[string]int, len(src.Fields))
		for name, l := range src.Fields {
			fields[name] = l + shift
		}
		src.Fields = fields
	}
	return src
}

// relocateVerdicts points every source of the verdicts into its file. The
// nodes' taints are copied first: the workspace shares them.
func (e *editors) relocateVerdicts(v *engine.Verdicts) {
	for n := range v.Nodes {
		node := &v.Nodes[n]
		node.Source = e.relocate(node.Source)
		node.Taints = e.relocateTaints(node.Taints)
	}
	for p := range v.Pods {
		v.Pods[p].Source = e.relocate(v.Pods[p].Source)
	}
}

// relocateTaints returns a copy of the taints with their sources in files.
func (e *editors) relocateTaints(taints []core.Taint) []core.Taint {
	out := make([]core.Taint, len(taints))
	for i, t := range taints {
		t.Source = e.relocate(t.Source)
		out[i] = t
	}
	return out
}
