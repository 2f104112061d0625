package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// Goal is one condition a workshop exercise sets on the evaluated workspace,
// such as "pod checkout fits node node-1". Pods and nodes are named, as a
// student sees them; Kind says which other fields the goal reads.
type Goal struct {
	Kind string `json:"kind"`
	Pod  string `json:"pod"`
	// Node is read by GoalFits, GoalDoesNotFit, GoalBestNode and GoalEviction.
	Node string `json:"node,omitempty"`
	// Eviction is the wanted eviction kind for GoalEviction (EvictNone,
	// EvictNever, EvictNow or EvictAfter); for EvictAfter, MinSeconds and
	// MaxSeconds bound the delay when set.
	Eviction   string `json:"eviction,omitempty"`
	MinSeconds *int64 `json:"minSeconds,omitempty"`
	MaxSeconds *int64 `json:"maxSeconds,omitempty"`
	// QOS is the wanted class for GoalQOS.
	QOS string `json:"qos,omitempty"`
	// Key limits GoalWrittenTolerations to tolerations with that key (nil: any
	// key); Max is how many the pod may carry.
	Key *string `json:"key,omitempty"`
	Max int     `json:"max,omitempty"`
}

// The goal kinds.
const (
	// GoalFits: the scheduler may bind Pod to Node.
	GoalFits = "fits"
	// GoalDoesNotFit: the scheduler may not bind Pod to Node.
	GoalDoesNotFit = "doesNotFit"
	// GoalBestNode: Pod fits Node, and Node's TaintToleration score is higher
	// than that of every other node Pod fits.
	GoalBestNode = "bestNode"
	// GoalEviction: Pod runs on Node and the taint-eviction controller does
	// what Eviction (and the seconds) say.
	GoalEviction = "eviction"
	// GoalNoWildcard: no toleration of Pod has an empty key with Exists, which
	// tolerates every taint (of its effect, or of every effect).
	GoalNoWildcard = "noWildcard"
	// GoalQOS: Pod's QoS class is QOS.
	GoalQOS = "qos"
	// GoalWrittenTolerations: Pod carries at most Max tolerations written in
	// the text (not added by admission or a controller), with Key if set.
	GoalWrittenTolerations = "writtenTolerations"
	// GoalValid: the input has no error, so the API server would accept it.
	GoalValid = "valid"
	// GoalDeviceEviction: Pod runs and the device taint eviction controller
	// does what Eviction (and the seconds) say (checkDeviceEviction).
	GoalDeviceEviction = "deviceEviction"
)

// GoalResult says whether a goal is met and why, in one or two sentences
// taken from the engine's own reasons.
type GoalResult struct {
	Met bool   `json:"met"`
	Why string `json:"why"`
	// WhyMessage is Why as data.
	WhyMessage message.Message `json:"whyMessage,omitzero"`
}

// Validate reports the first field of the goal that does not fit its kind,
// naming it as JSON does.
func (g *Goal) Validate() error {
	needsNode := g.Kind == GoalFits || g.Kind == GoalDoesNotFit || g.Kind == GoalBestNode || g.Kind == GoalEviction
	switch {
	case !slices.Contains([]string{GoalFits, GoalDoesNotFit, GoalBestNode, GoalEviction, GoalNoWildcard, GoalQOS, GoalWrittenTolerations, GoalValid, GoalDeviceEviction}, g.Kind):
		return fmt.Errorf("kind: %q is not a goal kind", g.Kind)
	case g.Kind != GoalValid && g.Pod == "":
		return fmt.Errorf("pod: required for a %s goal", g.Kind)
	case needsNode && g.Node == "":
		return fmt.Errorf("node: required for a %s goal", g.Kind)
	case (g.Kind == GoalEviction || g.Kind == GoalDeviceEviction) && !slices.Contains([]string{tainteviction.EvictNone, tainteviction.EvictNever, tainteviction.EvictNow, tainteviction.EvictAfter}, g.Eviction):
		return fmt.Errorf("eviction: %q is not none, never, now or after", g.Eviction)
	case g.MinSeconds != nil && g.Eviction != tainteviction.EvictAfter:
		return fmt.Errorf("minSeconds: only an eviction goal of kind after has seconds")
	case g.MaxSeconds != nil && g.Eviction != tainteviction.EvictAfter:
		return fmt.Errorf("maxSeconds: only an eviction goal of kind after has seconds")
	case g.MinSeconds != nil && g.MaxSeconds != nil && *g.MinSeconds > *g.MaxSeconds:
		return fmt.Errorf("maxSeconds: %d is below minSeconds %d", *g.MaxSeconds, *g.MinSeconds)
	case g.Kind == GoalQOS && !slices.Contains([]string{core.QOSBestEffort, core.QOSBurstable, core.QOSGuaranteed}, g.QOS):
		return fmt.Errorf("qos: %q is not BestEffort, Burstable or Guaranteed", g.QOS)
	case g.Max < 0:
		return fmt.Errorf("max: %d is negative", g.Max)
	}
	return nil
}

// CheckGoals checks every goal against the workspace, in order. A goal that
// names a pod or node the workspace lacks is not met, and says so; a goal
// that fails Validate is an error naming goals[i].
func (w *Workspace) CheckGoals(goals []Goal) ([]GoalResult, error) {
	results := make([]GoalResult, len(goals))
	for i := range goals {
		if err := goals[i].Validate(); err != nil {
			return nil, fmt.Errorf("goals[%d].%w", i, err)
		}
		results[i] = w.checkGoal(&goals[i])
	}
	return results, nil
}

func (w *Workspace) checkGoal(g *Goal) GoalResult {
	if g.Kind == GoalValid {
		return w.checkValid()
	}
	p := slices.IndexFunc(w.Pods, func(pod core.Pod) bool { return pod.Name == g.Pod })
	if p < 0 {
		return goalResult(false, message.New(msgGoalNoPod, "pod", g.Pod))
	}
	pod := &w.Pods[p]
	n := slices.IndexFunc(w.Nodes, func(node core.Node) bool { return node.Name == g.Node })
	if g.Node != "" && n < 0 {
		return goalResult(false, message.New(msgGoalNoNode, "node", g.Node))
	}
	switch g.Kind {
	case GoalFits, GoalDoesNotFit:
		detail, _ := w.Explain(p, n) // both indexes were found above
		return goalResult(detail.Fits == (g.Kind == GoalFits), detail.ReasonMessage)
	case GoalBestNode:
		return w.checkBestNode(p, n)
	case GoalEviction:
		return w.checkEviction(g, pod, &w.Nodes[n])
	case GoalDeviceEviction:
		return w.checkDeviceEviction(g, p)
	case GoalNoWildcard:
		return checkNoWildcard(pod)
	case GoalQOS:
		class := core.QOSClass(pod)
		return goalResult(class == g.QOS, message.New(msgGoalQOS, "pod", pod.Name, "class", class))
	default: // GoalWrittenTolerations; Validate refuses any other kind
		return checkWrittenTolerations(g, pod)
	}
}

// checkValid is met when no diagnostic is an error, and names the first one.
func (w *Workspace) checkValid() GoalResult {
	for _, d := range w.Diagnostics {
		if d.Severity == core.SeverityError {
			return goalResult(false, refused(&d))
		}
	}
	return goalResult(true, message.New(msgGoalValid))
}

// checkBestNode compares the node's score with every other node the pod fits,
// quoting the engine's reason for the node, or for the rival that scores as
// high or higher.
func (w *Workspace) checkBestNode(p, n int) GoalResult {
	row := make([]Cell, len(w.Nodes))
	w.newRowEvaluator().evaluate(p, row)
	detail, _ := w.Explain(p, n)
	if !row[n].Fits {
		return goalResult(false, detail.ReasonMessage)
	}
	for other := range row {
		if other != n && row[other].Fits && row[other].Score >= row[n].Score {
			rival, _ := w.Explain(p, other)
			return goalResult(false, message.New(msgGoalRival, "node", w.Nodes[n].Name, "score", strconv.Itoa(row[n].Score)).With("reason", rival.ReasonMessage))
		}
	}
	return goalResult(true, message.New(msgGoalBest, "score", strconv.Itoa(row[n].Score)).With("reason", detail.ReasonMessage))
}

// checkEviction needs the pod running on the node, then compares the
// taint-eviction controller's verdict with the wanted kind and seconds.
func (w *Workspace) checkEviction(g *Goal, pod *core.Pod, node *core.Node) GoalResult {
	if pod.NodeName != node.Name {
		if pod.NodeName == "" {
			return goalResult(false, message.New(msgGoalUnbound, "pod", pod.Name, "node", node.Name))
		}
		return goalResult(false, message.New(msgGoalElsewhere, "pod", pod.Name, "bound", pod.NodeName, "node", node.Name))
	}
	e := tainteviction.NoExecuteEviction(node.Taints, pod.Tolerations, w.Options.ComparisonOperators)
	met := e.Kind == g.Eviction
	if met && e.Kind == tainteviction.EvictAfter {
		met = (g.MinSeconds == nil || e.Seconds >= *g.MinSeconds) && (g.MaxSeconds == nil || e.Seconds <= *g.MaxSeconds)
	}
	return g.evictionResult(met, message.New(msgGoalEviction, "pod", pod.Name, "node", node.Name).With("eviction", e.ReasonMessage))
}

// wantedEviction says in words what an eviction goal asks for.
func (g *Goal) wantedEviction() message.Message {
	id, args := msgWantsAfter, []string(nil)
	switch {
	case g.Eviction == tainteviction.EvictNone:
		id = msgWantsNone
	case g.Eviction == tainteviction.EvictNever:
		id = msgWantsNever
	case g.Eviction == tainteviction.EvictNow:
		id = msgWantsNow
	case g.MinSeconds != nil && g.MaxSeconds != nil && *g.MinSeconds == *g.MaxSeconds:
		id, args = msgWantsExactly, []string{"seconds", strconv.FormatInt(*g.MinSeconds, 10)}
	case g.MinSeconds != nil && g.MaxSeconds != nil:
		id, args = msgWantsBetween, []string{"min", strconv.FormatInt(*g.MinSeconds, 10), "max", strconv.FormatInt(*g.MaxSeconds, 10)}
	case g.MinSeconds != nil:
		id, args = msgWantsAtLeast, []string{"seconds", strconv.FormatInt(*g.MinSeconds, 10)}
	case g.MaxSeconds != nil:
		id, args = msgWantsAtMost, []string{"seconds", strconv.FormatInt(*g.MaxSeconds, 10)}
	}
	return message.New(id, args...)
}

// checkNoWildcard names the first toleration with an empty key and Exists.
func checkNoWildcard(pod *core.Pod) GoalResult {
	for i := range pod.Tolerations {
		t := &pod.Tolerations[i]
		if t.Key == "" && t.Operator == core.TolerationOpExists {
			scope := message.New(msgScopeEveryTaint)
			if t.Effect != "" {
				scope = message.New(msgScopeEveryEffect, "effect", string(t.Effect))
			}
			return goalResult(false, withLine(msgGoalWildcard, msgGoalWildcardLine, t.Source.Line, "pod", pod.Name).With("toleration", tolerationName(t, i)).With("scope", scope))
		}
	}
	return goalResult(true, message.New(msgGoalNoWildcard, "pod", pod.Name))
}

// checkWrittenTolerations counts the pod's tolerations from the text, those
// PodTolerationRestriction dropped included, with the goal's key if it has one.
func checkWrittenTolerations(g *Goal, pod *core.Pod) GoalResult {
	var lines []string
	count := func(t *core.Toleration) {
		if g.Key == nil || t.Key == *g.Key {
			lines = append(lines, strconv.Itoa(t.Source.Line))
		}
	}
	for i := range pod.Tolerations {
		if pod.Tolerations[i].AddedBy == "" {
			count(&pod.Tolerations[i])
		}
	}
	for i := range pod.DroppedTolerations {
		count(&pod.DroppedTolerations[i])
	}
	args := []string{"pod", pod.Name, "count", strconv.Itoa(len(lines)), "max", strconv.Itoa(g.Max), "lines", strings.Join(lines, ", ")}
	id := writtenIDs[boolIndex(g.Key != nil)][boolIndex(len(lines) > 0)]
	m := message.New(id, args...)
	if g.Key != nil {
		m = m.With("key", quoteKey(*g.Key))
	}
	return goalResult(len(lines) <= g.Max, m)
}
