package examples

import (
	"fmt"
	"slices"

	yaml "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// resolveEvents turns a file's events into tainteviction.Events for the workspace:
// names become the workspace's indexes, and every taint change, a kubectl line
// included, runs as kubectl would against the nodes as the events before it
// left them, so a key-only removal or a -l selector expands to exactly the
// taints and nodes it touches. line gives the line of events[i]; errors start
// with it.
func resolveEvents(ws *engine.Workspace, specs []eventSpec, line func(i int) int) ([]tainteviction.Event, error) {
	nodes := ws.Nodes
	var events []tainteviction.Event
	for i := range specs {
		spec := &specs[i]
		where := fmt.Sprintf("%d: events[%d]", line(i), i)
		if i > 0 && spec.At < specs[i-1].At {
			return nil, fmt.Errorf("%s.at: %g s comes before the previous event's %g s; write events in time order", where, spec.At, specs[i-1].At)
		}
		var resolved []tainteviction.Event
		var err error
		switch {
		case spec.Kubectl != "":
			if spec.Kind != "" || spec.Node != "" || spec.Pod != "" || spec.Taint != "" || spec.Tolerations.Kind != 0 {
				return nil, fmt.Errorf("%s: a kubectl event has only at and kubectl", where)
			}
			nodes, resolved, err = RunTaintCommand(nodes, spec.At, spec.Kubectl)
		case spec.Kind == tainteviction.EventAddTaint || spec.Kind == tainteviction.EventRemoveTaint:
			nodes, resolved, err = runTaintEvent(nodes, spec)
		case spec.Kind == tainteviction.EventSetTolerations:
			resolved, err = setTolerationsEvent(ws, spec)
		case spec.Kind == tainteviction.EventBind:
			resolved, err = bindEvent(ws, spec)
		default:
			err = fmt.Errorf("kind: %q is not one of %s, %s, %s, %s, and there is no kubectl line",
				spec.Kind, tainteviction.EventAddTaint, tainteviction.EventRemoveTaint, tainteviction.EventSetTolerations, tainteviction.EventBind)
		}
		if err != nil {
			return nil, fmt.Errorf("%s.%w", where, err)
		}
		events = append(events, resolved...)
	}
	return events, nil
}

// RunTaintCommand applies one kubectl taint line to the nodes and returns the
// nodes after it with the events that say what it changed: one addTaint or
// removeTaint per taint it changes on each node it selects, additions first.
// The command line's simulate --event uses it too.
func RunTaintCommand(nodes []core.Node, at float64, line string) ([]core.Node, []tainteviction.Event, error) {
	cmd, err := kubectl.ParseTaintCommand(line)
	if err != nil {
		return nil, nil, fmt.Errorf("kubectl: %v", err)
	}
	return applyTaintCommand(nodes, at, cmd, "kubectl")
}

// runTaintEvent applies an addTaint or removeTaint event as the equivalent
// kubectl command with --overwrite.
func runTaintEvent(nodes []core.Node, spec *eventSpec) ([]core.Node, []tainteviction.Event, error) {
	if spec.Node == "" || spec.Pod != "" || spec.Tolerations.Kind != 0 {
		return nil, nil, fmt.Errorf("node: %s needs node and taint, and no pod or tolerations", spec.Kind)
	}
	specs, removals, err := kubectl.ParseTaintSpecs([]string{spec.Taint})
	if err == nil && (len(specs) != 1 || len(removals) > 0) {
		err = fmt.Errorf("%q is not key=value:Effect or key:Effect", spec.Taint)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("taint: %v", err)
	}
	cmd := &kubectl.TaintCommand{Nodes: []string{spec.Node}, Overwrite: true}
	if spec.Kind == tainteviction.EventAddTaint {
		cmd.Add = specs
	} else {
		cmd.Remove = specs
	}
	return applyTaintCommand(nodes, spec.At, cmd, "node")
}

// applyTaintCommand runs cmd on the nodes as kubectl would; a command kubectl
// rejects is an error reported on field.
func applyTaintCommand(nodes []core.Node, at float64, cmd *kubectl.TaintCommand, field string) ([]core.Node, []tainteviction.Event, error) {
	after, err := cmd.Apply(nodes)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", field, err)
	}
	var events []tainteviction.Event
	for n := range nodes {
		events = append(events, taintChanges(at, nodes[n].Name, nodes[n].Taints, after[n].Taints)...)
	}
	if len(events) == 0 {
		return nil, nil, fmt.Errorf("%s: the command changes no taint", field)
	}
	return after, events, nil
}

// taintChanges lists the events that turn one node's taints from before into
// after: additions (new key and effect, or a new value) first, then removals,
// so that a taint replaced in one command is seen by the taint-eviction
// controller as one update, never as a moment with the taint gone.
func taintChanges(at float64, node string, before, after []core.Taint) []tainteviction.Event {
	var events []tainteviction.Event
	for i := range after {
		t := &after[i]
		if !slices.ContainsFunc(before, func(b core.Taint) bool { return b.MatchTaint(t) && b.Value == t.Value }) {
			events = append(events, tainteviction.Event{At: at, Kind: tainteviction.EventAddTaint, Node: node,
				Taint: &core.Taint{Key: t.Key, Value: t.Value, Effect: t.Effect}})
		}
	}
	for i := range before {
		t := &before[i]
		if !slices.ContainsFunc(after, func(a core.Taint) bool { return a.MatchTaint(t) }) {
			events = append(events, tainteviction.Event{At: at, Kind: tainteviction.EventRemoveTaint, Node: node,
				Taint: &core.Taint{Key: t.Key, Effect: t.Effect}})
		}
	}
	return events
}

// setTolerationsEvent replaces a pod's tolerations, written as in a pod spec.
func setTolerationsEvent(ws *engine.Workspace, spec *eventSpec) ([]tainteviction.Event, error) {
	pod, err := podIndex(ws, spec.Pod)
	if err != nil {
		return nil, err
	}
	if spec.Node != "" || spec.Taint != "" || spec.Tolerations.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("tolerations: setTolerations needs pod and a list of tolerations, and no node or taint")
	}
	var tolerations []core.Toleration
	if err := DecodeJSON(&spec.Tolerations, &tolerations); err != nil {
		return nil, fmt.Errorf("tolerations: %v", err)
	}
	return []tainteviction.Event{{At: spec.At, Kind: tainteviction.EventSetTolerations, Pod: pod, Tolerations: tolerations}}, nil
}

// bindEvent sets a pending pod's spec.nodeName.
func bindEvent(ws *engine.Workspace, spec *eventSpec) ([]tainteviction.Event, error) {
	pod, err := podIndex(ws, spec.Pod)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(ws.Nodes, func(n core.Node) bool { return n.Name == spec.Node }) {
		return nil, fmt.Errorf("node: no node is named %q", spec.Node)
	}
	if spec.Taint != "" || spec.Tolerations.Kind != 0 {
		return nil, fmt.Errorf("taint: bind needs pod and node only")
	}
	return []tainteviction.Event{{At: spec.At, Kind: tainteviction.EventBind, Pod: pod, Node: spec.Node}}, nil
}

// podIndex finds the one pod with the name.
func podIndex(ws *engine.Workspace, name string) (int, error) {
	found := -1
	for p := range ws.Pods {
		if ws.Pods[p].Name != name {
			continue
		}
		if found >= 0 {
			return -1, fmt.Errorf("pod: %q names more than one pod", name)
		}
		found = p
	}
	if found < 0 {
		return -1, fmt.Errorf("pod: no pod is named %q", name)
	}
	return found, nil
}
