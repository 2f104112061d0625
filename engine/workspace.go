package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine/admission"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/scheduler"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// Workspace is the decoded, defaulted input: nodes with their effective taints,
// pods with their effective tolerations, and every diagnostic found on the way.
type Workspace struct {
	Options core.Options
	Nodes   []core.Node
	Pods    []core.Pod
	// Devices is the Dynamic Resource Allocation side of both editors, as
	// decoded and validated; empty for a node-only text.
	Devices
	// Now is the time the device verdicts are for (a taint counts from its
	// timeAdded); zero means DeviceClock. Node verdicts need no time.
	Now         time.Time
	Diagnostics []core.Diagnostic
	// PairLimit is the most pod × node pairs Verdicts and Evaluate judge;
	// 0 is MaxPairs, the page's limit.
	PairLimit int
}

// Load decodes both editors' text, adds the taints and tolerations that the
// cluster's controllers and admission plugins would (per opts), and validates.
// It never fails: problems become diagnostics and the rest is still evaluated.
//
//  1. DecodeInventory and DecodeClaims read the text: nodes and pods, and
//     the resource.k8s.io objects beside them (Devices).
//  2. Each node's written taints are validated as the apiserver does, then the
//     node lifecycle controller's taints are appended (ControllerTaints).
//  3. Each pod's written tolerations are validated under the path they were
//     written at (spec.tolerations, or spec.template.spec.tolerations for a
//     workload), then admission adds its tolerations (Admit).
//  4. Warnings reviews the effective objects.
//  5. A workspace of more than MaxPairs pairs gets a "limit" error: it will
//     not be evaluated (EvaluateWindow).
//
// The validation errors of each object are also its Rejected reasons.
//
// Diagnostics come out sorted by editor, then line and column.
func Load(nodesText, podsText string, opts core.Options) *Workspace {
	return LoadCapped(nodesText, podsText, opts, core.NewProblemCap())
}

// LoadCapped is Load listing the diagnostics problems admits, each editor's
// (or each place problems names) up to its limit, and one note per place of
// those left out. Rejection is decided before the cap: an object is Rejected
// whether or not its errors are listed.
func LoadCapped(nodesText, podsText string, opts core.Options, problems *core.ProblemCap) *Workspace {
	nodes, inventory, decoded := manifest.DecodeInventory(nodesText, problems)
	pods, claims, podDiagnostics := manifest.DecodeClaims(podsText, problems)
	return LoadDecoded(Decoded{Nodes: nodes, Pods: pods, Inventory: inventory, Claims: claims,
		Diagnostics: append(decoded, podDiagnostics...)}, opts, problems, MaxPairs)
}

// Decoded is what the decoders read from text: the objects, and the
// diagnostics they found on the way.
type Decoded struct {
	Nodes       []core.Node
	Pods        []core.Pod
	Inventory   manifest.Inventory
	Claims      manifest.Claims
	Diagnostics []core.Diagnostic
}

// LoadDecoded is steps 2 to 5 of Load on objects already decoded, with the
// decoder's diagnostics (listed by problems, which decoding shared), and
// maxPairs as the limit of step 5: MaxPairs for the page; the command line,
// which decodes a whole cluster item by item, passes its own.
func LoadDecoded(in Decoded, opts core.Options, problems *core.ProblemCap, maxPairs int) *Workspace {
	nodes, pods, devices, decoded := in.Nodes, in.Pods, devicesOf(in.Inventory, in.Claims), in.Diagnostics
	var diagnostics []core.Diagnostic
	for i := range nodes {
		node := &nodes[i]
		invalid := core.ValidateNodeTaints(node.Taints)
		node.Rejected = appendRejections(node.Rejected, invalid)
		diagnostics = append(diagnostics, invalid...)
		node.Taints = append(node.Taints, tainteviction.ControllerTaints(node, opts.ConditionTaints)...)
		if node.Taints == nil {
			node.Taints = []core.Taint{} // the page reads every list as an array, never null
		}
	}
	for i := range pods {
		pod := &pods[i]
		if len(pod.Tolerations) > 0 {
			path := tolerationsPath(&pod.Tolerations[0])
			invalid := core.ValidateTolerations(pod.Tolerations, path, opts.ComparisonOperators)
			pod.Rejected = appendRejections(pod.Rejected, invalid)
			diagnostics = append(diagnostics, invalid...)
		}
		admission.Admit(pod, opts)
		if pod.Tolerations == nil {
			pod.Tolerations = []core.Toleration{}
		}
	}
	diagnostics = append(diagnostics, devices.SelectorDiagnostics()...)
	diagnostics = append(diagnostics, Warnings(nodes, pods, opts)...)
	diagnostics = append(decoded, problems.Filter(diagnostics)...)
	diagnostics = append(diagnostics, problems.Notes()...)
	if len(nodes)*len(pods) > maxPairs {
		diagnostics = append(diagnostics, limitDiagnostic(len(pods), len(nodes), maxPairs))
	}
	sort.SliceStable(diagnostics, func(a, b int) bool {
		sa, sb := &diagnostics[a].Source, &diagnostics[b].Source
		if sa.Editor != sb.Editor {
			return sa.Editor < sb.Editor
		}
		if sa.Line != sb.Line {
			return sa.Line < sb.Line
		}
		return sa.Column < sb.Column
	})
	if nodes == nil {
		nodes = []core.Node{}
	}
	if pods == nil {
		pods = []core.Pod{}
	}
	if diagnostics == nil {
		diagnostics = []core.Diagnostic{}
	}
	w := &Workspace{Options: opts, Nodes: nodes, Pods: pods, Devices: devices, Diagnostics: diagnostics}
	if maxPairs != MaxPairs {
		w.PairLimit = maxPairs
	}
	return w
}

// appendRejections adds the message ("field: message", as the apiserver words
// it) of each error among an object's validation diagnostics to the reasons
// the API server would reject it.
func appendRejections(rejected []string, diagnostics []core.Diagnostic) []string {
	for i := range diagnostics {
		if diagnostics[i].Severity == core.SeverityError {
			rejected = append(rejected, diagnostics[i].Message)
		}
	}
	return rejected
}

// tolerationsPath is the list path a toleration was written under: its
// Source.Field without the trailing index ("spec.tolerations[2]" gives
// "spec.tolerations"). Validation reports errors below that path.
func tolerationsPath(t *core.Toleration) string {
	field := t.Source.Field
	if i := strings.LastIndex(field, "tolerations["); i >= 0 {
		return field[:i+len("tolerations")]
	}
	return "spec.tolerations"
}

// Evaluate computes the verdict of every pod on every node within the work
// budget, with the matrix's first page as the window (see EvaluateWindow).
func (w *Workspace) Evaluate() *Report {
	return w.EvaluateWindow(FirstWindow)
}

// rowEvaluator evaluates rows of the matrix, one pod against every node of
// the workspace, with the nodes' taints numbered once (scheduler.TaintTable)
// and each pod's side of the scheduler's work done once per row
// (scheduler.PodFilters), not once per cell.
type rowEvaluator struct {
	w       *Workspace
	table   *scheduler.TaintTable
	filters scheduler.PodFilters
	// rejectedNodes are the nodes the API server would refuse, which Counts
	// reads in every row: usually none.
	rejectedNodes []int
	// running are the nodes the last evaluated pod runs on (spec.nodeName).
	running []int
}

// rowTally is what evaluate counted over a whole row, for Counts: the nodes
// the pod fits; the nodes the API server would refuse, and of them those the
// pod fits; the nodes it runs on.
type rowTally struct{ fits, rejected, rejectedFits, running int }

// newRowEvaluator prepares to evaluate rows of the workspace as it is now.
func (w *Workspace) newRowEvaluator() *rowEvaluator {
	e := &rowEvaluator{w: w, table: scheduler.NewTaintTable(w.Nodes)}
	for n := range w.Nodes {
		if len(w.Nodes[n].Rejected) > 0 {
			e.rejectedNodes = append(e.rejectedNodes, n)
		}
	}
	return e
}

// evaluate fills pod p's cells, one per node (see evaluateColumns).
func (e *rowEvaluator) evaluate(p int, row []Cell) rowTally {
	return e.evaluateColumns(p, row, 0, len(row))
}

// evaluateColumns runs pod p's filters on every node, and fills the cells
// of nodes from to to-1 and of the nodes the pod runs on: the filters, the
// PreferNoSchedule count, the score normalized across all the nodes the pod
// fits, and where the pod runs, the eviction and kubelet verdicts (the only
// cells that allocate: one per pod). Other cells of row are left as they
// were: a page of the matrix needs the cells it shows, and counts of all.
func (e *rowEvaluator) evaluateColumns(p int, row []Cell, from, to int) (tally rowTally) {
	w := e.w
	pod := &w.Pods[p]
	gate := w.Options.ComparisonOperators
	e.filters.Reset(e.table, pod, gate)
	e.running = e.running[:0]
	maxCount := 0 // NormalizeScore's largest PreferNoSchedule count among the nodes that fit
	lo, hi := 0, len(row)
	if pod.NodeName == "" {
		// The pod runs nowhere: outside the window only counts are needed.
		tally.fits, maxCount = e.filters.CountFits(w.Nodes, 0, from)
		fits, most := e.filters.CountFits(w.Nodes, to, len(row))
		tally.fits, maxCount = tally.fits+fits, max(maxCount, most)
		lo, hi = from, to
	}
	for n := lo; n < hi; n++ {
		node := &w.Nodes[n]
		running := pod.NodeName != "" && pod.NodeName == node.Name
		if !running && (n < from || n >= to) {
			if fits, preferNoSchedule := e.filters.Fits(node, n); fits {
				tally.fits++
				maxCount = max(maxCount, preferNoSchedule)
			}
			continue
		}
		filters, preferNoSchedule := e.filters.Run(node, n)
		fits := filters.Message == ""
		if fits {
			tally.fits++
			maxCount = max(maxCount, preferNoSchedule)
		}
		if running {
			e.running = append(e.running, n)
		}
		taints := TaintsTolerated
		switch {
		case filters.BlockedBy >= 0:
			taints = TaintsBlocked
		case preferNoSchedule > 0:
			taints = TaintsPreferAvoid
		}
		// One write of the whole cell: a row is reused for pod after pod, and
		// nothing of the last pod's verdict may stay.
		cell := &row[n]
		*cell = Cell{
			Pod: p, Node: n,
			Taints: taints, BlockedBy: filters.BlockedBy, PreferNoSchedule: preferNoSchedule,
			Unschedulable: filters.Unschedulable, Placement: filters.Placement,
			Fits: fits, Message: filters.Message, Running: running,
		}
		if running {
			cell.judgeWhereRunning(pod, node, gate)
		}
	}
	tally.running, tally.rejected = len(e.running), len(e.rejectedNodes)
	for _, n := range e.rejectedNodes {
		if fits, _ := e.filters.Fits(&w.Nodes[n], n); fits {
			tally.rejectedFits++
		}
	}
	scoreRow(row[from:to], maxCount)
	for _, n := range e.running {
		if n < from || n >= to {
			scoreRow(row[n:n+1], maxCount)
		}
	}
	return tally
}

// judgeWhereRunning fills the verdicts of the cell of a pod bound to the
// node by spec.nodeName: the taint-eviction controller's and the kubelet's
// admission. Nothing else of the node or of the pod's row plays a part.
func (c *Cell) judgeWhereRunning(pod *core.Pod, node *core.Node, comparisonOperators bool) {
	eviction := tainteviction.NoExecuteEviction(node.Taints, pod.Tolerations, comparisonOperators)
	c.Eviction = &eviction
	admit, reason := admission.KubeletAdmit(pod, node, comparisonOperators)
	c.Kubelet = &admission.KubeletVerdict{Admit: admit, Reason: reason}
}

// Explain gives one cell with the verdict of each of the node's taints and the
// sentences that explain it. It evaluates the pod's whole row, since the score
// is normalized across nodes.
func (w *Workspace) Explain(pod, node int) (*CellDetail, error) {
	if pod < 0 || pod >= len(w.Pods) {
		return nil, fmt.Errorf("pod index %d is out of range: the workspace has %d pod(s)", pod, len(w.Pods))
	}
	if node < 0 || node >= len(w.Nodes) {
		return nil, fmt.Errorf("node index %d is out of range: the workspace has %d node(s)", node, len(w.Nodes))
	}
	row := make([]Cell, len(w.Nodes))
	w.newRowEvaluator().evaluate(pod, row)
	p, n := &w.Pods[pod], &w.Nodes[node]
	gate := w.Options.ComparisonOperators
	detail := &CellDetail{Cell: row[node], Taints: make([]TaintVerdict, len(n.Taints))}
	for i := range n.Taints {
		detail.Taints[i] = ExplainTaint(&n.Taints[i], p.Tolerations, gate)
		detail.Taints[i].Taint = i
	}
	detail.PlacementReason, detail.PlacementReasonMessage = inEnglish(scheduler.PlacementReason(p, n))
	detail.Reason, detail.ReasonMessage = cellReason(detail, p, n)
	return detail, nil
}

// cellReason says in one sentence why the pod does or does not fit the node,
// naming the first failing filter as the scheduler reports it; for a pod that
// already runs there, it says whether the kubelet admits it and what the
// taint-eviction controller does. The sentence is its message in English;
// the eviction's and the placement's sentences are parts of it.
func cellReason(d *CellDetail, pod *core.Pod, node *core.Node) (string, message.Message) {
	switch {
	case d.Running && !d.Kubelet.Admit:
		return inEnglish(message.New(msgCellNotAdmitted, "pod", pod.Name, "node", node.Name, "kubelet", d.Kubelet.Reason))
	case d.Running && !d.Fits:
		return inEnglish(message.New(msgCellRunsUnschedulable, "pod", pod.Name, "node", node.Name, "scheduler", d.Message).With("eviction", d.Eviction.ReasonMessage))
	case d.Running:
		return inEnglish(message.New(msgCellRuns, "pod", pod.Name, "node", node.Name).With("eviction", d.Eviction.ReasonMessage))
	case d.Unschedulable:
		return inEnglish(message.New(msgCellCordoned, "pod", pod.Name, "node", node.Name, "taint", scheduler.UnschedulableTaint.String()))
	case d.Placement.NodeName && d.BlockedBy >= 0:
		return inEnglish(message.New(msgCellBlocked, "pod", pod.Name, "node", node.Name, "taint", node.Taints[d.BlockedBy].String()))
	case !d.Fits: // spec.nodeName, or another filter after the taints
		return inEnglish(message.New(msgCellPlacement, "pod", pod.Name, "node", node.Name).With("placement", d.PlacementReasonMessage))
	}
	score := []string{"pod", pod.Name, "node", node.Name, "score", strconv.Itoa(d.Score), "max", strconv.Itoa(scheduler.MaxNodeScore)}
	switch {
	case d.PreferNoSchedule > 0:
		return inEnglish(message.New(msgCellPreferAvoid, append(score, "count", strconv.Itoa(d.PreferNoSchedule))...))
	case !core.AnyTaint(node.Taints, scheduler.DoNotScheduleTaints):
		return inEnglish(message.New(msgCellFitsNoTaints, score...))
	}
	return inEnglish(message.New(msgCellFitsTolerates, score...))
}

// The IDs of cellReason's messages. Arguments: pod and node are names,
// taint is key=value:Effect, kubelet the kubelet's and scheduler the
// scheduler's own message, verbatim. Parts: eviction, the taint-eviction
// controller's reason; placement, scheduler.PlacementReason.
const (
	msgCellNotAdmitted       message.ID = "cell.not-admitted"
	msgCellRuns              message.ID = "cell.runs"
	msgCellRunsUnschedulable message.ID = "cell.runs.unschedulable"
	msgCellPlacement         message.ID = "cell.placement"
	msgCellCordoned          message.ID = "cell.cordoned"
	msgCellBlocked           message.ID = "cell.blocked"
	msgCellPreferAvoid       message.ID = "cell.fits.prefer-avoid"
	msgCellFitsNoTaints      message.ID = "cell.fits.no-taints"
	msgCellFitsTolerates     message.ID = "cell.fits.tolerates"
)

// inEnglish is m's English text and m.
func inEnglish(m message.Message) (string, message.Message) { return message.InEnglish(m), m }

// Simulate runs the taint-eviction controller (Simulate in tainteviction) on
// the workspace's effective nodes and pods over events until the given time,
// and for a workspace with devices, the device taint eviction controller
// beside it (addDeviceEvictions).
func (w *Workspace) Simulate(events []tainteviction.Event, until float64) *tainteviction.Timeline {
	tl := tainteviction.Simulate(w.Nodes, w.Pods, w.Options.ComparisonOperators, events, until)
	if w.HasDevices() {
		w.addDeviceEvictions(tl)
	}
	return tl
}
