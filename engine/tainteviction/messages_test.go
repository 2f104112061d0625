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
// plugin, and checks that each reason is its message in English, that the
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
	messagetest.CheckEmitted(t, messagetest.DeclaredIDs(t, "messages.go"), emitted)
	messagetest.CheckNoSentences(t, "eviction.go")
}
