package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
)

// podWith numbers the tolerations' sources by line (10, 11, ...) so each
// warning shows which toleration it points at.
func podWith(tolerations ...core.Toleration) core.Pod {
	for i := range tolerations {
		tolerations[i].Source = core.Source{Editor: core.EditorPods, Line: 10 + i}
	}
	return core.Pod{Name: "p", Kind: "Pod", Tolerations: tolerations}
}

func warningAt(line int, code, message string) core.Diagnostic {
	return core.Diagnostic{Severity: core.SeverityWarning, Code: code, Message: message, Source: core.Source{Editor: core.EditorPods, Line: line}}
}

func TestWarnings(t *testing.T) {
	taintedNode := core.Node{Name: "n", Taints: []core.Taint{{Key: "foo", Effect: core.TaintEffectNoExecute}, {Key: "gpu", Value: "a100", Effect: core.TaintEffectNoSchedule}}}
	testCases := []struct {
		name  string
		nodes []core.Node
		pods  []core.Pod
		gate  bool
		want  []core.Diagnostic
	}{
		{
			name: "an empty key with Exists and no effect tolerates everything",
			pods: []core.Pod{podWith(core.Toleration{Operator: core.TolerationOpExists})},
			want: []core.Diagnostic{warningAt(10, WarnExistsEverything, "toleration #1 has no key, operator Exists and no effect, "+
				"so it tolerates every taint: the pod may land on any tainted node and is never evicted by a taint, "+
				"not even from a node that is not ready or unreachable")},
		},
		{
			name: "an empty key with Exists and NoSchedule tolerates every NoSchedule taint",
			pods: []core.Pod{podWith(core.Toleration{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule})},
			want: []core.Diagnostic{warningAt(10, WarnExistsEverything, "toleration #1 has no key and operator Exists, so it "+
				"tolerates every NoSchedule taint, whatever its key, including taints that keep pods off nodes that are "+
				"cordoned, under pressure or reserved for other workloads")},
		},
		{
			name: "an empty key with Exists and NoExecute for a while",
			pods: []core.Pod{podWith(core.Toleration{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(30))})},
			want: []core.Diagnostic{warningAt(10, WarnExistsEverything, "toleration #1 has no key and operator Exists, so it "+
				"tolerates every NoExecute taint for 30s, whatever the taint means, including those that should evict the pod sooner")},
		},
		{
			name: "an empty key with Exists and a misspelt effect is left to validation",
			pods: []core.Pod{podWith(core.Toleration{Operator: core.TolerationOpExists, Effect: "NoExcute"})},
		},
		{
			name: "a keyed toleration without an effect also tolerates NoExecute",
			pods: []core.Pod{podWith(core.Toleration{Key: "k", Operator: core.TolerationOpEqual, Value: "v"})},
			want: []core.Diagnostic{warningAt(10, WarnEmptyEffect, `toleration #1 has no effect, so it matches every effect, `+
				`NoExecute included: a running pod is never evicted by a taint with key "k" (set an effect to limit it)`)},
		},
		{
			name:  "a toleration that matches no pasted taint is unused; the one that matches is not",
			nodes: []core.Node{taintedNode},
			pods: []core.Pod{podWith(
				core.Toleration{Key: "gpu", Operator: core.TolerationOpEqual, Value: "h100", Effect: core.TaintEffectNoSchedule},
				core.Toleration{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			)},
			want: []core.Diagnostic{warningAt(10, WarnUnusedToleration, "toleration #1 tolerates none of the taints on these nodes, "+
				"so it changes nothing here (check its key, value and effect against the nodes' taints)")},
		},
		{
			name: "without nodes nothing is called unused",
			pods: []core.Pod{podWith(core.Toleration{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule})},
		},
		{
			name:  "Lt and Gt count as used only with the gate on",
			nodes: []core.Node{{Name: "n", Taints: []core.Taint{{Key: "sla", Value: "999", Effect: core.TaintEffectNoSchedule}}}},
			pods:  []core.Pod{podWith(core.Toleration{Key: "sla", Operator: core.TolerationOpGt, Value: "950", Effect: core.TaintEffectNoSchedule})},
			gate:  true,
		},
		{
			name: "tolerations added by admission are not the author's to fix",
			pods: []core.Pod{{Name: "p", Tolerations: []core.Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute,
					TolerationSeconds: new(int64(300)), AddedBy: "DefaultTolerationSeconds"},
			}}},
			nodes: []core.Node{{Name: "ready"}},
		},
		{
			name: "a later tolerationSeconds is ignored when an earlier toleration tolerates the same taints",
			pods: []core.Pod{podWith(
				core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
				core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
			)},
			want: []core.Diagnostic{warningAt(11, WarnSecondsIgnored, "the tolerationSeconds of toleration #2 never counts: "+
				"toleration #1 comes first and tolerates every taint it does, and the eviction controller reads only the first matching toleration")},
		},
		{
			name: "in the other order the seconds count",
			pods: []core.Pod{podWith(
				core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
				core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
			)},
		},
		{
			name: "a leading wildcard shadows an Equal toleration's seconds",
			pods: []core.Pod{podWith(
				core.Toleration{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
				core.Toleration{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
			)},
			want: []core.Diagnostic{
				warningAt(10, WarnExistsEverything, "toleration #1 has no key and operator Exists, so it tolerates every NoExecute taint: "+
					"the pod is never evicted by a taint, not even from a node that is not ready or unreachable"),
				warningAt(11, WarnSecondsIgnored, "the tolerationSeconds of toleration #2 never counts: "+
					"toleration #1 comes first and tolerates every taint it does, and the eviction controller reads only the first matching toleration"),
			},
		},
		{
			name: "an earlier toleration of other values or effects does not shadow",
			pods: []core.Pod{podWith(
				core.Toleration{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute},
				core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
				core.Toleration{Key: "foo", Operator: core.TolerationOpEqual, Value: "baz", Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
			)},
		},
		{
			name: "tolerationSeconds with another effect is left to validation",
			pods: []core.Pod{podWith(core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule, TolerationSeconds: new(int64(10))})},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := Warnings(tc.nodes, tc.pods, core.Options{ComparisonOperators: tc.gate})
			if diff := cmp.Diff(tc.want, got, englishOnly); diff != "" {
				t.Errorf("Warnings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCoversNoExecuteIsSound checks on the oracle grid that when
// coversNoExecute says a covers b, every NoExecute taint b tolerates a
// tolerates too, so a seconds-ignored warning is never wrong.
func TestCoversNoExecuteIsSound(t *testing.T) {
	var tols []core.Toleration
	for _, tol := range upstream.GridTolerations() {
		if tol.Effect == "" || tol.Effect == core.TaintEffectNoExecute {
			tols = append(tols, tol)
		}
	}
	var taints []core.Taint
	for _, taint := range upstream.GridTaints() {
		if taint.Effect == core.TaintEffectNoExecute {
			taints = append(taints, taint)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	covered := 0
	for range 50000 {
		a, b := tols[rng.IntN(len(tols))], tols[rng.IntN(len(tols))]
		b.Effect = core.TaintEffectNoExecute
		gate := rng.IntN(2) == 0
		if !coversNoExecute(&a, &b, gate) {
			continue
		}
		covered++
		for i := range taints {
			if b.ToleratesTaint(&taints[i], gate) && !a.ToleratesTaint(&taints[i], gate) {
				t.Fatalf("coversNoExecute(%+v, %+v, gate=%v) but only the second tolerates %+v", a, b, gate, taints[i])
			}
		}
	}
	if covered == 0 {
		t.Fatal("no sampled pair was covered: the check tested nothing")
	}
}
