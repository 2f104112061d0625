package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

const whatIfUsage = `Usage: taint-playground whatif -f FILE... [flags] -- kubectl taint nodes ...
       taint-playground whatif -f FILE... [flags] 'kubectl taint nodes ...'
       taint-playground whatif -f FILE... [flags] --rule rule.yaml

Applies one kubectl taint command to a copy of the nodes, as kubectl would,
and prints its blast radius, the page's what-if: the nodes whose taints
change, the running pods on them that the taint-eviction controller evicts
now, evicts later (and when) or leaves, and the pending pods that could
schedule before and cannot after (or the reverse). Nothing is changed and no
cluster is contacted.

The command takes the flags kubectl taint takes: --overwrite, --all and -l
as kubectl means them, and those that do not change the taints (kubectl's
global flags such as --context, --kubeconfig or -n, before or after "taint",
and --dry-run, --validate, --field-manager, -o), which are checked as kubectl
checks them and noted on standard error as ignored.

Exit status: 0 when the command evicts no pod and leaves every pending pod
that could schedule able to; 1 when it evicts a pod (now or later) or
leaves a pending pod nowhere to go; 2 for bad usage, a command kubectl
would refuse (also for a node it would not find), an input with an error,
no node and no pod, or over the bounds (see check --help), or output that
cannot be written.

Above 100 pods in the radius the table prints its totals by node pool and
by workload; -o wide lists every node and pod.

-o json and -o yaml print {radius, nodeNames, podNames, diagnostics}, the
page's "Download (JSON)" of a what-if: radius is the engine's BlastRadius,
as the page's what-if answers it (its node and pod indexes are into
nodeNames and podNames), with sources in the files, and its totals by node
pool and by workload.

With --rule, the change is a DeviceTaintRule instead (as kubectl apply -f
rule.yaml would create it, replacing a rule of the same name): it prints the
published devices the rule selects, the pods the device taint eviction
controller would evict (now, or after N s), the claims' requests that could
get no device any more, and for effect None, a dry run, the pods NoExecute
would evict; then the EvictionInProgress condition the controller would
write into the rule's status. -o json and -o yaml print the engine's
DeviceRuleRadius.

Examples:
  # What would tainting the GPU pool NoExecute evict?
  kubectl get nodes,pods -A -o yaml | taint-playground whatif -f - -- kubectl taint nodes -l pool=gpu gpu=true:NoExecute

  # Removing a taint: which pending pods could then schedule?
  taint-playground whatif -f cluster.yaml -- kubectl taint nodes node1 dedicated:NoSchedule-

  # A dry run of a DeviceTaintRule with effect None
  taint-playground whatif -f cluster.yaml --rule drain-gpus.yaml
`

// whatIfCommand is whatif: its argument is the kubectl taint command, or
// --rule names a DeviceTaintRule file instead.
type whatIfCommand struct {
	command string
	rule    string
}

func (cmd *whatIfCommand) flags(fs *flag.FlagSet) {
	fs.StringVar(&cmd.rule, "rule", "", ruleFlagUsage)
}

func (cmd *whatIfCommand) args(_ *common, positional, rest []string) error {
	if cmd.rule != "" {
		if len(positional)+len(rest) > 0 {
			return fmt.Errorf("give --rule or a kubectl taint command, not both")
		}
		return nil
	}
	switch {
	case len(positional) == 1 && rest == nil:
		cmd.command = positional[0]
	case len(positional) == 0 && len(rest) == 1:
		cmd.command = rest[0] // the quoted form, after --
	case len(positional) == 0 && len(rest) > 0:
		cmd.command = shellJoin(rest)
	default:
		return fmt.Errorf("give one kubectl taint command, after -- or as one quoted argument")
	}
	return nil
}

func (cmd *whatIfCommand) answer(env *Env, c *common, l *loaded) int {
	if cmd.rule != "" {
		return answerRule(env, c, l, cmd.rule)
	}
	command := cmd.command
	radius, err := l.ws.WhatIf(command)
	if err != nil {
		printf(env.Stderr, "error: %s: %v\n", command, err)
		return ExitInvalid
	}
	l.editors.relocateRadius(radius)
	noteIgnored(env, radius.Command.Ignored)
	s := speechIn(env.Language)
	var doc any = radius // the table's: writeOutput translates its explanations
	if c.output != "table" && c.output != "wide" {
		doc = l.ws.WhatIfReport(radius)
	}
	table := func(w io.Writer) { writeWhatIfTable(w, s, l.ws, radius) }
	if grouped(c.output, radiusPods(radius)) {
		table = func(w io.Writer) { writeGroupedWhatIf(w, s, radius) }
	}
	if !writeOutput(env, c.output, table, doc) {
		return ExitInvalid
	}
	return whatIfStatus(l, radius)
}

// noteIgnored says on standard error which kubectl flags of a taint command
// were accepted and ignored (kubectl.TaintCommand.Ignored), so that nobody
// takes --context prod for a check of the prod cluster.
func noteIgnored(env *Env, flags []string) {
	s := speechIn(env.Language)
	for _, flag := range flags {
		s.line(env.Stderr, wordIgnoredFlag, "flag", flag)
	}
}

// whatIfStatus is whatif's exit status.
func whatIfStatus(l *loaded, r *engine.BlastRadius) int {
	switch {
	case l.invalid() || len(r.Errors) > 0:
		return ExitInvalid
	case len(r.EvictedNow)+len(r.EvictedLater)+len(r.NoLongerSchedulable) > 0:
		return ExitProblems
	}
	return ExitOK
}

// relocateRadius points the changed nodes' taints into their files.
func (e *editors) relocateRadius(r *engine.BlastRadius) {
	for i := range r.Nodes {
		change := &r.Nodes[i]
		change.Taints = e.relocateTaints(change.Taints)
		change.Added = e.relocateTaints(change.Added)
		change.Removed = e.relocateTaints(change.Removed)
	}
}

// shellJoin quotes words for the engine's shell-word splitter, so that the
// words the user's shell split come back as the same words.
func shellJoin(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,@%+") == "" {
			quoted[i] = w
		} else {
			quoted[i] = "'" + strings.ReplaceAll(w, "'", `'"'"'`) + "'"
		}
	}
	return strings.Join(quoted, " ")
}

// The what-if table's words.
const (
	wordIgnoredFlag      words.ID = "whatif.ignored-flag"
	wordChangesNodes     words.ID = "whatif.changes-nodes"
	wordListPods         words.ID = "whatif.list.pods"
	wordEvictionOnNode   words.ID = "whatif.eviction"
	wordListEvictedNow   words.ID = "whatif.list.evicted-now"
	wordListEvictedLater words.ID = "whatif.list.evicted-later"
	wordListStay         words.ID = "whatif.list.stay"
	wordListNoLonger     words.ID = "whatif.list.no-longer-schedulable"
	wordListNewly        words.ID = "whatif.list.newly-schedulable"
	wordListRejected     words.ID = "whatif.list.rejected"
)

// writeWhatIfTable prints each list of the blast radius. Its errors are
// kubectl's, verbatim.
func writeWhatIfTable(w io.Writer, s *speech, ws *engine.Workspace, r *engine.BlastRadius) {
	for _, e := range r.Errors {
		printf(w, "error: %s\n", e)
	}
	s.line(w, wordChangesNodes, "count", len(r.Nodes))
	for _, change := range r.Nodes {
		var diff []string
		for _, t := range change.Added {
			diff = append(diff, "+"+t.String())
		}
		for _, t := range change.Removed {
			diff = append(diff, "-"+t.String())
		}
		printf(w, "  %s: %s\n", ws.Nodes[change.Node].Name, strings.Join(diff, " "))
	}
	evictions := func(title words.ID, list []engine.PodEviction) {
		s.line(w, wordListPods, "title", s.say(title), "count", len(list))
		for _, e := range list {
			io.WriteString(w, "  ")
			s.line(w, wordEvictionOnNode, "pod", podName(&ws.Pods[e.Pod]), "node", ws.Nodes[e.Node].Name,
				"eviction", evictionWords(s, &e.Eviction), "reason", e.Eviction.Reason)
		}
	}
	evictions(wordListEvictedNow, r.EvictedNow)
	evictions(wordListEvictedLater, r.EvictedLater)
	evictions(wordListStay, r.Stay)
	pending := func(title words.ID, list []int) {
		s.line(w, wordListPods, "title", s.say(title), "count", len(list))
		for _, p := range list {
			printf(w, "  %s\n", podName(&ws.Pods[p]))
		}
	}
	pending(wordListNoLonger, r.NoLongerSchedulable)
	pending(wordListNewly, r.NewlySchedulable)
	if len(r.NotJudged) > 0 {
		pending(wordListRejected, r.NotJudged)
	}
}
