package tainteviction

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// Simulate runs the taint-eviction controller over events on the simulated
// clock until the given time, starting with the workspace as it is at 0. It
// reproduces upstream's controller (k/k pkg/controller/tainteviction):
//
//  1. At 0 the controller observes every node's NoExecute taints and every pod
//     bound to a node, and decides for each pod as NoExecuteEviction says.
//  2. Events apply in time order (events at the same time in the order given);
//     events before 0, after until, or that cannot apply are listed in
//     Timeline.Ignored. A countdown that ends at or before an event's time
//     fires first.
//  3. Only changes to a node's NoExecute taints, and a pod's tolerations or
//     binding, reach the controller; NoSchedule and PreferNoSchedule taints
//     never touch evictions.
//  4. A NoExecute taint no toleration tolerates evicts the pod at once, whether
//     a countdown runs or not.
//  5. A countdown's deadline never moves once scheduled: longer or shorter
//     tolerationSeconds, another tolerated taint, or the removal of the taint
//     that started it all leave it as it was (a "kept" entry says so). Upstream
//     re-adds the countdown only for a change at the very instant it was
//     scheduled, and so does Simulate.
//  6. A countdown is cancelled only when no NoExecute taint is left on the
//     node, or every one left is tolerated forever; a NoExecute taint added
//     after that starts a fresh countdown.
//  7. A countdown that ends at or before until evicts the pod; an evicted pod
//     is gone, and events about it are ignored.
//
// Entries are in time order. See Timeline for how to draw the countdown. An
// until that is not a finite number ≥ 0 counts as 0.
func Simulate(nodes []core.Node, pods []core.Pod, comparisonOperators bool, events []Event, until float64) *Timeline {
	if math.IsNaN(until) || math.IsInf(until, 0) || until < 0 {
		until = 0
	}
	s := newSimulation(nodes, pods, comparisonOperators, until)
	for n := range s.nodes {
		s.handleNodeUpdate(n, 0)
	}
	for _, i := range s.inTimeOrder(events) {
		e := &events[i]
		s.fireDue(e.At)
		if reason := s.apply(i, e); reason != "" {
			s.ignore(i, reason)
		}
	}
	s.fireDue(until)
	s.closeSpans()
	return s.timeline
}

// simulation is the controller's state: the cluster as events change it, plus
// the countdowns the controller keeps per pod.
type simulation struct {
	gate     bool
	nodes    []simNode
	byName   map[string]int
	pods     []simPod
	timeline *Timeline
}

type simNode struct {
	name   string
	taints []core.Taint
	// spans holds, for each of taints, the index of its span in
	// timeline.Taints.
	spans []int
	// changed is true once an event changed the node's taints.
	changed bool
}

type simPod struct {
	name        string
	tolerations []core.Toleration
	// node is the index of the node the pod is bound to, or -1.
	node int
	// boundAt is when the pod was bound to node.
	boundAt float64
	// evictedAt is when the pod was evicted; NaN while it exists.
	evictedAt float64
	countdown *countdown
}

// countdown is a scheduled eviction (upstream TimedWorker), with the
// toleration whose tolerationSeconds set it.
type countdown struct {
	createdAt, deadline float64
	seconds             int64
	toleration          int
	// addedBy is the admission plugin that added the toleration, if one did,
	// which the reason of the eviction names.
	addedBy string
}

func newSimulation(nodes []core.Node, pods []core.Pod, comparisonOperators bool, until float64) *simulation {
	s := &simulation{
		gate:     comparisonOperators,
		nodes:    make([]simNode, len(nodes)),
		byName:   make(map[string]int, len(nodes)),
		pods:     make([]simPod, len(pods)),
		timeline: &Timeline{Until: until, Entries: []TimelineEntry{}, Taints: []TaintSpan{}, Pods: []PodSpan{}, Ignored: []IgnoredEvent{}},
	}
	for n := range nodes {
		s.nodes[n] = simNode{name: nodes[n].Name, taints: append([]core.Taint(nil), nodes[n].Taints...), spans: make([]int, len(nodes[n].Taints))}
		for i := range nodes[n].Taints {
			s.nodes[n].spans[i] = s.openSpan(n, &nodes[n].Taints[i], 0)
		}
		if _, taken := s.byName[nodes[n].Name]; !taken {
			s.byName[nodes[n].Name] = n
		}
	}
	for p := range pods {
		pod := &pods[p]
		node, bound := s.byName[pod.NodeName]
		if pod.NodeName == "" || !bound {
			node = -1
		}
		s.pods[p] = simPod{name: pod.Name, tolerations: pod.Tolerations, node: node, evictedAt: math.NaN()}
	}
	return s
}

// inTimeOrder returns the indexes of the events that fall within [0, until],
// sorted by time and stable for events at the same time; it lists the others
// as ignored.
func (s *simulation) inTimeOrder(events []Event) []int {
	var order []int
	for i := range events {
		at := events[i].At
		switch {
		case math.IsNaN(at) || at < 0:
			s.ignore(i, fmt.Sprintf("events[%d].at: must be a number of seconds ≥ 0", i))
		case at > s.timeline.Until:
			s.ignore(i, fmt.Sprintf("events[%d].at: %s s is after the end of the simulation (%s s)", i, seconds(at), seconds(s.timeline.Until)))
		default:
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return events[order[a]].At < events[order[b]].At })
	return order
}

// apply changes the cluster as the event says and lets the controller react.
// It returns why the event cannot apply, or "".
func (s *simulation) apply(i int, e *Event) string {
	switch e.Kind {
	case EventAddTaint:
		return s.addTaint(i, e)
	case EventRemoveTaint:
		return s.removeTaint(i, e)
	case EventSetTolerations:
		return s.setTolerations(i, e)
	case EventBind:
		return s.bind(i, e)
	default:
		return fmt.Sprintf("events[%d].kind: unknown kind %q; want %s, %s, %s or %s",
			i, e.Kind, EventAddTaint, EventRemoveTaint, EventSetTolerations, EventBind)
	}
}

// addTaint adds the taint, or replaces the node's taint with the same key and
// effect (taints are unique by that pair). The controller hears of it only when
// the node's NoExecute taints change.
func (s *simulation) addTaint(i int, e *Event) string {
	n, reason := s.eventNode(i, e)
	if reason != "" {
		return reason
	}
	if reason := eventTaint(i, e); reason != "" {
		return reason
	}
	switch e.Taint.Effect {
	case core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule, core.TaintEffectNoExecute:
	default:
		return fmt.Sprintf("events[%d].taint.effect: %q is not one of %s, %s, %s",
			i, e.Taint.Effect, core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule, core.TaintEffectNoExecute)
	}
	node := &s.nodes[n]
	node.changed = true
	changed := IsNoExecute(e.Taint)
	if j := findTaint(node.taints, e.Taint); j >= 0 {
		if !sameTaintValue(&node.taints[j], e.Taint) {
			s.closeSpan(node.spans[j], e.At, TaintReplaced)
			node.spans[j] = s.openSpan(n, e.Taint, e.At)
		} else {
			changed = false
		}
		node.taints[j] = *e.Taint
	} else {
		node.taints = append(node.taints, *e.Taint)
		node.spans = append(node.spans, s.openSpan(n, e.Taint, e.At))
	}
	if changed {
		s.handleNodeUpdate(n, e.At)
	}
	return ""
}

// removeTaint removes the node's taint with the event taint's key and effect.
func (s *simulation) removeTaint(i int, e *Event) string {
	n, reason := s.eventNode(i, e)
	if reason != "" {
		return reason
	}
	if reason := eventTaint(i, e); reason != "" {
		return reason
	}
	node := &s.nodes[n]
	j := findTaint(node.taints, e.Taint)
	if j < 0 {
		return fmt.Sprintf("events[%d].taint: node %s has no taint with key %q and effect %q", i, node.name, e.Taint.Key, e.Taint.Effect)
	}
	node.changed = true
	s.closeSpan(node.spans[j], e.At, TaintRemoved)
	node.taints = append(node.taints[:j:j], node.taints[j+1:]...)
	node.spans = append(node.spans[:j:j], node.spans[j+1:]...)
	if IsNoExecute(e.Taint) {
		s.handleNodeUpdate(n, e.At)
	}
	return ""
}

// setTolerations replaces the pod's tolerations; the controller hears of it
// only when they differ.
func (s *simulation) setTolerations(i int, e *Event) string {
	p, reason := s.eventPod(i, e)
	if reason != "" {
		return reason
	}
	pod := &s.pods[p]
	if sameTolerations(pod.tolerations, e.Tolerations) {
		return ""
	}
	pod.tolerations = e.Tolerations
	s.handlePodUpdate(p, e.At)
	return ""
}

// bind sets an unbound pod's spec.nodeName, as the scheduler's binding does.
func (s *simulation) bind(i int, e *Event) string {
	p, reason := s.eventPod(i, e)
	if reason != "" {
		return reason
	}
	n, reason := s.eventNode(i, e)
	if reason != "" {
		return reason
	}
	pod := &s.pods[p]
	switch pod.node {
	case n:
		return ""
	case -1:
		pod.node = n
		pod.boundAt = e.At
		s.handlePodUpdate(p, e.At)
		return ""
	default:
		return fmt.Sprintf("events[%d].node: pod %s is already bound to node %s, and spec.nodeName cannot change", i, pod.name, s.nodes[pod.node].name)
	}
}

func (s *simulation) eventNode(i int, e *Event) (int, string) {
	n, ok := s.byName[e.Node]
	if !ok {
		return -1, fmt.Sprintf("events[%d].node: no node is named %q", i, e.Node)
	}
	return n, ""
}

func (s *simulation) eventPod(i int, e *Event) (int, string) {
	if e.Pod < 0 || e.Pod >= len(s.pods) {
		return -1, fmt.Sprintf("events[%d].pod: index %d is out of range: the workspace has %d pod(s)", i, e.Pod, len(s.pods))
	}
	if pod := &s.pods[e.Pod]; !math.IsNaN(pod.evictedAt) {
		return -1, fmt.Sprintf("events[%d].pod: pod %s was evicted at %s s", i, pod.name, seconds(pod.evictedAt))
	}
	return e.Pod, ""
}

func eventTaint(i int, e *Event) string {
	if e.Taint == nil || e.Taint.Key == "" {
		return fmt.Sprintf("events[%d].taint.key: required", i)
	}
	return ""
}

// handleNodeUpdate is the controller's reaction to a change of the node's
// NoExecute taints: with none left it cancels every countdown on the node;
// otherwise it decides again for every pod bound there, all at the same time.
func (s *simulation) handleNodeUpdate(n int, now float64) {
	noExecute := core.AnyTaint(s.nodes[n].taints, IsNoExecute)
	for p := range s.pods {
		pod := &s.pods[p]
		if pod.node != n || !math.IsNaN(pod.evictedAt) {
			continue
		}
		if noExecute {
			s.processPodOnNode(p, now)
		} else {
			s.cancel(p, now, message.New(msgCancelledNoTaint, "node", s.nodes[n].name))
		}
	}
}

// handlePodUpdate is the controller's reaction to a pod's new tolerations or
// binding. A pod on a node without NoExecute taints is left as it is: the node
// update that removed them already cancelled its countdown.
func (s *simulation) handlePodUpdate(p int, now float64) {
	n := s.pods[p].node
	if n < 0 || !core.AnyTaint(s.nodes[n].taints, IsNoExecute) {
		return
	}
	s.processPodOnNode(p, now)
}

// processPodOnNode decides for one pod on its tainted node, given the
// countdown it may already have (upstream processPodOnNode).
func (s *simulation) processPodOnNode(p int, now float64) {
	pod := &s.pods[p]
	verdict := NoExecuteEviction(s.nodes[pod.node].taints, pod.tolerations, s.gate)
	switch {
	case verdict.untolerated():
		s.evict(p, now, -1, verdict.ReasonMessage)
	case verdict.Kind == EvictNever:
		s.cancel(p, now, message.New(msgCancelledForever))
	default:
		s.schedule(p, now, &verdict)
	}
}

// schedule starts a countdown of verdict.Seconds, unless one already runs: its
// deadline then stays, except for a change at the instant it was created,
// which re-adds it as upstream does.
func (s *simulation) schedule(p int, now float64, verdict *Eviction) {
	pod := &s.pods[p]
	if c := pod.countdown; c != nil && c.createdAt < now {
		s.add(TimelineEntry{At: now, Kind: EvictionKept, Pod: p, Node: pod.node, Deadline: c.deadline, Toleration: c.toleration},
			message.New(msgKept, "scheduledAt", seconds(c.createdAt), "deadline", seconds(c.deadline), "seconds", strconv.FormatInt(verdict.Seconds, 10)))
		return
	}
	if verdict.Seconds == 0 {
		s.evict(p, now, verdict.Toleration, verdict.ReasonMessage)
		return
	}
	next := countdown{createdAt: now, deadline: now + float64(verdict.Seconds), seconds: verdict.Seconds,
		toleration: verdict.Toleration, addedBy: pod.tolerations[verdict.Toleration].AddedBy}
	if c := pod.countdown; c != nil && *c == next {
		return
	}
	pod.countdown = &next
	s.add(TimelineEntry{At: now, Kind: EvictionScheduled, Pod: p, Node: pod.node, Deadline: next.deadline, Toleration: next.toleration}, verdict.ReasonMessage)
}

// cancel stops the pod's countdown, if it has one.
func (s *simulation) cancel(p int, now float64, reason message.Message) {
	pod := &s.pods[p]
	if pod.countdown == nil {
		return
	}
	pod.countdown = nil
	s.add(TimelineEntry{At: now, Kind: EvictionCancelled, Pod: p, Node: pod.node, Toleration: -1}, reason)
}

// evict deletes the pod: it is gone from then on.
func (s *simulation) evict(p int, at float64, toleration int, reason message.Message) {
	pod := &s.pods[p]
	pod.countdown = nil
	pod.evictedAt = at
	s.add(TimelineEntry{At: at, Kind: EvictionExecuted, Pod: p, Node: pod.node, Toleration: toleration}, reason)
}

// fireDue evicts, in deadline order (then pod order), every pod whose
// countdown ends at or before t.
func (s *simulation) fireDue(t float64) {
	for {
		next := -1
		for p := range s.pods {
			c := s.pods[p].countdown
			if c != nil && c.deadline <= t && (next < 0 || c.deadline < s.pods[next].countdown.deadline) {
				next = p
			}
		}
		if next < 0 {
			return
		}
		c := s.pods[next].countdown
		s.evict(next, c.deadline, c.toleration, namingToleration(msgRanOut, c.toleration, c.addedBy,
			"seconds", strconv.FormatInt(c.seconds, 10), "at", seconds(c.createdAt)))
	}
}

// openSpan starts the span of a taint that is on node n from time at, and
// returns its index in timeline.Taints.
func (s *simulation) openSpan(n int, t *core.Taint, at float64) int {
	s.timeline.Taints = append(s.timeline.Taints, TaintSpan{Node: n, Taint: *t, From: at, To: math.NaN()})
	return len(s.timeline.Taints) - 1
}

func (s *simulation) closeSpan(i int, at float64, ended string) {
	s.timeline.Taints[i].To = at
	s.timeline.Taints[i].Ended = ended
}

// closeSpans ends at Until the taint spans still open, keeps those of the
// nodes a pod is bound to or an event changed, and lists every bound pod's
// span.
func (s *simulation) closeSpans() {
	drawn := make([]bool, len(s.nodes))
	for n := range s.nodes {
		drawn[n] = s.nodes[n].changed
	}
	for p := range s.pods {
		pod := &s.pods[p]
		if pod.node < 0 {
			continue
		}
		drawn[pod.node] = true
		span := PodSpan{Pod: p, Node: pod.node, From: pod.boundAt, To: s.timeline.Until}
		if !math.IsNaN(pod.evictedAt) {
			span.To, span.Evicted = pod.evictedAt, true
		}
		s.timeline.Pods = append(s.timeline.Pods, span)
	}
	kept := s.timeline.Taints[:0]
	for _, span := range s.timeline.Taints {
		if math.IsNaN(span.To) {
			span.To = s.timeline.Until
		}
		if drawn[span.Node] {
			kept = append(kept, span)
		}
	}
	s.timeline.Taints = kept
}

// add records the entry with its reason, as data and in English.
func (s *simulation) add(e TimelineEntry, reason message.Message) {
	e.Reason, e.ReasonMessage = message.InEnglish(reason), reason
	s.timeline.Entries = append(s.timeline.Entries, e)
}

func (s *simulation) ignore(i int, reason string) {
	s.timeline.Ignored = append(s.timeline.Ignored, IgnoredEvent{Event: i, Reason: reason})
}

// findTaint returns the index of the taint with the same key and effect, or -1.
func findTaint(taints []core.Taint, t *core.Taint) int {
	for i := range taints {
		if taints[i].MatchTaint(t) {
			return i
		}
	}
	return -1
}

// sameTaintValue reports whether two taints with the same key and effect are
// equal as the controller compares them: value and timeAdded.
func sameTaintValue(a, b *core.Taint) bool {
	if a.Value != b.Value || (a.TimeAdded == nil) != (b.TimeAdded == nil) {
		return false
	}
	return a.TimeAdded == nil || a.TimeAdded.Equal(*b.TimeAdded)
}

// sameTolerations reports whether two toleration lists are equal as the
// controller compares them, field by field in order.
func sameTolerations(a, b []core.Toleration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].MatchToleration(&b[i]) || (a[i].TolerationSeconds == nil) != (b[i].TolerationSeconds == nil) {
			return false
		}
		if a[i].TolerationSeconds != nil && *a[i].TolerationSeconds != *b[i].TolerationSeconds {
			return false
		}
	}
	return true
}

// seconds formats a time on the simulated clock without trailing zeros.
func seconds(t float64) string {
	return strconv.FormatFloat(t, 'f', -1, 64)
}
