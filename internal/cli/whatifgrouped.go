package cli

import (
	"io"
	"text/tabwriter"

	"github.com/taint-playground/taint-playground/engine"
)

// radiusPods is how many pods a blast radius lists.
func radiusPods(r *engine.BlastRadius) int {
	return len(r.EvictedNow) + len(r.EvictedLater) + len(r.Stay) + len(r.NoLongerSchedulable) + len(r.NewlySchedulable) + len(r.NotJudged)
}

// writeGroupedWhatIf prints a blast radius of more than groupAbove pods as
// its totals (engine.RadiusTotals): the changed nodes and their running
// pods by node pool, then every workload with a pod in the radius, by
// verdict. -o wide lists the nodes and pods one by one instead.
func writeGroupedWhatIf(w io.Writer, r *engine.BlastRadius) {
	for _, e := range r.Errors {
		printf(w, "error: %s\n", e)
	}
	t := &r.Totals
	printf(w, "Changes the taints of %d node(s); -o wide lists the nodes and pods one by one\n\n", len(r.Nodes))
	pool := t.PoolLabel
	if pool == "" {
		pool = "(no pool label)"
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	printf(tw, "POOL (%s)\tNODES\tEVICTED NOW\tEVICTED LATER\tSTAY\n", pool)
	for _, p := range t.Pools {
		printf(tw, "%s\t%d\t%d\t%d\t%d\n", p.Pool, p.Nodes, p.EvictedNow, p.EvictedLater, p.Stay)
	}
	tw.Flush()
	printf(w, "\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	printf(tw, "NAMESPACE\tWORKLOAD\tEVICTED NOW\tEVICTED LATER\tSTAY\tNO LONGER SCHEDULABLE\tNEWLY SCHEDULABLE\n")
	for _, wl := range t.Workloads {
		printf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\n", wl.Namespace, wl.Workload.String(), wl.EvictedNow, wl.EvictedLater, wl.Stay,
			wl.NoLongerSchedulable, wl.NewlySchedulable)
	}
	tw.Flush()
	printf(w, "\nEvicted now: %d pod(s); evicted later: %d; stay: %d; no longer schedulable: %d; newly schedulable: %d",
		len(r.EvictedNow), len(r.EvictedLater), len(r.Stay), len(r.NoLongerSchedulable), len(r.NewlySchedulable))
	if len(r.NotJudged) > 0 {
		printf(w, "; rejected by the API server, not judged: %d", len(r.NotJudged))
	}
	printf(w, "\n")
}
