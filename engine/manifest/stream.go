package manifest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"unicode/utf8"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
)

// StreamLimits bound what DecodeStream keeps: past Nodes nodes or Pods pods,
// a "limit" error names the object and the rest of that kind is not read.
// Nodes cannot exceed maxObjects, the most one text's nodes hold.
type StreamLimits struct {
	Nodes, Pods int
}

// Stream is what DecodeStream read: the objects of both editors' kinds and
// the diagnostics, positioned in the stream's lines, in the Nodes editor
// for a node and what is neither a node nor a pod, in the Pods editor for
// a pod, and in both for the text around a List's items.
type Stream struct {
	Nodes       []core.Node
	Pods        []core.Pod
	Diagnostics []core.Diagnostic
	// Bytes is how many bytes were read, and Items how many List items
	// were decoded one by one.
	Bytes int64
	Items int
}

// Progress is told, after each item, the bytes read and the objects kept.
type Progress func(bytes int64, objects int)

// DecodeStream reads a whole input as the two editors together read it,
// holding at a time one item of a List and what was decoded, not the text:
// a cluster's `kubectl get nodes,pods -A -o json|yaml`, gigabytes with
// managedFields, costs what its nodes and pods keep.
//
//  1. The stream is cut into a List's items and the wrapper around them
//     (listSplitter), CRLF and CR read as LF and a byte order mark dropped,
//     as the command line reads a file.
//  2. Each item is parsed alone, and decoded by the Nodes editor's decoder
//     when its kind is Node, by the Pods editor's when it is a pod or a
//     workload, and skipped with the Nodes editor's warning otherwise. An
//     item with neither kind nor apiVersion takes the List's kind, as in
//     DecodeNodes; its text is kept until the List's kind is read.
//  3. The wrapper (the whole text when it holds no List) is decoded by
//     DecodeNodes, and by DecodePods unless it is NodesOnly, its lines after the items moved down by
//     the items' lines. Objects after a List in the same stream are refused
//     with an error: the List's items have been decoded and dropped, and
//     nodes must come in text order (kubectl taint lines apply to those
//     before them).
//
// Unlike DecodeNodes and DecodePods, a syntax error in one item leaves the
// others read, and the objects are bounded by limits, not maxObjects pods.
// A read error is returned.
func DecodeStream(r io.Reader, problems *core.ProblemCap, limits StreamLimits, progress Progress) (*Stream, error) {
	in := bufio.NewReaderSize(&newlineReader{r: r}, 1<<20)
	if bom, _ := in.Peek(3); string(bom) == "\uFEFF" {
		in.Discard(3)
	}
	s := &streamDecoder{nodes: newDecoder(core.EditorNodes, problems), pods: newDecoder(core.EditorPods, problems),
		limits: limits, progress: progress}
	s.split = listSplitter{r: in, onItem: s.item, maxWrapper: MaxInputBytes}
	err := s.split.split()
	if errors.Is(err, errPartTooLarge) {
		s.nodes.report(core.SeverityError, core.CodeLimit, core.Source{Line: s.split.line},
			fmt.Sprintf("an object, or the text outside a List's items, is over 16 MiB (%d bytes); reading stopped there", MaxInputBytes))
		err = nil
	}
	if err != nil {
		return nil, err
	}
	return s.finish(problems), nil
}

// streamDecoder decodes the items of a stream as listSplitter hands them over.
type streamDecoder struct {
	split       listSplitter
	nodes, pods *decoder
	limits      StreamLimits
	progress    Progress
	steps       []nodeStep
	podList     []core.Pod
	items       int
	// deferred are the items that take the List's kind, kept as text.
	deferred []deferredItem
}

type deferredItem struct {
	text      string
	firstLine int
	entry     bool
}

// item decodes one item (step 2 of DecodeStream).
func (s *streamDecoder) item(text []byte, firstLine int, entry bool) {
	s.items++
	s.decodeItem(deferredItem{text: string(text), firstLine: firstLine, entry: entry}, "")
	if s.progress != nil {
		s.progress(s.split.read, len(s.steps)+len(s.podList))
	}
}

// decodeItem parses an item and decodes it with listKind as the List's kind,
// "" while it is not known.
func (s *streamDecoder) decodeItem(it deferredItem, listKind string) {
	d := s.nodes
	if !utf8.ValidString(it.text) {
		line := it.firstLine - 1 + invalidUTF8Line(it.text)
		d.add(core.SeverityError, core.CodeLimit, core.Source{Line: line}, "the text is not valid UTF-8 (is it binary?)", "")
		return
	}
	docs, errs := d.yamlDocuments(textDocument{text: it.text, firstLine: it.firstLine})
	for _, err := range errs {
		d.report(core.SeverityError, core.CodeYAML, core.Source{Line: err.line, Column: err.column}, err.msg)
	}
	if len(docs) == 0 || len(docs[0].root.Content) == 0 {
		return
	}
	root := docs[0].root.Content[0]
	if it.entry {
		if root.Kind != yaml3.SequenceNode || len(root.Content) == 0 {
			return
		}
		root = root.Content[0]
	}
	kind, versioned := scalarEntry(root, "kind"), scalarEntry(root, "apiVersion") != ""
	if kind == "" && !versioned {
		if listKind == "" {
			s.deferred = append(s.deferred, it)
			return
		}
		kind = listKind
	}
	if isPodKind(kind) {
		d = s.pods
	}
	d.eachObject(d.objectField(root, docs[0].lines), listKind, func(obj yamlField, kind string) { s.visit(d, obj, kind) })
}

// visit keeps a node or a pod, within the limits, or skips the object.
func (s *streamDecoder) visit(d *decoder, obj yamlField, kind string) {
	switch {
	case kind == "Node" && d == s.nodes:
		if len(s.steps) > min(s.limits.Nodes, maxObjects) {
			return // runNodeSteps reports the first past the limit
		}
		if node, ok := d.yamlNode(obj); ok {
			s.steps = append(s.steps, nodeStep{node: &node})
		}
	case isPodKind(kind) && d == s.pods:
		if len(s.podList) == s.limits.Pods {
			d.report(core.SeverityError, core.CodeLimit, obj.source(), fmt.Sprintf("more than %d pods; the rest are not read", s.limits.Pods))
			return
		}
		if pod, ok := d.yamlPod(obj, kind); ok {
			s.podList = append(s.podList, pod)
		}
	default:
		d.skipKind(obj, kind)
	}
}

// NodesOnly reports, from what DecodeNodes found in a text, whether the
// Nodes editor reads all of it: it reports no object of another kind (no
// "kind" diagnostic: skipped, unknown or missing). Describe output and taint
// lines, which the Pods editor would refuse, are only nodes; so is a YAML
// file of Nodes, which the Pods editor would only skip. The command line
// gives the Pods editor only a text that is not.
func NodesOnly(diagnostics []core.Diagnostic) bool {
	for i := range diagnostics {
		if d := &diagnostics[i]; d.Code == core.CodeDecode && d.Source.Field == "kind" {
			return false
		}
	}
	return true
}

// scalarEntry is the value of a mapping's scalar entry, "" when absent.
func scalarEntry(mapping *yaml3.Node, key string) string {
	mapping = resolved(mapping)
	if mapping == nil || mapping.Kind != yaml3.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(mapping.Content); i += 2 {
		if k, v := resolved(mapping.Content[i]), resolved(mapping.Content[i+1]); k.Value == key && v.Kind == yaml3.ScalarNode {
			return v.Value
		}
	}
	return ""
}

// finish decodes the deferred items and the wrapper (step 3 of
// DecodeStream) and gathers the objects and diagnostics.
func (s *streamDecoder) finish(problems *core.ProblemCap) *Stream {
	head, tail := string(s.split.head), string(s.split.tail)
	if len(s.deferred) > 0 {
		listKind := listKindOf(head + tail)
		for _, it := range s.deferred {
			s.decodeItem(it, listKind)
		}
		s.deferred = nil
	}
	wrapper := head + tail
	wrapperNodes, nodeDiagnostics := DecodeNodesCapped(wrapper, problems)
	var wrapperPods []core.Pod
	var podDiagnostics []core.Diagnostic
	if _, all := DecodeNodes(wrapper); !NodesOnly(all) { // problems would hide the kind warnings
		wrapperPods, podDiagnostics = DecodePodsCapped(wrapper, problems)
	}
	out := &Stream{Bytes: s.split.read, Items: s.items}
	out.Nodes = append(beforeItemsOf(s, wrapperNodes, func(n *core.Node) int { return n.Source.Line }), s.nodes.runNodeSteps(s.steps)...)
	out.Pods = append(beforeItemsOf(s, wrapperPods, func(p *core.Pod) int { return p.Source.Line }), s.podList...)
	out.Diagnostics = append(s.nodes.sorted(), s.pods.sorted()...)
	for _, list := range [][]core.Diagnostic{nodeDiagnostics, podDiagnostics} {
		for _, d := range list {
			out.Diagnostics = append(out.Diagnostics, s.moveTail(d))
		}
	}
	return out
}

// beforeItemsOf keeps the wrapper's objects written before a List's items; one
// after them is refused (see DecodeStream), with one error.
func beforeItemsOf[T any](s *streamDecoder, objects []T, line func(*T) int) []T {
	kept := objects[:0]
	refused := 0
	for i := range objects {
		if s.split.inTail && line(&objects[i]) > s.split.headLines {
			if refused++; refused == 1 {
				s.nodes.report(core.SeverityError, core.CodeLimit, core.Source{Line: line(&objects[i]) + s.split.dropped},
					"an object after a List read item by item is not read: give it in a file of its own (-f)")
			}
			continue
		}
		kept = append(kept, objects[i])
	}
	return kept
}

// lineMessage is the "line N: " a diagnostic's message starts with.
var lineMessage = regexp.MustCompile(`^line [0-9]+: `)

// moveTail moves a wrapper diagnostic written after a List's items down by
// the items' lines.
func (s *streamDecoder) moveTail(d core.Diagnostic) core.Diagnostic {
	if !s.split.inTail || d.Source.Line <= s.split.headLines {
		return d
	}
	shift := s.split.dropped
	d.Source.Line += shift
	if len(d.Source.Fields) > 0 {
		fields := make(map[string]int, len(d.Source.Fields))
		for name, line := range d.Source.Fields {
			fields[name] = line + shift
		}
		d.Source.Fields = fields
	}
	if loc := lineMessage.FindStringIndex(d.Message); loc != nil {
		d.Message = "line " + strconv.Itoa(d.Source.Line) + ": " + d.Message[loc[1]:]
	}
	return d
}

// listKindOf is the kind of the first object of a wrapper, "" when it has none.
func listKindOf(wrapper string) string {
	docs, _ := parseYAMLDocuments(wrapper, 1)
	if len(docs) == 0 || len(docs[0].root.Content) == 0 {
		return ""
	}
	return scalarEntry(docs[0].root.Content[0], "kind")
}

// newlineReader reads CRLF and CR as LF, as the command line reads a file.
type newlineReader struct {
	r io.Reader
	// cr is true when the last byte read was a CR, so that an LF first in
	// the next read is its CRLF's.
	cr bool
}

func (n *newlineReader) Read(p []byte) (int, error) {
	k, err := n.r.Read(p)
	if !n.cr && bytes.IndexByte(p[:k], '\r') < 0 {
		return k, err
	}
	out := p[:0]
	for _, c := range p[:k] {
		if n.cr && c == '\n' {
			n.cr = false
			continue
		}
		n.cr = c == '\r'
		if n.cr {
			c = '\n'
		}
		out = append(out, c)
	}
	return len(out), err
}
