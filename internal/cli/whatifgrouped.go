package cli

import (
	"io"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// The grouped what-if table's words: its column headings are a line of
// tab-separated labels.
const (
	wordChangesNodesGrouped   words.ID = "whatif.grouped.changes-nodes"
	wordNoPoolLabel           words.ID = "whatif.grouped.no-pool-label"
	wordPoolColumns           words.ID = "whatif.grouped.pool-columns"
	wordWorkloadRadiusColumns words.ID = "whatif.grouped.workload-columns"
	wordRadiusTotals          words.ID = "whatif.grouped.totals"
	wordRadiusTotalsRejected  words.ID = "whatif.grouped.totals.rejected"
)

// radiusPods is how many pods a blast radius lists.
func radiusPods(r *engine.BlastRadius) int {
	return len(r.EvictedNow) + len(r.EvictedLater) + len(r.Stay) + len(r.NoLongerSchedulable) + len(r.NewlySchedulable) + len(r.NotJudged)
}

// writeGroupedWhatIf prints a blast radius of more than groupAbove pods as
// its totals (engine.RadiusTotals): the changed nodes and their running
// pods by node pool, then every workload with a pod in the radius, by
// verdict. -o wide lists the nodes and pods one by one instead.
func writeGroupedWhatIf(w io.Writer, s *speech, r *engine.BlastRadius) {
	for _, e := range r.Errors {
		printf(w, "error: %s\n", e)
	}
	t := &r.Totals
	s.line(w, wordChangesNodesGrouped, "count", len(r.Nodes))
	io.WriteString(w, "\n")
	pool := t.PoolLabel
	if pool == "" {
		pool = s.say(wordNoPoolLabel)
	}
	tw := newColumns(w)
	s.line(tw, wordPoolColumns, "pool", pool)
	for _, p := range t.Pools {
		printf(tw, "%s\t%d\t%d\t%d\t%d\n", p.Pool, p.Nodes, p.EvictedNow, p.EvictedLater, p.Stay)
	}
	tw.Flush()
	printf(w, "\n")
	tw = newColumns(w)
	s.line(tw, wordWorkloadRadiusColumns)
	for _, wl := range t.Workloads {
		printf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\n", wl.Namespace, wl.Workload.String(), wl.EvictedNow, wl.EvictedLater, wl.Stay,
			wl.NoLongerSchedulable, wl.NewlySchedulable)
	}
	tw.Flush()
	io.WriteString(w, "\n")
	s.write(w, wordRadiusTotals, "evictedNow", len(r.EvictedNow), "evictedLater", len(r.EvictedLater), "stay", len(r.Stay),
		"noLonger", len(r.NoLongerSchedulable), "newly", len(r.NewlySchedulable))
	if len(r.NotJudged) > 0 {
		s.write(w, wordRadiusTotalsRejected, "count", len(r.NotJudged))
	}
	io.WriteString(w, "\n")
}
