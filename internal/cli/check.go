package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

const checkUsage = `Usage: taint-playground check -f FILE... [flags]

Reads nodes and pods and prints, for each pod, the nodes it can schedule on
and the taint (or other filter) that blocks it on the others; for a pod that
already runs (spec.nodeName), whether the taint-eviction controller evicts it:
now, after N seconds, or never. The verdicts are the page's.

Inputs are what the page reads: kubectl get -o yaml|json (Lists, mixed
lists such as nodes,pods), multi-document files, workloads (their pod
template), kubectl describe node output, kubectl taint lines and bare taints
(key=value:Effect). A file of nodes only goes to the Nodes editor; any other
goes to both editors, each reading its own kinds.

Problems in the input are printed on standard error as file:line:col:
severity: message, in the page's words.

Exit status: 0 when every pending pod fits some node and no running pod is
evicted or refused by the kubelet; 1 otherwise; 2 for bad usage, a file that
cannot be read, an input over the bounds (below), an input with no node
and no pod, output that cannot be written, or an input with an error (what
the API server or kubectl would refuse; the verdicts are still printed).

One input (a file or -f -) is read as a stream, item by item, up to twice
Kubernetes' scalability limits: 8 GiB, 10,000 nodes, 300,000 pods, and
300,000 resource.k8s.io objects of the inventory and of the claims. Several
inputs are joined as the page's editors join them, up to 16 MiB together.
Above 100 pods the table groups the pods by workload and names only those
that need attention; -o wide lists every pod.

Examples:
  # A CI job: the manifests about to merge against a snapshot of the cluster
  taint-playground check -f manifests/ -f cluster-snapshot.yaml

  # The live cluster, through kubectl
  kubectl get nodes,pods -A -o yaml | taint-playground check -f -

  # Only the pods labelled app=web, as JSON
  taint-playground check -f nodes.yaml -f pods.yaml -l app=web -o json

  # With the Lt/Gt operators' feature gate, and without condition taints
  taint-playground check -f cluster.yaml --comparison-operators --condition-taints=false
`

// checkCommand is check: -l picks the pods to report.
type checkCommand struct {
	noFlags
	selector core.LabelSelector
}

func (cmd *checkCommand) args(c *common, positional, rest []string) (err error) {
	if err := noArguments("check", positional, rest); err != nil {
		return err
	}
	cmd.selector, err = podSelector(c.selector)
	return err
}

func (cmd *checkCommand) answer(env *Env, c *common, l *loaded) int {
	selector := cmd.selector
	v := l.verdicts()
	workloads := podWorkloads(l)
	keep := func(p *engine.PodVerdict) bool { return selector.Matches(p.Labels) }
	kept := workloads[:0]
	for i := range v.Pods {
		if keep(&v.Pods[i]) {
			kept = append(kept, workloads[i])
		}
	}
	v.Select(keep)
	lang := explanations(env.Language)
	table := func(w io.Writer) { writeCheckTable(w, v, lang) }
	if grouped(c.output, len(v.Pods)) {
		table = func(w io.Writer) { writeGroupedCheck(w, v, kept, lang) }
	}
	if !writeOutput(env, c.output, table, v) {
		return ExitInvalid
	}
	return checkStatus(v)
}

// verdicts judges every pod, with every position in its file.
func (l *loaded) verdicts() *engine.Verdicts {
	v := l.ws.Verdicts()
	l.editors.relocateVerdicts(v)
	return v
}

// checkStatus is check's exit status.
func checkStatus(v *engine.Verdicts) int {
	s := &v.Summary
	switch {
	case s.Errors > 0:
		return ExitInvalid
	case s.Unschedulable+s.EvictedNow+s.EvictedLater+s.NotAdmitted > 0:
		return ExitProblems
	}
	return ExitOK
}

// maxNamesShown is how many node names one line of the table lists.
const maxNamesShown = 5

// writeCheckTable prints one block per pod and a summary line.
func writeCheckTable(w io.Writer, v *engine.Verdicts, lang message.Catalog) {
	if v.OverLimit {
		printf(w, "No verdicts: the workspace is over the limit (see the error above).\n")
		return
	}
	index := nodeIndex(v)
	for i := range v.Pods {
		writePodVerdict(w, v, index, lang, &v.Pods[i])
	}
	writeRuleStatuses(w, lang, v.DeviceRules)
	writeSummary(w, v)
}

// nodeIndex finds a node of the verdicts by name.
func nodeIndex(v *engine.Verdicts) map[string]int {
	index := make(map[string]int, len(v.Nodes))
	for n := range v.Nodes {
		index[v.Nodes[n].Name] = n
	}
	return index
}

// writeSummary prints the counts, the table's last line.
func writeSummary(w io.Writer, v *engine.Verdicts) {
	s := &v.Summary
	printf(w, "\n%d pod(s) on %d node(s): %d can schedule, %d cannot; running: %d stay, %d evicted now, %d evicted later, %d not admitted, %d on a node not in the input",
		s.Pods, s.Nodes, s.Schedulable, s.Unschedulable, s.Stays, s.EvictedNow, s.EvictedLater, s.NotAdmitted, s.UnknownNode)
	if s.Rejected > 0 {
		printf(w, "; %d rejected by the API server, not judged", s.Rejected)
	}
	printf(w, "; %d error(s), %d warning(s)\n", s.Errors, s.Warnings)
}

// writePodVerdict prints one pod's verdict; index finds a node by name.
func writePodVerdict(w io.Writer, v *engine.Verdicts, index map[string]int, lang message.Catalog, p *engine.PodVerdict) {
	name := p.Name
	if p.Namespace != "" {
		name = p.Namespace + "/" + p.Name
	}
	printf(w, "%s %s (%s%s)", p.Kind, name, where(p.Source), rejectedNote(p.Rejected))
	writePodOutcome(w, v, index, lang, p)
}

// writePodOutcome prints what writePodVerdict says of a pod after its name:
// ": verdict" and the lines below it.
func writePodOutcome(w io.Writer, v *engine.Verdicts, index map[string]int, lang message.Catalog, p *engine.PodVerdict) {
	verdict := p.Verdict
	if verdict == engine.VerdictRejected {
		// As the page's card: the rejection first, the verdict as read after it.
		printf(w, ": rejected by the API server; not judged. As read, ignoring the errors")
		verdict = p.AsRead
	}
	if len(p.FitsRejected) > 0 {
		defer printf(w, "  as read, also fits %s, which the API server would reject\n", names(p.FitsRejected, len(v.Nodes)))
	}
	switch {
	case deviceHeadline(w, p, verdict):
	case verdict == engine.VerdictSchedulable:
		printf(w, ": can schedule on %s\n", names(p.Fits, len(v.Nodes)))
	case verdict == engine.VerdictUnschedulable:
		printf(w, ": cannot schedule on any node\n")
	case verdict == engine.VerdictUnknownNode:
		printf(w, ": bound to node %s, which is not in the input\n", p.NodeName)
	case verdict == engine.VerdictNotAdmitted:
		printf(w, ": runs on %s, but the kubelet does not admit it: %s\n", p.NodeName, p.Kubelet.Reason)
	default:
		printf(w, ": runs on %s: %s: %s\n", p.NodeName, evictionWords(p.Eviction), p.Eviction.Reason)
	}
	writeBlocked(w, v, index, p.Blocked)
	if p.Devices != nil {
		writePodDevices(w, lang, p.Devices)
	}
}

// rejectedNote says that the API server would refuse the pod as written.
func rejectedNote(rejected []string) string {
	if len(rejected) == 0 {
		return ""
	}
	return "; rejected by the API server: " + strings.Join(rejected, "; ")
}

// evictionWords is the taint-eviction controller's verdict in a few words.
func evictionWords(e *tainteviction.Eviction) string {
	switch e.Kind {
	case tainteviction.EvictNow:
		return "evicted now"
	case tainteviction.EvictAfter:
		return fmt.Sprintf("evicted after %d s", e.Seconds)
	}
	return "stays"
}

// writeBlocked groups the nodes a pod does not fit by what blocks it: the
// untolerated taint, or the scheduler's message for another filter.
func writeBlocked(w io.Writer, v *engine.Verdicts, index map[string]int, blocked []engine.Blocked) {
	var reasons []string
	byReason := map[string][]string{}
	for _, b := range blocked {
		reason := blockReason(v, index, b)
		if _, ok := byReason[reason]; !ok {
			reasons = append(reasons, reason)
		}
		byReason[reason] = append(byReason[reason], b.Node)
	}
	for _, reason := range reasons {
		printf(w, "  blocked by %s on %s\n", reason, names(byReason[reason], len(v.Nodes)))
	}
}

// blockReason is what blocks a pod on a node: the untolerated taint, or the
// scheduler's message for another filter.
func blockReason(v *engine.Verdicts, index map[string]int, b engine.Blocked) string {
	if b.Taint < 0 {
		return b.Message
	}
	taint := &v.Nodes[index[b.Node]].Taints[b.Taint]
	reason := "untolerated taint " + taint.String()
	if taint.Origin != "" {
		reason += " (added for " + taint.Origin + ")"
	}
	return reason
}

// names lists node names, the first few and how many more, out of total.
func names(list []string, total int) string {
	shown := list
	if len(list) > maxNamesShown {
		shown = list[:maxNamesShown]
	}
	s := strings.Join(shown, ", ")
	if more := len(list) - len(shown); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	if len(list) > 1 {
		s += fmt.Sprintf(" (%d of %d nodes)", len(list), total)
	}
	return s
}
