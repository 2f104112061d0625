package engine

import (
	"errors"

	"github.com/taint-playground/taint-playground/engine/admission"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// Verdicts is the answer to "where can each pod go, and which running pod is
// evicted", one entry per pod: what `taint-playground check -o json` prints,
// and what the page's "Download report (JSON)" is to save, byte for byte.
// Where the Report has one compact cell per pair for drawing a matrix,
// Verdicts has one entry per pod, with node names, for a person or a CI job
// to read.
//
// Its JSON:
//
//   - kubernetes: the release reproduced, such as "v1.37".
//   - options: the Options the workspace was loaded with.
//   - nodes: one NodeVerdict per node, in input order: name, source, taints
//     (the effective taints, controller taints included, each with key,
//     value, effect, source and origin), rejected (omitted when the API
//     server would accept the node as written).
//   - pods: one PodVerdict per pod, in input order (empty when overLimit):
//     name, namespace (omitted when empty), kind, labels (omitted when
//     none; a workload's are its pod template's), source, nodeName (omitted
//     for a pending pod), rejected (omitted when the API server would accept
//     it), verdict (one of "schedulable", "unschedulable", "stays",
//     "evicted-now", "evicted-later", "not-admitted", "unknown-node", or
//     "rejected" for a pod the API server would refuse, or on a node it
//     would refuse, with asRead the verdict were the errors ignored); for a
//     pending pod fits (the names of the nodes it fits, in node order; a
//     node the API server would refuse is in fitsRejected instead) and
//     blocked (each other node with node, message, the scheduler's status,
//     and taint, the index in that node's taints of the taint that blocks,
//     -1 when another filter does); for a pod running on a node of the
//     input, eviction and kubelet as in the Report's cells; devices
//     (omitted for a pod that uses no ResourceClaim) its PodDevices, the
//     device verdict that AddDeviceVerdicts adds, with the verdict then the
//     outcome of both.
//   - diagnostics: the workspace's Diagnostics: severity, code, message,
//     source, and hidden (errors, warnings) on the note of problems a cap
//     left out.
//   - summary: a VerdictSummary, the counts a CI job decides on: pods and
//     nodes; schedulable, unschedulable, stays, evictedNow, evictedLater,
//     notAdmitted, unknownNode and rejected, the pods of each verdict (a
//     rejected pod in no other count); errors and warnings, the
//     diagnostics of each severity.
//   - overLimit (omitted): the workspace has more than MaxPairs pairs, so no
//     pod was judged; a "limit" diagnostic says why.
//   - deviceRules (omitted without DeviceTaintRules): each rule of the
//     inventory with its status as the device taint eviction controller
//     writes it (DeviceRuleStatus): rule, effect, status (type, status,
//     reason, message verbatim, pendingPods, namespaces, and for effect None
//     publishedDevices and allocatedDevices) and reason, what it means.
//
// A source is as in the Report: editor, line, column, field. In the page the
// editor is "nodes" or "pods" and lines count in that editor; the command
// line names the file instead ("<stdin>" for standard input), counts lines
// in it, and drops the "line N: " that starts a diagnostic's message, since
// the source says where.
type Verdicts struct {
	Kubernetes  string             `json:"kubernetes"`
	Options     core.Options       `json:"options"`
	Nodes       []NodeVerdict      `json:"nodes"`
	Pods        []PodVerdict       `json:"pods"`
	Diagnostics []core.Diagnostic  `json:"diagnostics"`
	Summary     VerdictSummary     `json:"summary"`
	OverLimit   bool               `json:"overLimit,omitempty"`
	DeviceRules []DeviceRuleStatus `json:"deviceRules,omitempty"`
}

// NodeVerdict is one node as the verdicts read it.
type NodeVerdict struct {
	Name     string       `json:"name"`
	Source   core.Source  `json:"source"`
	Taints   []core.Taint `json:"taints"`
	Rejected []string     `json:"rejected,omitempty"`
}

// PodVerdict is where one pod can go, or what happens to it where it runs.
type PodVerdict struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
	// Kind is the object the pod was read from: Pod, or the workload whose
	// template it is.
	Kind   string            `json:"kind"`
	Labels map[string]string `json:"labels,omitempty"`
	Source core.Source       `json:"source"`
	// NodeName is spec.nodeName: set for a running pod.
	NodeName string `json:"nodeName,omitempty"`
	// Rejected lists why the API server would refuse the pod as written.
	Rejected []string `json:"rejected,omitempty"`
	// Verdict is one of the Verdict… constants.
	Verdict string `json:"verdict"`
	// AsRead is, for a VerdictRejected pod, the verdict it would get were
	// the errors ignored: hypothetical, never counted.
	AsRead string `json:"asRead,omitempty"`
	// Fits names, for a pending pod, the nodes the scheduler may bind it to,
	// in node order, and Blocked the others; both omitted for a running pod.
	// A node the API server would refuse is in neither: it is in
	// FitsRejected when the pod fits it as read, in Blocked otherwise.
	Fits         []string  `json:"fits,omitempty"`
	FitsRejected []string  `json:"fitsRejected,omitempty"`
	Blocked      []Blocked `json:"blocked,omitempty"`
	// Eviction and Kubelet are, for a pod running on a node of the input,
	// the taint-eviction controller's verdict and the kubelet's admission.
	Eviction *tainteviction.Eviction   `json:"eviction,omitempty"`
	Kubelet  *admission.KubeletVerdict `json:"kubelet,omitempty"`
	// Devices is, for a pod that uses ResourceClaims, its device verdict
	// (AddDeviceVerdicts); Verdict is then the outcome of both.
	Devices *PodDevices `json:"devices,omitempty"`
}

// Blocked is a node a pending pod does not fit, and why.
type Blocked struct {
	Node string `json:"node"`
	// Message is the scheduler's status for the first failing filter, such
	// as "node(s) had untolerated taint(s)" (Cell.Message).
	Message string `json:"message"`
	// Taint is the index, in the node's taints, of the untolerated
	// NoSchedule or NoExecute taint the scheduler names (Cell.BlockedBy);
	// -1 when another filter blocks.
	Taint int `json:"taint"`
}

// Verdicts of a pod.
const (
	// VerdictSchedulable: a pending pod fits at least one node.
	VerdictSchedulable = "schedulable"
	// VerdictUnschedulable: a pending pod fits no node.
	VerdictUnschedulable = "unschedulable"
	// VerdictStays: a running pod is never evicted (Eviction none or never)
	// and the kubelet admits it.
	VerdictStays = "stays"
	// VerdictEvictedNow and VerdictEvictedLater: the taint-eviction
	// controller evicts a running pod at once, or after Eviction.Seconds.
	VerdictEvictedNow   = "evicted-now"
	VerdictEvictedLater = "evicted-later"
	// VerdictNotAdmitted: a running pod that is not evicted, but that the
	// kubelet would not admit on its node (Kubelet.Reason says why).
	VerdictNotAdmitted = "not-admitted"
	// VerdictUnknownNode: spec.nodeName names no node of the input, so
	// nothing can be said about the pod.
	VerdictUnknownNode = "unknown-node"
	// VerdictRejected: the API server would refuse the pod as written, or
	// the node it runs on, so it is not judged; AsRead holds the verdict
	// the engine finds for the objects as read, ignoring the errors, as the
	// page shows it below its rejection.
	VerdictRejected = "rejected"
)

// VerdictSummary counts the pods by verdict, and the diagnostics.
type VerdictSummary struct {
	Pods          int `json:"pods"`
	Nodes         int `json:"nodes"`
	Schedulable   int `json:"schedulable"`
	Unschedulable int `json:"unschedulable"`
	Stays         int `json:"stays"`
	EvictedNow    int `json:"evictedNow"`
	EvictedLater  int `json:"evictedLater"`
	NotAdmitted   int `json:"notAdmitted"`
	UnknownNode   int `json:"unknownNode"`
	// Rejected counts the pods of VerdictRejected: the API server would
	// refuse them, or the node they run on, as written. They are in no
	// other count.
	Rejected int `json:"rejected"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

// Verdicts judges every pod of the workspace, each distinct shape of pod
// against each distinct shape of node once (judgeByShape), with the verdicts
// pair-by-pair evaluation gives; a workspace of up to MaxPairs pairs gets a
// verdict for every pod whatever FullReportPairs says; over MaxPairs no pod
// is judged and OverLimit is set.
func (w *Workspace) Verdicts() *Verdicts {
	v := newVerdicts(core.KubernetesVersion, w.Options, w.Nodes, w.Pods, w.Diagnostics)
	if w.OverLimit() {
		return v.overLimit()
	}
	w.judgeByShape(v)
	v.summarize()
	w.addDeviceVerdicts(v)
	return v
}

// ErrWindowedReport is ReportVerdicts' error for a report that does not hold
// every cell.
var ErrWindowedReport = errors.New("the report holds one window of the matrix, not every cell: use Workspace.Verdicts")

// ReportVerdicts judges every pod from a report that holds every cell (one
// of at most FullReportPairs pairs), such as the page's evaluate answer; it
// gives what Workspace.Verdicts gives for the same workspace.
func ReportVerdicts(r *Report) (*Verdicts, error) {
	v := newVerdicts(r.Kubernetes, r.Options, r.Nodes, r.Pods, r.Diagnostics)
	if r.OverLimit {
		return v.overLimit(), nil
	}
	width := len(r.Nodes)
	if r.Window != nil || len(r.Cells) != len(r.Pods)*width {
		return nil, ErrWindowedReport
	}
	for p := range r.Pods {
		v.addPod(p, r.Cells[p*width:(p+1)*width])
	}
	v.summarize()
	if r.Devices != nil {
		v.AddDeviceVerdicts(r.Devices)
	}
	v.DeviceRules = r.DeviceRules
	return v, nil
}

// newVerdicts holds the nodes and diagnostics, and room for the pods.
func newVerdicts(kubernetes string, opts core.Options, nodes []core.Node, pods []core.Pod, diagnostics []core.Diagnostic) *Verdicts {
	v := &Verdicts{
		Kubernetes: kubernetes, Options: opts,
		Nodes: make([]NodeVerdict, len(nodes)), Pods: make([]PodVerdict, len(pods)),
		Diagnostics: diagnostics,
	}
	for n := range nodes {
		node := &nodes[n]
		v.Nodes[n] = NodeVerdict{Name: node.Name, Source: node.Source, Taints: node.Taints, Rejected: node.Rejected}
	}
	for p := range pods {
		pod := &pods[p]
		v.Pods[p] = PodVerdict{Name: pod.Name, Namespace: pod.Namespace, Kind: pod.Kind, Labels: pod.Labels,
			Source: pod.Source, NodeName: pod.NodeName, Rejected: pod.Rejected}
	}
	return v
}

// Select keeps the pods that keep accepts, such as those a label selector
// matches, and counts again.
func (v *Verdicts) Select(keep func(*PodVerdict) bool) {
	kept := v.Pods[:0]
	for i := range v.Pods {
		if keep(&v.Pods[i]) {
			kept = append(kept, v.Pods[i])
		}
	}
	v.Pods = kept
	v.summarize()
}

// summarize counts the pods by verdict, and the diagnostics.
func (v *Verdicts) summarize() {
	s := VerdictSummary{Pods: len(v.Pods), Nodes: len(v.Nodes)}
	counters := map[string]*int{
		VerdictSchedulable: &s.Schedulable, VerdictUnschedulable: &s.Unschedulable, VerdictStays: &s.Stays,
		VerdictEvictedNow: &s.EvictedNow, VerdictEvictedLater: &s.EvictedLater,
		VerdictNotAdmitted: &s.NotAdmitted, VerdictUnknownNode: &s.UnknownNode,
	}
	for i := range v.Pods {
		if counter := counters[v.Pods[i].Verdict]; counter != nil {
			*counter++
		}
		if v.Pods[i].Verdict == VerdictRejected {
			s.Rejected++
		}
	}
	for i := range v.Diagnostics {
		d := &v.Diagnostics[i]
		switch {
		case d.Hidden != nil: // a cap's note: the problems it stands for
			s.Errors += d.Hidden.Errors
			s.Warnings += d.Hidden.Warnings
		case d.Severity == core.SeverityError:
			s.Errors++
		default:
			s.Warnings++
		}
	}
	v.Summary = s
}

// overLimit empties the pods: none was judged.
func (v *Verdicts) overLimit() *Verdicts {
	v.OverLimit = true
	v.Pods = []PodVerdict{}
	v.summarize()
	return v
}

// addPod judges pod p from its row of cells, one per node in node order.
// It reads the pod and the nodes from v and the row, so that a report and a
// workspace give the same verdict.
func (v *Verdicts) addPod(p int, row []Cell) {
	pod := &v.Pods[p]
	if pod.NodeName != "" {
		v.addRunning(pod, row)
		return
	}
	for n := range row {
		cell, node := &row[n], &v.Nodes[n]
		switch {
		case cell.Fits && len(node.Rejected) > 0:
			pod.FitsRejected = append(pod.FitsRejected, node.Name)
		case cell.Fits:
			pod.Fits = append(pod.Fits, node.Name)
		default:
			pod.Blocked = append(pod.Blocked, Blocked{Node: node.Name, Message: cell.Message, Taint: cell.BlockedBy})
		}
	}
	if len(pod.Fits) > 0 {
		pod.Verdict = VerdictSchedulable
	} else {
		pod.Verdict = VerdictUnschedulable
	}
	pod.markRejected(false)
}

// markRejected makes the verdict of a pod the API server would refuse (or
// whose node it would refuse, onRejectedNode) VerdictRejected, keeping the
// verdict as read in AsRead: no rejected object is counted as a positive
// outcome, or as a negative one.
func (pod *PodVerdict) markRejected(onRejectedNode bool) {
	if len(pod.Rejected) > 0 || onRejectedNode {
		pod.AsRead, pod.Verdict = pod.Verdict, VerdictRejected
	}
}

// addRunning judges a pod bound by spec.nodeName from the cell of its node,
// the first cell of the row that is Running (see judgeRunning).
func (v *Verdicts) addRunning(pod *PodVerdict, row []Cell) {
	for n := range row {
		if row[n].Running {
			judgeRunning(pod, &row[n], len(v.Nodes[n].Rejected) > 0)
			return
		}
	}
	judgeRunning(pod, nil, false)
}

// judgeRunning judges a pod bound by spec.nodeName from the cell of its node
// (nil: no node of the input has that name): eviction first (evicted now,
// then later), then the kubelet's admission.
func judgeRunning(pod *PodVerdict, cell *Cell, onRejectedNode bool) {
	switch {
	case cell == nil:
		pod.Verdict = VerdictUnknownNode
		pod.markRejected(false)
		return
	case cell.Eviction.Kind == tainteviction.EvictNow:
		pod.Verdict = VerdictEvictedNow
	case cell.Eviction.Kind == tainteviction.EvictAfter:
		pod.Verdict = VerdictEvictedLater
	case !cell.Kubelet.Admit:
		pod.Verdict = VerdictNotAdmitted
	default:
		pod.Verdict = VerdictStays
	}
	pod.Eviction, pod.Kubelet = cell.Eviction, cell.Kubelet
	pod.markRejected(onRejectedNode)
}
