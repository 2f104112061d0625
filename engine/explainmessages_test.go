package engine

import (
	"math"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/messagetest"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// TestExplanationsAreMessages runs ExplainTaint on a case for every sentence
// it writes and checks that each reason is its message in English, that the
// message renders in every language with all its arguments, that every ID
// explainmessages.go declares is emitted, and that explain.go builds no
// sentence of its own.
func TestExplanationsAreMessages(t *testing.T) {
	emitted := map[message.ID]bool{}
	check := func(v TaintVerdict) {
		t.Helper()
		for _, m := range append([]NearMiss{{Reason: v.Reason, ReasonMessage: v.ReasonMessage}}, v.NearMisses...) {
			if got := message.InEnglish(m.ReasonMessage); got != m.Reason {
				t.Errorf("%s renders %q, the reason is %q", m.ReasonMessage.ID, got, m.Reason)
			}
			messagetest.CheckRenders(t, m.ReasonMessage)
			emitted[m.ReasonMessage.ID] = true
		}
	}
	for _, tc := range untoleratedCases() {
		check(ExplainTaint(&tc.taint, []core.Toleration{tc.toleration}, tc.gate))
	}
	check(ExplainTaint(&core.Taint{Key: "foo", Effect: core.TaintEffectNoSchedule}, nil, false))
	for _, taint := range []core.Taint{{Key: "foo", Effect: core.TaintEffectNoSchedule}, {Key: "foo", Effect: core.TaintEffectNoExecute}} {
		for _, seconds := range []*int64{nil, new(int64(60)), new(int64(0)), new(int64(math.MaxInt64)),
			new(tainteviction.MaxDurationSeconds + 1), new(wrapsTo(0)), new(wrapsTo(60))} {
			first := core.Toleration{Key: "foo", Operator: core.TolerationOpExists, TolerationSeconds: seconds}
			check(ExplainTaint(&taint, []core.Toleration{first}, false))
			check(ExplainTaint(&taint, []core.Toleration{first, {Operator: core.TolerationOpExists}}, false))
		}
	}
	messagetest.CheckEmitted(t, messagetest.DeclaredIDs(t, "explainmessages.go"), emitted)
	messagetest.CheckNoSentences(t, "explain.go")
}

// wrapsTo is a tolerationSeconds above MaxDurationSeconds that upstream's
// duration in nanoseconds wraps around to seconds (0 ≤ seconds < 100).
func wrapsTo(seconds int64) int64 {
	const firstWrap = 18446744074 // the least seconds whose nanoseconds pass 2⁶⁴
	return firstWrap + seconds
}

type untoleratedCase struct {
	taint      core.Taint
	toleration core.Toleration
	gate       bool
}

// untoleratedCases is a taint and one toleration for each reason a single
// toleration fails to tolerate, one field off or more.
func untoleratedCases() []untoleratedCase {
	bar := core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule}
	five := core.Taint{Key: "foo", Value: "5", Effect: core.TaintEffectNoSchedule}
	equal := func(key, value string, effect core.TaintEffect) core.Toleration {
		return core.Toleration{Key: key, Operator: core.TolerationOpEqual, Value: value, Effect: effect}
	}
	op := func(operator core.TolerationOperator, value string) core.Toleration {
		return core.Toleration{Key: "foo", Operator: operator, Value: value, Effect: core.TaintEffectNoSchedule}
	}
	return []untoleratedCase{
		{bar, equal("foo", "baz", ""), false},
		{bar, equal("foo", "b\u0430r", ""), false},
		{core.Taint{Key: "foo", Effect: core.TaintEffectNoSchedule}, equal("foo", "x", ""), false},
		{bar, equal("foo", "", ""), false},
		{five, op(core.TolerationOpLt, "6"), false},
		{five, op(core.TolerationOpLt, "06"), true},
		{bar, op(core.TolerationOpLt, "6"), true},
		{five, op(core.TolerationOpLt, "5"), true},
		{five, op(core.TolerationOpGt, "5"), true},
		{five, op(core.TolerationOpLt, "4"), true},
		{five, op(core.TolerationOpGt, "6"), true},
		{bar, op("In", "bar"), false},
		{bar, op("equal", "bar"), false},
		{bar, op("Equ\u0430l", "bar"), false},
		{bar, op("Matches", "bar"), false},
		{bar, equal("foo", "bar", core.TaintEffectNoExecute), false},
		{bar, equal("foo", "bar", "noschedule"), false},
		{bar, equal("foo", "bar", "NoSchedul\u0435"), false},
		{bar, equal("foo", "bar", "Bogus"), false},
		{bar, equal("FOO", "bar", ""), false},
		{bar, equal("f\u043eo", "bar", ""), false},
		{bar, equal("fo", "bar", ""), false},
		{bar, equal("foo", "baz", core.TaintEffectNoExecute), false},
		{bar, equal("other", "bar", ""), false},
	}
}

// TestWarningsAreMessages raises every warning Warnings writes and checks
// that each message is the warning's text in English, that it renders in
// every language with all its arguments, that every warning ID is emitted,
// and that warnings.go builds no sentence of its own.
func TestWarningsAreMessages(t *testing.T) {
	nodes := []core.Node{{Name: "n", Taints: []core.Taint{{Key: "foo", Effect: core.TaintEffectNoExecute}}}}
	exists := func(effect core.TaintEffect, seconds *int64) core.Toleration {
		return core.Toleration{Operator: core.TolerationOpExists, Effect: effect, TolerationSeconds: seconds}
	}
	pods := []core.Pod{
		{Tolerations: []core.Toleration{exists("", nil)}},
		{Tolerations: []core.Toleration{exists(core.TaintEffectNoExecute, nil), exists(core.TaintEffectNoExecute, new(int64(60)))}},
		{Tolerations: []core.Toleration{exists(core.TaintEffectNoSchedule, nil)}},
		{Tolerations: []core.Toleration{{Key: "bar", Operator: core.TolerationOpExists}}},
	}
	emitted := map[message.ID]bool{}
	for _, d := range Warnings(nodes, pods, core.Options{}) {
		if got := message.InEnglish(d.MessageMessage); got != d.Message {
			t.Errorf("%s renders %q, the warning is %q", d.MessageMessage.ID, got, d.Message)
		}
		messagetest.CheckRenders(t, d.MessageMessage)
		emitted[d.MessageMessage.ID] = true
	}
	messagetest.CheckEmitted(t, messagetest.DeclaredIDs(t, "warnings.go"), emitted)
	messagetest.CheckNoSentences(t, "warnings.go")
}

// cellNodes and cellPods reach every sentence of cellReason that is a
// message: web fits clean, tolerates tainted and avoids prefer, and is
// blocked on blocked and cordoned; agent is bound to evicting, whose
// NoExecute taint the kubelet does not admit it under; runner runs on clean;
// stubborn runs on blocked, where the scheduler would not place it now; and
// the bound pods do not fit the other nodes (spec.nodeName).
const (
	cellNodes = `
apiVersion: v1
kind: Node
metadata: {name: clean}
---
apiVersion: v1
kind: Node
metadata: {name: tainted}
spec: {taints: [{key: dedicated, value: web, effect: NoSchedule}]}
---
apiVersion: v1
kind: Node
metadata: {name: prefer}
spec: {taints: [{key: spot, effect: PreferNoSchedule}]}
---
apiVersion: v1
kind: Node
metadata: {name: blocked}
spec: {taints: [{key: gpu, effect: NoSchedule}]}
---
apiVersion: v1
kind: Node
metadata: {name: cordoned}
spec: {unschedulable: true}
---
apiVersion: v1
kind: Node
metadata: {name: evicting}
spec: {taints: [{key: maintenance, effect: NoExecute}]}
`
	cellPods = `
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: web, image: nginx}]
  tolerations: [{key: dedicated, operator: Equal, value: web, effect: NoSchedule}]
---
apiVersion: v1
kind: Pod
metadata: {name: agent}
spec:
  nodeName: evicting
  containers: [{name: agent, image: agent}]
---
apiVersion: v1
kind: Pod
metadata: {name: runner}
spec:
  nodeName: clean
  containers: [{name: runner, image: runner}]
---
apiVersion: v1
kind: Pod
metadata: {name: stubborn}
spec:
  nodeName: blocked
  containers: [{name: stubborn, image: stubborn}]
`
)

// TestCellReasonsAreMessages explains every cell of a workspace that reaches
// each of cellReason's messages and checks that the message is the reason
// in English and renders in every language with all its arguments.
func TestCellReasonsAreMessages(t *testing.T) {
	w := Load(cellNodes, cellPods, core.DefaultOptions())
	emitted := map[message.ID]bool{}
	for p := range w.Pods {
		for n := range w.Nodes {
			d, err := w.Explain(p, n)
			if err != nil {
				t.Fatal(err)
			}
			if got := message.InEnglish(d.ReasonMessage); got != d.Reason {
				t.Errorf("%s renders %q, the reason is %q", d.ReasonMessage.ID, got, d.Reason)
			}
			messagetest.CheckRenders(t, d.ReasonMessage)
			emitted[d.ReasonMessage.ID] = true
		}
	}
	messagetest.CheckEmitted(t, messagetest.DeclaredIDs(t, "workspace.go"), emitted)
}
