package scheduler

import (
	"sort"
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// SchedulingKey is a text two pods share exactly when they hold the same
// fields that the scheduler's filters (RunFilters) read: spec.nodeName, the
// nodeSelector, the required node affinity, and each toleration's key,
// operator, value and effect (tolerationSeconds plays no part in a filter).
// Such pods fit the same nodes, so the replicas of one workload are filtered
// once. Every string is written with its length, so no two different pods
// share a key.
func SchedulingKey(pod *core.Pod) string {
	var b strings.Builder
	field := func(s string) {
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	field(pod.NodeName)
	b.WriteString("s")
	keys := make([]string, 0, len(pod.NodeSelector))
	for key := range pod.NodeSelector {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		field(key)
		field(pod.NodeSelector[key])
	}
	b.WriteString("t")
	for i := range pod.Tolerations {
		t := &pod.Tolerations[i]
		field(t.Key)
		field(string(t.Operator))
		field(t.Value)
		field(string(t.Effect))
	}
	if pod.RequiredAffinity == nil {
		return b.String()
	}
	requirements := func(marker string, list []core.NodeSelectorRequirement) {
		for i := range list {
			b.WriteString(marker)
			field(list[i].Key)
			field(list[i].Operator)
			b.WriteString(strconv.Itoa(len(list[i].Values)))
			for _, value := range list[i].Values {
				field(value)
			}
		}
	}
	b.WriteString("a")
	for i := range pod.RequiredAffinity.Terms {
		b.WriteString("T")
		requirements("E", pod.RequiredAffinity.Terms[i].MatchExpressions)
		requirements("F", pod.RequiredAffinity.Terms[i].MatchFields)
	}
	return b.String()
}
