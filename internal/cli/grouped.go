package cli

import (
	"cmp"
	"io"
	"slices"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// groupAbove is the most pods a table lists one by one: above it, the
// default table (-o table) is grouped by workload (writeGroupedCheck,
// writeGroupedWhatIf) and -o wide lists every pod. The examples and a
// namespace or two stay one pod a block, as they always were; a cluster of
// 150,000 pods becomes a screen or two.
const groupAbove = 100

// grouped reports whether a table of pods pods is grouped.
func grouped(output string, pods int) bool {
	return output == "table" && pods > groupAbove
}

// workloadRow is one workload's pods in the grouped check table: how many
// of each verdict, and what blocks those that cannot schedule.
type workloadRow struct {
	workload engine.Workload
	counts   map[string]int
	pods     int
	// blockedBy counts, for each reason a pod of the workload cannot
	// schedule on a node, the nodes it blocks.
	blockedBy map[string]int
}

// The grouped check table's words: its column headings are a line of
// tab-separated labels.
const (
	wordWorkloadColumns words.ID = "grouped.workload-columns"
	wordNeedAttention   words.ID = "grouped.need-attention"
	wordAttentionGroup  words.ID = "grouped.attention-group"
	wordNodesNamed      words.ID = "grouped.nodes-named"
	wordReasonsMore     words.ID = "grouped.reasons-more"
)

// attention are the verdicts whose pods the grouped table names one by one.
var attention = []string{engine.VerdictUnschedulable, engine.VerdictEvictedNow, engine.VerdictEvictedLater,
	engine.VerdictNotAdmitted, engine.VerdictRejected}

// writeGroupedCheck prints one row per workload (engine.PodWorkload of each
// pod, workloads[i] for v.Pods[i]) with its pods counted by verdict and the
// taints that block those that cannot schedule, then each pod that needs
// attention (cannot schedule, evicted, not admitted, rejected) as the
// per-pod table prints it, then the summary line.
func writeGroupedCheck(w io.Writer, v *engine.Verdicts, workloads []engine.Workload, s *speech) {
	if v.OverLimit {
		writeCheckTable(w, v, s)
		return
	}
	index := nodeIndex(v)
	rows := workloadRows(v, workloads, index, s)
	tw := newColumns(w)
	s.line(tw, wordWorkloadColumns)
	for _, r := range rows {
		c := r.counts
		printf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", r.workload.Namespace, r.workload.String(), r.pods,
			c[engine.VerdictSchedulable], c[engine.VerdictUnschedulable], c[engine.VerdictStays],
			c[engine.VerdictEvictedNow]+c[engine.VerdictEvictedLater], c[engine.VerdictNotAdmitted], c[engine.VerdictRejected],
			blockingReasons(s, r.blockedBy))
	}
	tw.Flush()
	writeAttention(w, v, workloads, index, s)
	writeSummary(w, v, s)
}

// attentionGroup is the pods of one workload that the per-pod table would
// say the same of, but for the node each runs on.
type attentionGroup struct {
	workload engine.Workload
	outcome  string // writePodOutcome's words, nodePlaceholder for the node
	nodes    []string
	pods     []string
}

// nodePlaceholder stands for a pod's node in its outcome (no node name
// has a brace, nor anything printf escapes), so that pods
// evicted from different nodes for the same reason share a group.
const nodePlaceholder = "{node}"

// writeAttention names the pods that need attention, grouped by workload
// and by what the per-pod table says of them after their name (the
// verdict, what blocks it), the nodes they run on named once per group:
// each group's words once, then its pods' names, packed to the terminal's
// width by namePacker; -o wide prints each pod with its position.
func writeAttention(w io.Writer, v *engine.Verdicts, workloads []engine.Workload, index map[string]int, s *speech) {
	var groups []*attentionGroup
	byKey := map[string]*attentionGroup{}
	for i := range v.Pods {
		p := v.Pods[i]
		if !slices.Contains(attention, p.Verdict) {
			continue
		}
		node := p.NodeName
		if node != "" {
			p.NodeName = nodePlaceholder
		}
		var outcome strings.Builder
		writePodOutcome(&outcome, v, index, s, &p)
		key := workloads[i].String() + "\x00" + workloads[i].Namespace + "\x00" + outcome.String()
		g := byKey[key]
		if g == nil {
			g = &attentionGroup{workload: workloads[i], outcome: outcome.String()}
			byKey[key] = g
			groups = append(groups, g)
		}
		if node != "" && !slices.Contains(g.nodes, node) {
			g.nodes = append(g.nodes, node)
		}
		g.pods = append(g.pods, p.Name)
	}
	if len(groups) == 0 {
		return
	}
	need := 0
	for _, g := range groups {
		need += len(g.pods)
	}
	io.WriteString(w, "\n")
	s.line(w, wordNeedAttention, "count", need)
	width := terminalWidth()
	for _, g := range groups {
		s.write(w, wordAttentionGroup, "namespace", g.workload.Namespace, "workload", g.workload.String(), "count", len(g.pods))
		io.WriteString(w, strings.ReplaceAll(g.outcome, nodePlaceholder, nodesWords(s, g.nodes))) // made printable by writePodOutcome
		writePackedNames(w, g.pods, width)
	}
}

// maxNodesNamed is how many of a group's nodes its line names.
const maxNodesNamed = 3

// nodesWords names the nodes a group of pods runs on: the node, or the
// first few and how many in all.
func nodesWords(s *speech, nodes []string) string {
	if len(nodes) == 1 {
		return nodes[0]
	}
	named := strings.Join(nodes[:min(maxNodesNamed, len(nodes))], ", ")
	if len(nodes) > maxNodesNamed {
		named += s.say(wordNamesMore, "count", len(nodes)-maxNodesNamed)
	}
	return s.say(wordNodesNamed, "count", len(nodes), "named", named)
}

// workloadRows counts the pods by workload, in the order of the workloads'
// names (namespace, kind, name).
func workloadRows(v *engine.Verdicts, workloads []engine.Workload, index map[string]int, s *speech) []*workloadRow {
	byWorkload := map[engine.Workload]*workloadRow{}
	var rows []*workloadRow
	for i := range v.Pods {
		p := &v.Pods[i]
		r := byWorkload[workloads[i]]
		if r == nil {
			r = &workloadRow{workload: workloads[i], counts: map[string]int{}, blockedBy: map[string]int{}}
			byWorkload[workloads[i]] = r
			rows = append(rows, r)
		}
		r.pods++
		r.counts[p.Verdict]++
		if p.Verdict == engine.VerdictUnschedulable {
			for _, b := range p.Blocked {
				r.blockedBy[blockReason(v, index, s, b)]++
			}
		}
	}
	slices.SortFunc(rows, func(a, b *workloadRow) int {
		return cmp.Or(cmp.Compare(a.workload.Namespace, b.workload.Namespace), cmp.Compare(a.workload.Kind, b.workload.Kind),
			cmp.Compare(a.workload.Name, b.workload.Name))
	})
	return rows
}

// maxReasonsShown is how many blocking reasons a row names.
const maxReasonsShown = 3

// blockingReasons names the reasons that block a workload's pods, those
// that block the most pod × node pairs first, and how many more.
func blockingReasons(s *speech, counts map[string]int) string {
	reasons := make([]string, 0, len(counts))
	for reason := range counts {
		reasons = append(reasons, reason)
	}
	slices.SortFunc(reasons, func(a, b string) int { return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b)) })
	if len(reasons) > maxReasonsShown {
		reasons = append(reasons[:maxReasonsShown], s.say(wordReasonsMore, "count", len(reasons)-maxReasonsShown))
	}
	return strings.Join(reasons, "; ")
}

// podWorkloads is the workload of each pod of the workspace, in pod order.
func podWorkloads(l *loaded) []engine.Workload {
	workloads := make([]engine.Workload, len(l.ws.Pods))
	for i := range l.ws.Pods {
		workloads[i] = engine.PodWorkload(&l.ws.Pods[i])
	}
	return workloads
}
