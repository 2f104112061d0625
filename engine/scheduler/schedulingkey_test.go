package scheduler

import (
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestSchedulingKey checks that pods share a key only when every field the
// filters read is the same.
func TestSchedulingKey(t *testing.T) {
	seconds := int64(60)
	base := func() core.Pod {
		return core.Pod{
			Name:         "web-0",
			NodeSelector: map[string]string{"pool": "db", "zone": "a"},
			Tolerations:  []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "db", Effect: core.TaintEffectNoSchedule}},
			RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{{
				MatchExpressions: []core.NodeSelectorRequirement{{Key: "zone", Operator: "In", Values: []string{"a", "b"}}},
			}}},
		}
	}
	for _, tc := range []struct {
		name   string
		change func(*core.Pod)
		same   bool
	}{
		{name: "another name and labels filter alike", same: true, change: func(p *core.Pod) { p.Name, p.Labels = "web-1", map[string]string{"x": "y"} }},
		{name: "tolerationSeconds filters alike", same: true, change: func(p *core.Pod) { p.Tolerations[0].TolerationSeconds = &seconds }},
		{name: "a bound pod differs", change: func(p *core.Pod) { p.NodeName = "db-1" }},
		{name: "another selector value differs", change: func(p *core.Pod) { p.NodeSelector["zone"] = "b" }},
		{name: "a selector key and value split elsewhere differ", change: func(p *core.Pod) { p.NodeSelector = map[string]string{"pooldb": "", "zone": "a"} }},
		{name: "another toleration operator differs", change: func(p *core.Pod) { p.Tolerations[0].Operator = core.TolerationOpExists }},
		{name: "another toleration effect differs", change: func(p *core.Pod) { p.Tolerations[0].Effect = "" }},
		{name: "one more toleration differs", change: func(p *core.Pod) {
			p.Tolerations = append(p.Tolerations, core.Toleration{Operator: core.TolerationOpExists})
		}},
		{name: "no affinity differs", change: func(p *core.Pod) { p.RequiredAffinity = nil }},
		{name: "an affinity value moved to a field differs", change: func(p *core.Pod) {
			term := &p.RequiredAffinity.Terms[0]
			term.MatchFields, term.MatchExpressions = term.MatchExpressions, nil
		}},
		{name: "affinity values split elsewhere differ", change: func(p *core.Pod) {
			p.RequiredAffinity.Terms[0].MatchExpressions[0].Values = []string{"ab"}
		}},
		{name: "a second term differs", change: func(p *core.Pod) {
			p.RequiredAffinity.Terms = append(p.RequiredAffinity.Terms, core.NodeSelectorTerm{})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := base(), base()
			tc.change(&b)
			if got := SchedulingKey(&a) == SchedulingKey(&b); got != tc.same {
				t.Errorf("same key = %v, want %v:\n%q\n%q", got, tc.same, SchedulingKey(&a), SchedulingKey(&b))
			}
		})
	}
}
