package manifest

import (
	"reflect"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// The decoder's strings are cut from the text it reads, so a node or a pod
// keeps its whole text alive through any one of them: an item of `kubectl
// get -o json` with managedFields is about 12 KB. DecodeStream copies the
// strings of what it keeps (detachNode, detachPod, detachLatest), so that
// each item's text is dropped once decoded.

// detachNode copies the strings a node keeps.
func detachNode(n *core.Node) {
	n.Name = strings.Clone(n.Name)
	n.Labels = detachMap(n.Labels)
	for i := range n.Taints {
		detachTaint(&n.Taints[i])
	}
	for i := range n.Conditions {
		c := &n.Conditions[i]
		c.Type, c.Status = strings.Clone(c.Type), strings.Clone(c.Status)
		detachSource(&c.Source)
	}
	detachStrings(n.Rejected)
	detachSource(&n.Source)
}

// detachPod copies the strings a pod keeps.
func detachPod(p *core.Pod) {
	p.Name, p.Namespace, p.Kind = strings.Clone(p.Name), strings.Clone(p.Namespace), strings.Clone(p.Kind)
	p.Labels, p.Annotations = detachMap(p.Labels), detachMap(p.Annotations)
	if p.Owner != nil {
		p.Owner.Kind, p.Owner.Name = strings.Clone(p.Owner.Kind), strings.Clone(p.Owner.Name)
	}
	p.NodeName, p.NodeSelector = strings.Clone(p.NodeName), detachMap(p.NodeSelector)
	if p.RequiredAffinity != nil {
		for t := range p.RequiredAffinity.Terms {
			term := &p.RequiredAffinity.Terms[t]
			for _, list := range [][]core.NodeSelectorRequirement{term.MatchExpressions, term.MatchFields} {
				for r := range list {
					req := &list[r]
					req.Key, req.Operator = strings.Clone(req.Key), strings.Clone(req.Operator)
					detachStrings(req.Values)
					detachSource(&req.Source)
				}
			}
		}
	}
	for i := range p.Tolerations {
		t := &p.Tolerations[i]
		t.Key, t.Value = strings.Clone(t.Key), strings.Clone(t.Value)
		t.Operator, t.Effect = core.TolerationOperator(strings.Clone(string(t.Operator))), core.TaintEffect(strings.Clone(string(t.Effect)))
		detachSource(&t.Source)
	}
	for _, list := range [][]core.Resources{p.Containers, p.InitContainers} {
		for i := range list {
			list[i].Requests, list[i].Limits = detachMap(list[i].Requests), detachMap(list[i].Limits)
		}
	}
	if p.PodResources != nil {
		p.PodResources.Requests, p.PodResources.Limits = detachMap(p.PodResources.Requests), detachMap(p.PodResources.Limits)
	}
	p.StatusQOSClass = strings.Clone(p.StatusQOSClass)
	if p.Claims != nil {
		detachValue(reflect.ValueOf(p.Claims).Elem())
	}
	detachStrings(p.Rejected)
	detachSource(&p.Source)
}

func detachTaint(t *core.Taint) {
	t.Key, t.Value = strings.Clone(t.Key), strings.Clone(t.Value)
	t.Effect = core.TaintEffect(strings.Clone(string(t.Effect)))
	detachSource(&t.Source)
}

// detachSource copies a source's field path; the keys of Fields and Columns
// are the decoder's own names.
func detachSource(s *core.Source) {
	s.Field = strings.Clone(s.Field)
}

func detachStrings(list []string) {
	for i := range list {
		list[i] = strings.Clone(list[i])
	}
}

func detachMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[strings.Clone(k)] = strings.Clone(v)
	}
	return out
}
