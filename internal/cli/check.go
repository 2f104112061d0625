package cli

import (
	"io"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/internal/cli/words"
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
	s := speechIn(env.Language)
	table := func(w io.Writer) { writeCheckTable(w, v, s) }
	if grouped(c.output, len(v.Pods)) {
		table = func(w io.Writer) { writeGroupedCheck(w, v, kept, s) }
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

// The check table's words.
const (
	wordOverLimit          words.ID = "check.over-limit"
	wordSummary            words.ID = "check.summary"
	wordSummaryRejected    words.ID = "check.summary.rejected"
	wordSummaryDiagnostics words.ID = "check.summary.diagnostics"
	wordRejectedNote       words.ID = "check.rejected-note"
	wordRejectedNotJudged  words.ID = "check.rejected.not-judged"
	wordAlsoFitsRejected   words.ID = "check.also-fits-rejected"
	wordCanSchedule        words.ID = "check.can-schedule"
	wordCannotSchedule     words.ID = "check.cannot-schedule"
	wordUnknownNode        words.ID = "check.unknown-node"
	wordNotAdmitted        words.ID = "check.not-admitted"
	wordRunsOn             words.ID = "check.runs-on"
	wordEvictedNow         words.ID = "eviction.now"
	wordEvictedAfter       words.ID = "eviction.after"
	wordStays              words.ID = "eviction.stays"
	wordBlockedBy          words.ID = "check.blocked-by"
	wordUntoleratedTaint   words.ID = "check.untolerated-taint"
	wordAddedFor           words.ID = "taint.added-for"
	wordAddedForCondition  words.ID = "taint.added-for-condition"
	wordNamesMore          words.ID = "names.more"
	wordNamesOfTotal       words.ID = "names.of-total"
)

// writeCheckTable prints one block per pod and a summary line.
func writeCheckTable(w io.Writer, v *engine.Verdicts, s *speech) {
	if v.OverLimit {
		s.line(w, wordOverLimit)
		return
	}
	index := nodeIndex(v)
	for i := range v.Pods {
		writePodVerdict(w, v, index, s, &v.Pods[i])
	}
	writeRuleStatuses(w, s, v.DeviceRules)
	writeSummary(w, v, s)
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
func writeSummary(w io.Writer, v *engine.Verdicts, s *speech) {
	n := &v.Summary
	io.WriteString(w, "\n")
	s.write(w, wordSummary, "pods", n.Pods, "nodes", n.Nodes, "schedulable", n.Schedulable, "unschedulable", n.Unschedulable,
		"stay", n.Stays, "evictedNow", n.EvictedNow, "evictedLater", n.EvictedLater, "notAdmitted", n.NotAdmitted, "unknownNode", n.UnknownNode)
	if n.Rejected > 0 {
		s.write(w, wordSummaryRejected, "rejected", n.Rejected)
	}
	s.line(w, wordSummaryDiagnostics, "errors", n.Errors, "warnings", n.Warnings)
}

// writePodVerdict prints one pod's verdict; index finds a node by name.
func writePodVerdict(w io.Writer, v *engine.Verdicts, index map[string]int, s *speech, p *engine.PodVerdict) {
	name := p.Name
	if p.Namespace != "" {
		name = p.Namespace + "/" + p.Name
	}
	printf(w, "%s %s (%s", p.Kind, name, where(p.Source))
	if len(p.Rejected) > 0 {
		s.write(w, wordRejectedNote, "reasons", strings.Join(p.Rejected, "; "))
	}
	io.WriteString(w, ")")
	writePodOutcome(w, v, index, s, p)
}

// writePodOutcome prints what writePodVerdict says of a pod after its name:
// ": verdict" and the lines below it.
func writePodOutcome(w io.Writer, v *engine.Verdicts, index map[string]int, s *speech, p *engine.PodVerdict) {
	verdict := p.Verdict
	if verdict == engine.VerdictRejected {
		// As the page's card: the rejection first, the verdict as read after it.
		s.write(w, wordRejectedNotJudged)
		verdict = p.AsRead
	}
	if len(p.FitsRejected) > 0 {
		defer func() {
			io.WriteString(w, "  ")
			s.line(w, wordAlsoFitsRejected, "nodes", names(s, p.FitsRejected, len(v.Nodes)))
		}()
	}
	switch {
	case deviceHeadline(w, s, p, verdict):
	case verdict == engine.VerdictSchedulable:
		s.line(w, wordCanSchedule, "nodes", names(s, p.Fits, len(v.Nodes)))
	case verdict == engine.VerdictUnschedulable:
		s.line(w, wordCannotSchedule)
	case verdict == engine.VerdictUnknownNode:
		s.line(w, wordUnknownNode, "node", p.NodeName)
	case verdict == engine.VerdictNotAdmitted:
		s.line(w, wordNotAdmitted, "node", p.NodeName, "reason", p.Kubelet.Reason)
	default:
		s.line(w, wordRunsOn, "node", p.NodeName, "eviction", evictionWords(s, p.Eviction), "reason", p.Eviction.Reason)
	}
	writeBlocked(w, v, index, s, p.Blocked)
	if p.Devices != nil {
		writePodDevices(w, s, p.Devices)
	}
}

// evictionWords is the taint-eviction controller's verdict in a few words.
func evictionWords(s *speech, e *tainteviction.Eviction) string {
	switch e.Kind {
	case tainteviction.EvictNow:
		return s.say(wordEvictedNow)
	case tainteviction.EvictAfter:
		return s.say(wordEvictedAfter, "seconds", e.Seconds)
	}
	return s.say(wordStays)
}

// writeBlocked groups the nodes a pod does not fit by what blocks it: the
// untolerated taint, or the scheduler's message for another filter.
func writeBlocked(w io.Writer, v *engine.Verdicts, index map[string]int, s *speech, blocked []engine.Blocked) {
	var reasons []string
	byReason := map[string][]string{}
	for _, b := range blocked {
		reason := blockReason(v, index, s, b)
		if _, ok := byReason[reason]; !ok {
			reasons = append(reasons, reason)
		}
		byReason[reason] = append(byReason[reason], b.Node)
	}
	for _, reason := range reasons {
		io.WriteString(w, "  ")
		s.line(w, wordBlockedBy, "reason", reason, "nodes", names(s, byReason[reason], len(v.Nodes)))
	}
}

// blockReason is what blocks a pod on a node: the untolerated taint, or the
// scheduler's message for another filter.
func blockReason(v *engine.Verdicts, index map[string]int, s *speech, b engine.Blocked) string {
	if b.Taint < 0 {
		return b.Message
	}
	taint := &v.Nodes[index[b.Node]].Taints[b.Taint]
	return s.say(wordUntoleratedTaint, "taint", taint.String()) + addedFor(s, taint)
}

// addedFor says who added a taint that was not written by hand: " (added
// for condition Ready=False)" for a condition's taint
// (tainteviction.ControllerTaints, whose Origin is "condition TYPE=STATUS"),
// " (added for ORIGIN)" for another; "" for a taint written by hand.
func addedFor(s *speech, t *core.Taint) string {
	if condition, ok := strings.CutPrefix(t.Origin, "condition "); ok {
		return s.say(wordAddedForCondition, "condition", condition)
	}
	if t.Origin != "" {
		return s.say(wordAddedFor, "origin", t.Origin)
	}
	return ""
}

// names lists node names, the first few and how many more, out of total.
func names(s *speech, list []string, total int) string {
	shown := list
	if len(list) > maxNamesShown {
		shown = list[:maxNamesShown]
	}
	named := strings.Join(shown, ", ")
	if more := len(list) - len(shown); more > 0 {
		named += s.say(wordNamesMore, "count", more)
	}
	if len(list) > 1 {
		named += s.say(wordNamesOfTotal, "count", len(list), "total", total)
	}
	return named
}
