package tainteviction

import (
	"math"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/messagetest"
)

// TestReasonsAreMessages runs NoExecuteEviction on a case for every reason it
// gives, with tolerations written in the pod and added by an admission
// plugin, and a timeline with each of its own reasons, and checks that each reason is its message in English, that the
// message renders in every language with all its arguments, that every ID
// messages.go declares is emitted, and that eviction.go builds no sentence.
func TestReasonsAreMessages(t *testing.T) {
	emitted := map[message.ID]bool{}
	check := func(taints []core.Taint, tolerations ...core.Toleration) {
		t.Helper()
		e := NoExecuteEviction(taints, tolerations, false)
		if got := message.InEnglish(e.ReasonMessage); got != e.Reason {
			t.Errorf("%s renders %q, the reason is %q", e.ReasonMessage.ID, got, e.Reason)
		}
		messagetest.CheckRenders(t, e.ReasonMessage)
		emitted[e.ReasonMessage.ID] = true
	}
	noExecute := []core.Taint{{Key: "foo", Effect: core.TaintEffectNoExecute}}
	check([]core.Taint{{Key: "foo", Effect: core.TaintEffectNoSchedule}})
	check(noExecute)
	check(noExecute, core.Toleration{Operator: core.TolerationOpExists})
	const firstWrap = 18446744074 // the least seconds whose nanoseconds pass 2⁶⁴
	for _, seconds := range []int64{math.MaxInt64, 60, 0, MaxDurationSeconds + 1, firstWrap, firstWrap + 60, firstWrap + 40_000_000} {
		for _, addedBy := range []string{"", "DefaultTolerationSeconds"} {
			check(noExecute, core.Toleration{Operator: core.TolerationOpExists, TolerationSeconds: &seconds, AddedBy: addedBy})
		}
	}
	for _, e := range simulateEveryReason().Entries {
		if got := message.InEnglish(e.ReasonMessage); got != e.Reason {
			t.Errorf("%s renders %q, the reason is %q", e.ReasonMessage.ID, got, e.Reason)
		}
		messagetest.CheckRenders(t, e.ReasonMessage)
		emitted[e.ReasonMessage.ID] = true
	}
	messagetest.CheckEmitted(t, messagetest.DeclaredIDs(t, "messages.go"), emitted)
	messagetest.CheckNoSentences(t, "eviction.go")
}

// simulateEveryReason runs a timeline with an entry of each of the
// timeline's own reasons: a countdown that runs out, for a toleration of the
// pod's and one an admission plugin added; one cancelled by the taint's
// removal; one cancelled by a toleration without tolerationSeconds; one kept
// when shorter tolerationSeconds come.
func simulateEveryReason() *Timeline {
	taint := core.Taint{Key: "foo", Effect: core.TaintEffectNoExecute}
	forSeconds := func(seconds int64, addedBy string) []core.Toleration {
		return []core.Toleration{{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &seconds, AddedBy: addedBy}}
	}
	nodes := []core.Node{{Name: "a"}, {Name: "b"}}
	pods := []core.Pod{
		{Name: "ran-out", NodeName: "a", Tolerations: forSeconds(60, "")},
		{Name: "ran-out-added", NodeName: "a", Tolerations: forSeconds(60, "DefaultTolerationSeconds")},
		{Name: "forever", NodeName: "a", Tolerations: forSeconds(600, "")},
		{Name: "kept", NodeName: "a", Tolerations: forSeconds(600, "")},
		{Name: "removed", NodeName: "b", Tolerations: forSeconds(600, "")},
	}
	events := []Event{
		{At: 0, Kind: EventAddTaint, Node: "a", Taint: &taint},
		{At: 0, Kind: EventAddTaint, Node: "b", Taint: &taint},
		{At: 10, Kind: EventSetTolerations, Pod: 2, Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}},
		{At: 10, Kind: EventSetTolerations, Pod: 3, Tolerations: forSeconds(300, "")},
		{At: 20, Kind: EventRemoveTaint, Node: "b", Taint: &taint},
	}
	return Simulate(nodes, pods, false, events, 700)
}
