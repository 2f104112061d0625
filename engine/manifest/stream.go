package manifest

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// StreamLimits bound what DecodeStream keeps: past Nodes nodes or Pods pods,
// or DeviceObjects resource.k8s.io objects of one editor (the inventory's,
// or the claims and templates), a "limit" error names the object and the
// rest of that kind is not read. Nodes cannot exceed maxObjects, the most
// one text's nodes hold; DeviceObjects 0 is maxObjects, one text's limit.
type StreamLimits struct {
	Nodes, Pods, DeviceObjects int
}

// Stream is what DecodeStream read: the objects of both editors' kinds and
// the diagnostics, positioned in the stream's lines, in the Nodes editor
// for a node and what is neither a node nor a pod, in the Pods editor for
// a pod, and in both for the text around a List's items.
type Stream struct {
	Nodes []core.Node
	Pods  []core.Pod
	// Inventory and Claims are the resource.k8s.io objects, read by the
	// Nodes and the Pods editor's decoder as DecodeInventory and
	// DecodeClaims read them.
	Inventory   Inventory
	Claims      Claims
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
// A read error is returned, and ErrPartTooLarge.
func DecodeStream(r io.Reader, problems *core.ProblemCap, limits StreamLimits, progress Progress) (*Stream, error) {
	in := bufio.NewReaderSize(&newlineReader{r: r}, 1<<20)
	if bom, _ := in.Peek(3); string(bom) == "\uFEFF" {
		in.Discard(3)
	}
	s := &streamDecoder{nodes: newDecoder(core.EditorNodes, problems), pods: newDecoder(core.EditorPods, problems),
		limits: limits, progress: progress}
	if limits.DeviceObjects > 0 {
		s.nodes.maxDeviceObjects, s.pods.maxDeviceObjects = limits.DeviceObjects, limits.DeviceObjects
	}
	s.split = listSplitter{r: in, onItem: s.item, maxWrapper: MaxInputBytes}
	if err := s.split.split(); err != nil {
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
	// notNodes is true once an item is not a Node: the Pods editor then
	// reads the wrapper too (NodesOnly).
	notNodes bool
}

// deferredItem is an item's text, where it starts, whether it is a YAML
// sequence entry, and its List: the index of the List's junction.
type deferredItem struct {
	text      string
	firstLine int
	entry     bool
	list      int
}

// item decodes one item (step 2 of DecodeStream).
func (s *streamDecoder) item(text []byte, firstLine int, entry bool) {
	s.items++
	it := deferredItem{text: string(text), firstLine: firstLine, entry: entry, list: len(s.split.junctions)}
	if !s.decodeItem(it, "", false) {
		s.deferred = append(s.deferred, it)
	}
	if s.progress != nil {
		s.progress(s.split.read, len(s.steps)+len(s.podList))
	}
}

// decodeItem parses an item and decodes it, with itemKind as the kind of
// its List's items once known. It returns false, having decoded nothing,
// for an item that takes its List's kind while that is not known.
func (s *streamDecoder) decodeItem(it deferredItem, itemKind string, known bool) bool {
	d := s.nodes
	if !utf8.ValidString(it.text) {
		line := it.firstLine - 1 + invalidUTF8Line(it.text)
		d.add(core.SeverityError, core.CodeLimit, core.Source{Line: line}, "the text is not valid UTF-8 (is it binary?)", "")
		return true
	}
	docs, errs := d.parser.Parse(yamltext.Part{Text: it.text, FirstLine: it.firstLine})
	for _, err := range errs {
		d.report(core.SeverityError, core.CodeYAML, core.Source{Line: err.Line, Column: err.Column}, err.Message)
	}
	if len(docs) == 0 || len(docs[0].Root.Content) == 0 {
		return true
	}
	root := docs[0].Root.Content[0]
	if it.entry {
		if root.Kind != yaml3.SequenceNode || len(root.Content) == 0 {
			return true
		}
		root = root.Content[0]
	}
	kind := scalarEntry(root, "kind")
	if kind == "" && scalarEntry(root, "apiVersion") == "" {
		if !known {
			return false
		}
		kind = itemKind
	}
	if isPodKind(kind) || claimKinds[kind] {
		d = s.pods
	}
	s.notNodes = s.notNodes || kind != "Node"
	d.eachObject(d.objectField(root, docs[0].Lines), itemKind, func(obj yamlField, kind string) { s.visit(d, obj, kind) })
	return true
}

// visit keeps a node or a pod, within the limits, or skips the object.
func (s *streamDecoder) visit(d *decoder, obj yamlField, kind string) {
	switch {
	case kind == "Node" && d == s.nodes:
		if len(s.steps) > min(s.limits.Nodes, maxObjects) {
			return // runNodeSteps reports the first past the limit
		}
		if node, ok := d.yamlNode(obj); ok {
			detachNode(&node)
			s.steps = append(s.steps, nodeStep{node: &node})
		}
	case isPodKind(kind) && d == s.pods:
		if len(s.podList) == s.limits.Pods {
			d.report(core.SeverityError, core.CodeLimit, obj.source(), fmt.Sprintf("more than %d pods; the rest are not read", s.limits.Pods))
			return
		}
		if pod, ok := d.yamlPod(obj, kind); ok {
			detachPod(&pod)
			s.podList = append(s.podList, pod)
		}
	default:
		if !d.deviceObject(obj, kind) {
			d.skipKind(obj, kind)
		} else {
			detachLatest(d, kind)
		}
	}
}

// finish decodes the deferred items and the wrapper (step 3 of
// DecodeStream) and gathers the objects, in stream order, and the
// diagnostics.
func (s *streamDecoder) finish(problems *core.ProblemCap) *Stream {
	wrapper := string(s.split.wrapper)
	for _, it := range s.deferred {
		s.decodeItem(it, s.itemKind(wrapper, it.list), true)
	}
	s.deferred = nil
	wrapperSteps, wrapperInventory, nodeDiagnostics := s.wrapperNodeSteps(wrapper, problems)
	var wrapperPods []core.Pod
	var wrapperClaims Claims
	var podDiagnostics []core.Diagnostic
	if _, all := DecodeNodes(wrapper); s.notNodes || !NodesOnly(all) { // problems would hide the kind warnings
		wrapperPods, wrapperClaims, podDiagnostics = DecodeClaims(wrapper, problems)
	}
	for i := range wrapperPods {
		s.movePod(&wrapperPods[i])
		s.moveAllSources(wrapperPods[i].Claims)
	}
	s.moveAllSources(&wrapperInventory)
	s.moveAllSources(&wrapperClaims)
	steps := inStreamOrder(wrapperSteps, s.steps, nodeStep.line)
	out := &Stream{Bytes: s.split.read, Items: s.items,
		Nodes:     s.nodes.runNodeSteps(steps),
		Pods:      inStreamOrder(wrapperPods, s.podList, func(p core.Pod) int { return p.Source.Line }),
		Inventory: wrapperInventory.followedBy(s.nodes.inventory),
		Claims:    wrapperClaims.followedBy(s.pods.claims),
	}
	out.Diagnostics = append(s.nodes.sorted(), s.pods.sorted()...)
	for _, list := range [][]core.Diagnostic{nodeDiagnostics, podDiagnostics} {
		for _, d := range list {
			s.moveDiagnostic(&d)
			out.Diagnostics = append(out.Diagnostics, d)
		}
	}
	return out
}

// wrapperNodeSteps reads the wrapper as the Nodes editor's text, into
// steps and diagnostics moved to the stream's lines; the steps are run with
// the items' (runNodeSteps), so that a kubectl taint line after a List
// applies to its nodes.
func (s *streamDecoder) wrapperNodeSteps(wrapper string, problems *core.ProblemCap) ([]nodeStep, Inventory, []core.Diagnostic) {
	d := newDecoder(core.EditorNodes, problems)
	steps, problem := d.nodeSteps(wrapper)
	if problem != nil {
		d.diags = append(d.diags, *problem)
	}
	for _, step := range steps {
		switch {
		case step.node != nil:
			s.moveNode(step.node)
		case step.bare != nil:
			s.moveSource(&step.bare.Source)
		case step.command != nil:
			s.moveSource(&step.command.Source)
			for _, taints := range [][]core.Taint{step.command.Add, step.command.Remove} {
				for i := range taints {
					s.moveSource(&taints[i].Source)
				}
			}
		}
	}
	return steps, d.inventory, d.diags
}

// line is the line a step is written on.
func (step nodeStep) line() int {
	switch {
	case step.node != nil:
		return step.node.Source.Line
	case step.bare != nil:
		return step.bare.Source.Line
	}
	return step.command.Source.Line
}

// itemKind is the kind of the items of the List whose junction is list:
// its kind without "List" ("" for a v1 List, whose items need their own).
func (s *streamDecoder) itemKind(wrapper string, list int) string {
	if list >= len(s.split.junctions) {
		return ""
	}
	itemsLine := s.split.junctions[list].after
	for _, part := range yamltext.Split(wrapper) {
		if part.FirstLine > itemsLine {
			break
		}
		if last := part.FirstLine + strings.Count(part.Text, "\n"); last < itemsLine {
			continue
		}
		var parser yamltext.Parser
		docs, _ := parser.Parse(part)
		if len(docs) > 0 && len(docs[0].Root.Content) > 0 {
			return strings.TrimSuffix(scalarEntry(docs[0].Root.Content[0], "kind"), "List")
		}
	}
	return ""
}

// inStreamOrder merges the wrapper's objects and the items', each in stream
// order, by line.
func inStreamOrder[T any](wrapper, items []T, line func(T) int) []T {
	if len(wrapper) == 0 {
		return items
	}
	out := make([]T, 0, len(wrapper)+len(items))
	i := 0
	for w := range wrapper {
		for i < len(items) && line(items[i]) < line(wrapper[w]) {
			out = append(out, items[i])
			i++
		}
		out = append(out, wrapper[w])
	}
	return append(out, items[i:]...)
}

// lineMessage is the "line N: " a diagnostic's message starts with.
var lineMessage = regexp.MustCompile(`^line [0-9]+: `)

// moveSource moves a source from the wrapper's lines to the stream's.
func (s *streamDecoder) moveSource(src *core.Source) {
	if src.Line == 0 || len(s.split.junctions) == 0 {
		return
	}
	src.Line = s.split.streamLine(src.Line)
	if len(src.Fields) > 0 {
		fields := make(map[string]int, len(src.Fields))
		for name, line := range src.Fields {
			fields[name] = s.split.streamLine(line)
		}
		src.Fields = fields
	}
}

// moveDiagnostic moves a wrapper diagnostic to the stream's lines, the
// line its message names too.
func (s *streamDecoder) moveDiagnostic(d *core.Diagnostic) {
	s.moveSource(&d.Source)
	if loc := lineMessage.FindStringIndex(d.Message); loc != nil {
		d.Message = "line " + strconv.Itoa(d.Source.Line) + ": " + d.Message[loc[1]:]
	}
}

// moveNode moves a node of the wrapper, and its taints and conditions.
func (s *streamDecoder) moveNode(n *core.Node) {
	s.moveSource(&n.Source)
	for i := range n.Taints {
		s.moveSource(&n.Taints[i].Source)
	}
	for i := range n.Conditions {
		s.moveSource(&n.Conditions[i].Source)
	}
}

// movePod moves a pod of the wrapper, its tolerations and its required
// affinity's requirements.
func (s *streamDecoder) movePod(p *core.Pod) {
	s.moveSource(&p.Source)
	for i := range p.Tolerations {
		s.moveSource(&p.Tolerations[i].Source)
	}
	if p.RequiredAffinity == nil {
		return
	}
	for t := range p.RequiredAffinity.Terms {
		term := &p.RequiredAffinity.Terms[t]
		for r := range term.MatchExpressions {
			s.moveSource(&term.MatchExpressions[r].Source)
		}
		for r := range term.MatchFields {
			s.moveSource(&term.MatchFields[r].Source)
		}
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
	mapping = yamltext.Resolved(mapping)
	if mapping == nil || mapping.Kind != yaml3.MappingNode {
		return ""
	}
	if _, v := yamltext.MappingField(mapping, key); v != nil && yamltext.Resolved(v).Kind == yaml3.ScalarNode {
		return yamltext.Resolved(v).Value
	}
	return ""
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
