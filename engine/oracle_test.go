package engine

// Differential tests: the engine's matching against upstream k8s.io/api and
// k8s.io/component-helpers, which are imported here only, as oracles.

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/go-logr/logr"
	v1 "k8s.io/api/core/v1"
	corev1helpers "k8s.io/component-helpers/scheduling/corev1"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// checkToleratesTaint compares one toleration and taint with upstream, and
// checks that ExplainTaint agrees with the verdict.
func checkToleratesTaint(t *testing.T, tol *core.Toleration, taint *core.Taint, gate bool) {
	t.Helper()
	upTol, upTaint := upstream.ToV1Toleration(tol), upstream.ToV1Taint(taint)
	want := upTol.ToleratesTaint(logr.Discard(), &upTaint, gate)
	if got := tol.ToleratesTaint(taint, gate); got != want {
		t.Fatalf("ToleratesTaint(%+v, %+v, gate=%v) = %v, upstream %v", *tol, *taint, gate, got, want)
	}
	verdict := ExplainTaint(taint, []core.Toleration{*tol}, gate)
	if verdict.Tolerated != want {
		t.Fatalf("ExplainTaint(%+v, %+v, gate=%v).Tolerated = %v, upstream %v", *taint, *tol, gate, verdict.Tolerated, want)
	}
}

// checkHelpers compares TolerationsTolerateTaint and FindMatchingUntoleratedTaint
// (nil filter and the scheduler's filter) with component-helpers.
func checkHelpers(t *testing.T, tols []core.Toleration, taints []core.Taint, gate bool) {
	t.Helper()
	logger := logr.Discard()
	upTols, upTaints := upstream.ToV1Tolerations(tols), upstream.ToV1Taints(taints)
	for i := range taints {
		want := corev1helpers.TolerationsTolerateTaint(logger, upTols, &upTaints[i], gate)
		if got := core.TolerationsTolerateTaint(tols, &taints[i], gate); got != want {
			t.Fatalf("TolerationsTolerateTaint(%+v, %+v, gate=%v) = %v, upstream %v", tols, taints[i], gate, got, want)
		}
	}
	filters := []struct {
		name     string
		ours     func(*core.Taint) bool
		upstream func(*v1.Taint) bool
	}{
		{"nil", nil, nil},
		{"DoNotSchedule", scheduler.DoNotScheduleTaints, upstream.DoNotScheduleV1},
	}
	for _, f := range filters {
		wantTaint, wantFound := corev1helpers.FindMatchingUntoleratedTaint(logger, upTaints, upTols, f.upstream, gate)
		got := core.FindMatchingUntoleratedTaint(taints, tols, f.ours, gate)
		if (got >= 0) != wantFound || (wantFound && upstream.ToV1Taint(&taints[got]) != wantTaint) {
			t.Fatalf("FindMatchingUntoleratedTaint(%+v, %+v, filter %s, gate=%v) = %d, upstream %+v, %v",
				taints, tols, f.name, gate, got, wantTaint, wantFound)
		}
	}
}

func TestToleratesTaintMatchesUpstreamOnGrid(t *testing.T) {
	tols, taints := upstream.GridTolerations(), upstream.GridTaints()
	for _, gate := range []bool{false, true} {
		for i := range tols {
			for j := range taints {
				checkToleratesTaint(t, &tols[i], &taints[j], gate)
			}
		}
	}
}

func TestHelpersMatchUpstreamOnGrid(t *testing.T) {
	tols, taints := upstream.GridTolerations(), upstream.GridTaints()
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(n int) []int {
		idx := make([]int, rng.IntN(n))
		for i := range idx {
			idx[i] = rng.IntN(1 << 30)
		}
		return idx
	}
	for range 20000 {
		var someTols []core.Toleration
		for _, i := range pick(4) {
			someTols = append(someTols, tols[i%len(tols)])
		}
		var someTaints []core.Taint
		for _, i := range pick(5) {
			someTaints = append(someTaints, taints[i%len(taints)])
		}
		checkHelpers(t, someTols, someTaints, rng.IntN(2) == 0)
	}
}

func FuzzToleratesTaint(f *testing.F) {
	f.Add("k", "Equal", "v", "NoSchedule", "k", "v", "NoSchedule", false)
	f.Add("", "Exists", "", "", "any", "x", "NoExecute", false)
	f.Add("sla", "Gt", "950", "NoSchedule", "sla", "999", "NoSchedule", true)
	f.Add("sla", "Lt", "0950", "", "sla", "800", "NoSchedule", true)
	f.Add("sla", "Gt", "-1", "NoExecute", "sla", "-0", "NoExecute", true)
	f.Add("k", "exists", "", "NoExcute", "k", "", "NoExecute", true)
	f.Fuzz(func(t *testing.T, tolKey, tolOp, tolValue, tolEffect, taintKey, taintValue, taintEffect string, gate bool) {
		tol := core.Toleration{Key: tolKey, Operator: core.TolerationOperator(tolOp), Value: tolValue, Effect: core.TaintEffect(tolEffect)}
		taint := core.Taint{Key: taintKey, Value: taintValue, Effect: core.TaintEffect(taintEffect)}
		checkToleratesTaint(t, &tol, &taint, gate)
	})
}

// decodeMatchingInput turns fuzz bytes into tolerations and taints: the first
// two bytes give their counts, then NUL-separated strings fill key, operator,
// value and effect of each toleration, and key, value and effect of each taint.
func decodeMatchingInput(data []byte) ([]core.Toleration, []core.Taint) {
	if len(data) < 2 {
		return nil, nil
	}
	nTols, nTaints := int(data[0]%5), int(data[1]%6)
	fields := bytes.Split(data[2:], []byte{0})
	next := func() string {
		if len(fields) == 0 {
			return ""
		}
		s := string(fields[0])
		fields = fields[1:]
		return s
	}
	tols := make([]core.Toleration, nTols)
	for i := range tols {
		tols[i] = core.Toleration{Key: next(), Operator: core.TolerationOperator(next()), Value: next(), Effect: core.TaintEffect(next())}
	}
	taints := make([]core.Taint, nTaints)
	for i := range taints {
		taints[i] = core.Taint{Key: next(), Value: next(), Effect: core.TaintEffect(next())}
	}
	return tols, taints
}

func FuzzFindMatchingUntoleratedTaint(f *testing.F) {
	f.Add([]byte("\x01\x02k\x00Exists\x00\x00NoSchedule\x00k\x00\x00NoSchedule\x00other\x00v\x00NoExecute"), false)
	f.Add([]byte("\x02\x02\x00Exists\x00\x00NoExecute\x00k\x00Equal\x00v\x00\x00a\x00\x00PreferNoSchedule\x00k\x00v\x00NoSchedule"), false)
	f.Add([]byte("\x01\x01sla\x00Gt\x00950\x00\x00sla\x00999\x00NoSchedule"), true)
	f.Add([]byte("\x00\x03a\x00\x00NoSchedule\x00b\x00\x00PreferNoSchedule\x00c\x00\x00NoExecute"), true)
	f.Fuzz(func(t *testing.T, data []byte, gate bool) {
		tols, taints := decodeMatchingInput(data)
		checkHelpers(t, tols, taints, gate)
	})
}
