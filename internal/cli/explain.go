package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

const explainUsage = `Usage: taint-playground explain -f FILE... [flags] POD NODE

Explains one pod on one node, the page's card: whether the scheduler may
place it there (or, for a pod that runs there, what the taint-eviction
controller does), and for each of the node's taints which toleration
tolerates it and why, the tolerations that nearly do (one field off), and
the smallest toleration that would. POD is name or namespace/name; NODE is
the node's name.

The suggested toleration is printed as YAML to paste under
spec.tolerations, coloured when standard output is a terminal (not with
--no-color or NO_COLOR set).

Exit status: 0 when the pod fits the node (a running pod: is not evicted
and is admitted), 1 when it does not, 2 for bad usage, an unknown pod or
node, an input with an error, no node and no pod, or over the bounds
(see check --help), or output that cannot be written.

Examples:
  taint-playground explain -f nodes.yaml -f pods.yaml new-app node1
  kubectl get nodes,pods -A -o yaml | taint-playground explain -f - kube-system/coredns-5d78c9869d-abcde worker-1 -o json
`

// explainCommand is explain: its arguments are the pod and the node.
type explainCommand struct {
	noFlags
	pod, node string
}

func (cmd *explainCommand) args(_ *common, positional, rest []string) error {
	if len(positional) != 2 || rest != nil {
		return errors.New("give a pod and a node: explain POD NODE")
	}
	cmd.pod, cmd.node = positional[0], positional[1]
	return nil
}

func (cmd *explainCommand) answer(env *Env, c *common, l *loaded) int {
	pod, err := findPod(l, cmd.pod)
	if err == nil {
		var node int
		node, err = findNode(l.ws, cmd.node)
		if err == nil {
			return explainPair(env, c, l, pod, node)
		}
	}
	printf(env.Stderr, "error: %v\n", err)
	return ExitInvalid
}

// explainResult is explain's -o json|yaml document: the pod's and node's
// names, the node's taints and the pod's tolerations (the effective ones,
// which the detail's indexes point into), and the engine's CellDetail.
type explainResult struct {
	Pod         string             `json:"pod"`
	Node        string             `json:"node"`
	Taints      []core.Taint       `json:"taints"`
	Tolerations []core.Toleration  `json:"tolerations"`
	Detail      *engine.CellDetail `json:"detail"`
	// Rejected is why the API server would refuse the pod, then the node, as
	// written ("pod: reason"); the detail is then only what the engine finds
	// as read. Omitted when it would accept both.
	Rejected []string `json:"rejected,omitempty"`
	// Devices is the pod's device verdict, for a pod that uses
	// ResourceClaims: it holds on every node.
	Devices *engine.PodDevices `json:"devices,omitempty"`
}

func explainPair(env *Env, c *common, l *loaded, p, n int) int {
	detail, err := l.ws.Explain(p, n)
	if err != nil {
		printf(env.Stderr, "error: %v\n", err)
		return ExitInvalid
	}
	pod, node := &l.ws.Pods[p], &l.ws.Nodes[n]
	result := explainResult{Pod: podName(pod), Node: node.Name, Taints: l.editors.relocateTaints(node.Taints),
		Tolerations: l.editors.relocateTolerations(pod.Tolerations), Detail: detail, Devices: podDevices(l.ws, p)}
	for _, r := range pod.Rejected {
		result.Rejected = append(result.Rejected, "pod: "+r)
	}
	for _, r := range node.Rejected {
		result.Rejected = append(result.Rejected, "node: "+r)
	}
	table := func(w io.Writer) {
		s := speechIn(env.Language)
		writeExplainTable(w, s, &result, env.Color && !c.noColor)
		if result.Devices != nil {
			writePodDevices(w, s, result.Devices)
		}
	}
	if !writeOutput(env, c.output, table, result) {
		return ExitInvalid
	}
	switch {
	case l.invalid():
		return ExitInvalid
	case devicesBlock(result.Devices):
		return ExitProblems
	case detail.Running && (detail.Eviction.Kind == tainteviction.EvictNow || detail.Eviction.Kind == tainteviction.EvictAfter || !detail.Kubelet.Admit):
		return ExitProblems
	case !detail.Running && !detail.Fits:
		return ExitProblems
	}
	return ExitOK
}

// findPod resolves "name" or "namespace/name"; a name shared by pods of
// several namespaces needs its namespace.
func findPod(l *loaded, ref string) (int, error) {
	ws := l.ws
	namespace, name, qualified := strings.Cut(ref, "/")
	if !qualified {
		name = ref
	}
	var found []int
	for p := range ws.Pods {
		pod := &ws.Pods[p]
		if pod.Name == name && (!qualified || pod.Namespace == namespace) {
			found = append(found, p)
		}
	}
	switch len(found) {
	case 0:
		return -1, fmt.Errorf("pod %q not found", ref)
	case 1:
		return found[0], nil
	}
	var names []string
	for _, p := range found {
		names = append(names, podName(&ws.Pods[p])+" ("+where(l.editors.relocate(ws.Pods[p].Source))+")")
	}
	return -1, fmt.Errorf("%d pods are named %q: %s; name one as namespace/name", len(found), ref, strings.Join(names, ", "))
}

// findNode resolves a node's name.
func findNode(ws *engine.Workspace, name string) (int, error) {
	for n := range ws.Nodes {
		if ws.Nodes[n].Name == name {
			return n, nil
		}
	}
	return -1, fmt.Errorf("node %q not found", name)
}

// relocateTolerations returns a copy of the tolerations with their sources in files.
func (e *editors) relocateTolerations(tolerations []core.Toleration) []core.Toleration {
	out := make([]core.Toleration, len(tolerations))
	for i, t := range tolerations {
		t.Source = e.relocate(t.Source)
		out[i] = t
	}
	return out
}

// The explain table's words.
const (
	wordRejectedPod       words.ID = "explain.rejected.pod"
	wordRejectedNode      words.ID = "explain.rejected.node"
	wordRejectedMore      words.ID = "explain.rejected.more"
	wordAsRead            words.ID = "explain.as-read"
	wordPlacement         words.ID = "explain.placement"
	wordNoTaints          words.ID = "explain.no-taints"
	wordNearMiss          words.ID = "explain.near-miss"
	wordWouldTolerate     words.ID = "explain.would-be-tolerated"
	wordTolerationAddedBy words.ID = "explain.toleration.added-by"
	wordTolerationAt      words.ID = "explain.toleration.at"
)

// writeExplainTable prints the cell's sentence and each taint's verdict.
func writeExplainTable(w io.Writer, s *speech, r *explainResult, color bool) {
	if len(r.Rejected) > 0 {
		// The page's card: the rejection is the headline, the verdict as read comes second.
		kind, reason, _ := strings.Cut(r.Rejected[0], ": ")
		if kind == "node" {
			s.write(w, wordRejectedNode, "reason", reason)
		} else {
			s.write(w, wordRejectedPod, "reason", reason)
		}
		if len(r.Rejected) > 1 {
			s.write(w, wordRejectedMore, "count", len(r.Rejected)-1)
		}
		io.WriteString(w, "\n")
		s.line(w, wordAsRead)
	}
	printf(w, "%s\n", r.Detail.Reason)
	if r.Detail.PlacementReason != "" {
		s.line(w, wordPlacement, "reason", r.Detail.PlacementReason)
	}
	if len(r.Taints) == 0 {
		io.WriteString(w, "\n")
		s.line(w, wordNoTaints, "node", r.Node)
	}
	for _, v := range r.Detail.Taints {
		taint := &r.Taints[v.Taint]
		printf(w, "\n%s%s\n", taint.String(), taintWhere(s, taint))
		printf(w, "  %s\n", v.Reason)
		for _, miss := range v.NearMisses {
			io.WriteString(w, "  ")
			s.line(w, wordNearMiss, "field", miss.Field, "toleration", tolerationName(s, r.Tolerations, miss.Toleration), "reason", miss.Reason)
		}
		if v.Suggestion != nil {
			io.WriteString(w, "  ")
			s.line(w, wordWouldTolerate)
			writeYAML(w, indent(tolerationYAML(v.Suggestion), "    "), color)
		}
	}
}

// taintWhere is where a taint was written, or who added it.
func taintWhere(s *speech, t *core.Taint) string {
	if t.Origin != "" {
		return addedFor(s, t)
	}
	if w := where(t.Source); w != "" {
		return " (" + w + ")"
	}
	return ""
}

// tolerationName names a toleration by its field path and where it was
// written, or by the plugin that added it.
func tolerationName(s *speech, tolerations []core.Toleration, i int) string {
	t := &tolerations[i]
	switch {
	case t.AddedBy != "":
		return s.say(wordTolerationAddedBy, "index", i, "plugin", t.AddedBy)
	case t.Source.Line > 0:
		return s.say(wordTolerationAt, "field", t.Source.Field, "where", where(t.Source))
	}
	return fmt.Sprintf("tolerations[%d]", i)
}

// tolerationYAML writes a toleration as a list item of spec.tolerations, its
// fields in the order the docs write them.
func tolerationYAML(t *core.Toleration) string {
	var b strings.Builder
	field := func(name, value string) {
		prefix := "  "
		if b.Len() == 0 {
			prefix = "- "
		}
		printf(&b, "%s%s: %s\n", prefix, name, value)
	}
	if t.Key != "" {
		field("key", fmt.Sprintf("%q", t.Key))
	}
	if t.Operator != "" {
		field("operator", fmt.Sprintf("%q", t.Operator))
	}
	if t.Value != "" {
		field("value", fmt.Sprintf("%q", t.Value))
	}
	if t.Effect != "" {
		field("effect", fmt.Sprintf("%q", t.Effect))
	}
	if t.TolerationSeconds != nil {
		field("tolerationSeconds", fmt.Sprint(*t.TolerationSeconds))
	}
	return b.String()
}

// indent prefixes every line.
func indent(text, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n"+prefix) + "\n"
}
