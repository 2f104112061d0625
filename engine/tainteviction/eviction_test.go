package tainteviction

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestGetMinTolerationTime keeps upstream's cases (k/k
// pkg/controller/tainteviction/taint_eviction_test.go @cb6ff2d8,
// TestGetMinTolerationTime; upstream's cases have no names, so each is named by
// its expectation), plus the rules upstream's code implies.
func TestGetMinTolerationTime(t *testing.T) {
	tests := []struct {
		name        string
		tolerations []core.Toleration
		wantSeconds int64
		wantBy      int
		wantForever bool
	}{
		// Upstream cases.
		{name: "no tolerations: 0", tolerations: []core.Toleration{}, wantSeconds: 0, wantBy: -1},
		{name: "nil seconds: forever", tolerations: []core.Toleration{{TolerationSeconds: nil}}, wantBy: -1, wantForever: true},
		{name: "1 and 2: 1 s", tolerations: []core.Toleration{{TolerationSeconds: new(int64(1))}, {TolerationSeconds: new(int64(2))}}, wantSeconds: 1, wantBy: 0},
		{name: "1 and nil: 1 s", tolerations: []core.Toleration{{TolerationSeconds: new(int64(1))}, {TolerationSeconds: nil}}, wantSeconds: 1, wantBy: 0},
		{name: "nil and 1: 1 s", tolerations: []core.Toleration{{TolerationSeconds: nil}, {TolerationSeconds: new(int64(1))}}, wantSeconds: 1, wantBy: 1},
		// What upstream's code implies.
		{name: "the first of equal minimums decides", tolerations: []core.Toleration{{TolerationSeconds: new(int64(5))}, {TolerationSeconds: new(int64(5))}}, wantSeconds: 5, wantBy: 0},
		{name: "zero means at once, whatever follows", tolerations: []core.Toleration{{TolerationSeconds: new(int64(300))}, {TolerationSeconds: new(int64(0))}, {TolerationSeconds: new(int64(-5))}}, wantSeconds: 0, wantBy: 1},
		{name: "negative means at once", tolerations: []core.Toleration{{TolerationSeconds: new(int64(-1))}}, wantSeconds: 0, wantBy: 0},
		{name: "MaxInt64 is upstream's none-yet marker: forever", tolerations: []core.Toleration{{TolerationSeconds: new(int64(math.MaxInt64))}}, wantBy: -1, wantForever: true},
		{name: "seconds whose nanoseconds wrap negative: forever", tolerations: []core.Toleration{{TolerationSeconds: new(int64(10_000_000_000))}}, wantBy: 0, wantForever: true},
		{name: "largest seconds that fit a Duration", tolerations: []core.Toleration{{TolerationSeconds: new(int64(9_223_372_036))}}, wantSeconds: 9_223_372_036, wantBy: 0},
		{name: "seconds whose nanoseconds wrap positive: the wrapped duration", tolerations: []core.Toleration{{TolerationSeconds: new(int64(20_000_000_000))}}, wantSeconds: 1_553_255_926, wantBy: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			used := make([]int, len(tc.tolerations))
			for i := range used {
				used[i] = i
			}
			seconds, by, forever := MinTolerationTime(tc.tolerations, used)
			got := []any{seconds, by, forever}
			want := []any{tc.wantSeconds, tc.wantBy, tc.wantForever}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("MinTolerationTime (seconds, by, forever) (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGetMatchingTolerations(t *testing.T) {
	foo := core.Taint{Key: "foo", Effect: core.TaintEffectNoExecute}
	bar := core.Taint{Key: "bar", Value: "1", Effect: core.TaintEffectNoExecute}
	tests := []struct {
		name        string
		taints      []core.Taint
		tolerations []core.Toleration
		wantAll     bool
		wantUsed    []int
	}{
		{name: "no taints: all tolerated, nothing used", tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}, wantAll: true},
		{name: "taints and no tolerations: not tolerated", taints: []core.Taint{foo}, wantAll: false},
		{
			name:        "the first matching toleration per taint, in pod order",
			taints:      []core.Taint{foo, bar},
			tolerations: []core.Toleration{{Key: "bar", Value: "1"}, {Key: "foo", Operator: core.TolerationOpExists}, {Operator: core.TolerationOpExists}},
			wantAll:     true,
			wantUsed:    []int{1, 0},
		},
		{
			name:        "one toleration serves several taints",
			taints:      []core.Taint{foo, bar},
			tolerations: []core.Toleration{{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}, {Key: "foo", Operator: core.TolerationOpExists}},
			wantAll:     true,
			wantUsed:    []int{0, 0},
		},
		{
			name:        "one untolerated taint: nothing used",
			taints:      []core.Taint{foo, bar},
			tolerations: []core.Toleration{{Key: "foo", Operator: core.TolerationOpExists}},
			wantAll:     false,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			all, used := GetMatchingTolerations(tc.taints, tc.tolerations, false)
			if diff := cmp.Diff([]any{tc.wantAll, tc.wantUsed}, []any{all, used}); diff != "" {
				t.Errorf("GetMatchingTolerations (all, used) (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNoExecuteEviction(t *testing.T) {
	notReady := core.Taint{Key: "node.kubernetes.io/not-ready", Effect: core.TaintEffectNoExecute}
	dedicated := core.Taint{Key: "dedicated", Value: "gpu", Effect: core.TaintEffectNoSchedule}
	foo := core.Taint{Key: "foo", Effect: core.TaintEffectNoExecute}
	tests := []struct {
		name        string
		taints      []core.Taint
		tolerations []core.Toleration
		want        Eviction
	}{
		{
			name:   "no NoExecute taint: none",
			taints: []core.Taint{dedicated},
			want: Eviction{Kind: EvictNone, Toleration: -1, Taint: -1,
				Reason: "The node has no NoExecute taint, so the taint-eviction controller leaves the pod alone."},
		},
		{
			name:   "untolerated NoExecute taint: now, naming the first in node order",
			taints: []core.Taint{dedicated, foo, notReady},
			tolerations: []core.Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
			},
			want: Eviction{Kind: EvictNow, Toleration: -1, Taint: 1,
				Reason: "No toleration tolerates the NoExecute taint foo:NoExecute, so the taint-eviction controller deletes the pod at once."},
		},
		{
			name:   "a NoSchedule toleration does not cover a NoExecute taint",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			},
			want: Eviction{Kind: EvictNow, Toleration: -1, Taint: 0,
				Reason: "No toleration tolerates the NoExecute taint foo:NoExecute, so the taint-eviction controller deletes the pod at once."},
		},
		{
			name:   "tolerated forever: never",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists},
			},
			want: Eviction{Kind: EvictNever, Toleration: -1, Taint: -1,
				Reason: "The first toleration that matches each NoExecute taint has no tolerationSeconds, so the pod is never evicted."},
		},
		{
			name:   "DefaultTolerationSeconds grace: after 300 s",
			taints: []core.Taint{dedicated, notReady},
			tolerations: []core.Toleration{
				{Key: "dedicated", Operator: core.TolerationOpExists},
				{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300)), AddedBy: "DefaultTolerationSeconds"},
			},
			want: Eviction{Kind: EvictAfter, Seconds: 300, Toleration: 1, Taint: 1,
				Reason: "The NoExecute taint node.kubernetes.io/not-ready:NoExecute is tolerated by toleration #2 (added by DefaultTolerationSeconds) for 300 s, the shortest grace among the tolerations used, so the pod is deleted 300 s after the controller sees the taint."},
		},
		{
			name:   "zero seconds: now, naming the toleration",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(0))},
			},
			want: Eviction{Kind: EvictNow, Toleration: 0, Taint: 0,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 0, which means no grace at all, so the pod is deleted at once."},
		},
		{
			name:   "order matters: a forever toleration first shadows a later 10 s one",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
			},
			want: Eviction{Kind: EvictNever, Toleration: -1, Taint: -1,
				Reason: "The first toleration that matches each NoExecute taint has no tolerationSeconds, so the pod is never evicted."},
		},
		{
			name:   "order matters: the 10 s toleration first evicts after 10 s",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
			},
			want: Eviction{Kind: EvictAfter, Seconds: 10, Toleration: 0, Taint: 0,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #1 for 10 s, the shortest grace among the tolerations used, so the pod is deleted 10 s after the controller sees the taint."},
		},
		{
			name:   "the minimum over the tolerations used, with the taint it served",
			taints: []core.Taint{notReady, foo},
			tolerations: []core.Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(300))},
				{Key: "foo", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(60))},
			},
			want: Eviction{Kind: EvictAfter, Seconds: 60, Toleration: 1, Taint: 1,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #2 for 60 s, the shortest grace among the tolerations used, so the pod is deleted 60 s after the controller sees the taint."},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := NoExecuteEviction(tc.taints, tc.tolerations, false)
			// The reason is compared as English text; TestReasonsAreMessages checks the messages.
			if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(Eviction{}, "ReasonMessage")); diff != "" {
				t.Errorf("NoExecuteEviction (-want +got):\n%s", diff)
			}
		})
	}
}
