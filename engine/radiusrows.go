package engine

// RadiusRow is one pod of a blast radius, with its names, as the page's
// table and the CSV download list it.
type RadiusRow struct {
	Namespace string `json:"namespace"`
	Pod       string `json:"pod"`
	// Node is "" for a pending pod.
	Node string `json:"node"`
	// Pool is the node's value of the pool label ("" for a pending pod).
	Pool     string `json:"pool"`
	Workload string `json:"workload"`
	Outcome  string `json:"outcome"`
	// When is the seconds from the command to the eviction: 0 for evicted
	// now, the toleration's seconds for evicted later, nil otherwise. It
	// points into the radius, so the rows must not be edited.
	When *int64 `json:"when"`
}

// The outcomes of RadiusRow, one per list of the BlastRadius.
const (
	OutcomeEvictedNow          = "evicted now"
	OutcomeEvictedLater        = "evicted later"
	OutcomeStay                = "stays"
	OutcomeNoLongerSchedulable = "no longer schedulable"
	OutcomeNewlySchedulable    = "newly schedulable"
)

// Rows lists every pod of r, a blast radius of w, in the radius's order:
// evicted now, evicted later, stay, no longer schedulable, newly
// schedulable. Pools are the values of the label Totals counted by.
func (w *Workspace) Rows(r *BlastRadius) []RadiusRow {
	rows := make([]RadiusRow, 0, len(r.EvictedNow)+len(r.EvictedLater)+len(r.Stay)+len(r.NoLongerSchedulable)+len(r.NewlySchedulable))
	// The replicas of a workload share one name instead of one copy each.
	workloadNames := map[Workload]string{}
	pod := func(p int, outcome string) RadiusRow {
		workload := PodWorkload(&w.Pods[p])
		name, ok := workloadNames[workload]
		if !ok {
			name = workload.String()
			workloadNames[workload] = name
		}
		return RadiusRow{Namespace: w.Pods[p].Namespace, Pod: w.Pods[p].Name, Workload: name, Outcome: outcome}
	}
	running := func(list []PodEviction, outcome string) {
		for i := range list {
			e := &list[i]
			row := pod(e.Pod, outcome)
			row.Node, row.Pool = w.Nodes[e.Node].Name, w.Nodes[e.Node].Labels[r.Totals.PoolLabel]
			if outcome != OutcomeStay {
				row.When = &e.Eviction.Seconds // shared with the radius: 150,000 rows allocate no number each
			}
			rows = append(rows, row)
		}
	}
	pending := func(list []int, outcome string) {
		for _, p := range list {
			rows = append(rows, pod(p, outcome))
		}
	}
	running(r.EvictedNow, OutcomeEvictedNow)
	running(r.EvictedLater, OutcomeEvictedLater)
	running(r.Stay, OutcomeStay)
	pending(r.NoLongerSchedulable, OutcomeNoLongerSchedulable)
	pending(r.NewlySchedulable, OutcomeNewlySchedulable)
	return rows
}
