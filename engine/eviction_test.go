package engine

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	v1 "k8s.io/api/core/v1"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
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
			seconds, by, forever := tainteviction.MinTolerationTime(tc.tolerations, used)
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
			all, used := tainteviction.GetMatchingTolerations(tc.taints, tc.tolerations, false)
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
		want        tainteviction.Eviction
	}{
		{
			name:   "no NoExecute taint: none",
			taints: []core.Taint{dedicated},
			want: tainteviction.Eviction{Kind: tainteviction.EvictNone, Toleration: -1, Taint: -1,
				Reason: "The node has no NoExecute taint, so the taint-eviction controller leaves the pod alone."},
		},
		{
			name:   "untolerated NoExecute taint: now, naming the first in node order",
			taints: []core.Taint{dedicated, foo, notReady},
			tolerations: []core.Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictNow, Toleration: -1, Taint: 1,
				Reason: "No toleration tolerates the NoExecute taint foo:NoExecute, so the taint-eviction controller deletes the pod at once."},
		},
		{
			name:   "a NoSchedule toleration does not cover a NoExecute taint",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictNow, Toleration: -1, Taint: 0,
				Reason: "No toleration tolerates the NoExecute taint foo:NoExecute, so the taint-eviction controller deletes the pod at once."},
		},
		{
			name:   "tolerated forever: never",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictNever, Toleration: -1, Taint: -1,
				Reason: "The first toleration that matches each NoExecute taint has no tolerationSeconds, so the pod is never evicted."},
		},
		{
			name:   "DefaultTolerationSeconds grace: after 300 s",
			taints: []core.Taint{dedicated, notReady},
			tolerations: []core.Toleration{
				{Key: "dedicated", Operator: core.TolerationOpExists},
				{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300)), AddedBy: "DefaultTolerationSeconds"},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictAfter, Seconds: 300, Toleration: 1, Taint: 1,
				Reason: "The NoExecute taint node.kubernetes.io/not-ready:NoExecute is tolerated by toleration #2 (added by DefaultTolerationSeconds) for 300 s, the shortest grace among the tolerations used, so the pod is deleted 300 s after the controller sees the taint."},
		},
		{
			name:   "zero seconds: now, naming the toleration",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(0))},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictNow, Toleration: 0, Taint: 0,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 0, which means no grace at all, so the pod is deleted at once."},
		},
		{
			name:   "order matters: a forever toleration first shadows a later 10 s one",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictNever, Toleration: -1, Taint: -1,
				Reason: "The first toleration that matches each NoExecute taint has no tolerationSeconds, so the pod is never evicted."},
		},
		{
			name:   "order matters: the 10 s toleration first evicts after 10 s",
			taints: []core.Taint{foo},
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictAfter, Seconds: 10, Toleration: 0, Taint: 0,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #1 for 10 s, the shortest grace among the tolerations used, so the pod is deleted 10 s after the controller sees the taint."},
		},
		{
			name:   "the minimum over the tolerations used, with the taint it served",
			taints: []core.Taint{notReady, foo},
			tolerations: []core.Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(300))},
				{Key: "foo", Operator: core.TolerationOpExists, TolerationSeconds: new(int64(60))},
			},
			want: tainteviction.Eviction{Kind: tainteviction.EvictAfter, Seconds: 60, Toleration: 1, Taint: 1,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #2 for 60 s, the shortest grace among the tolerations used, so the pod is deleted 60 s after the controller sees the taint."},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tainteviction.NoExecuteEviction(tc.taints, tc.tolerations, false)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("NoExecuteEviction (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEvictionOracle compares NoExecuteEviction on every pod × node of
// generated workspaces with the controller's decision core written on
// k8s.io/api types (upstreamGetMatchingTolerations, upstreamGetMinTolerationTime).
func TestEvictionOracle(t *testing.T) {
	kinds := map[string]int{}
	for seed := range uint64(20) {
		w := GenerateWorkspace(40, 30, seed)
		w.Options.ComparisonOperators = seed%2 == 0
		u := toUpstreamWorkspace(w)
		for p := range w.Pods {
			for n := range w.Nodes {
				got := tainteviction.NoExecuteEviction(w.Nodes[n].Taints, w.Pods[p].Tolerations, u.gate)
				want := upstreamEvictionKind(u.noExecute[n], u.tolerations[p], u.gate)
				if diff := cmp.Diff(want, tainteviction.Eviction{Kind: got.Kind, Seconds: got.Seconds}); diff != "" {
					t.Fatalf("seed %d pod %d node %d: eviction (-upstream +engine):\n%s", seed, p, n, diff)
				}
				kinds[got.Kind]++
			}
		}
	}
	for _, kind := range []string{tainteviction.EvictNone, tainteviction.EvictNever, tainteviction.EvictNow, tainteviction.EvictAfter} {
		if kinds[kind] == 0 {
			t.Errorf("the generated workspaces never give %q: the oracle does not cover it (%v)", kind, kinds)
		}
	}
}

// upstreamEvictionKind reads the upstream decision as an eviction kind and delay.
func upstreamEvictionKind(noExecute []v1.Taint, tolerations []v1.Toleration, gate bool) tainteviction.Eviction {
	if len(noExecute) == 0 {
		return tainteviction.Eviction{Kind: tainteviction.EvictNone}
	}
	all, used := upstreamGetMatchingTolerations(noExecute, tolerations, gate)
	if !all {
		return tainteviction.Eviction{Kind: tainteviction.EvictNow}
	}
	switch delay := upstreamGetMinTolerationTime(used); {
	case delay < 0:
		return tainteviction.Eviction{Kind: tainteviction.EvictNever}
	case delay == 0:
		return tainteviction.Eviction{Kind: tainteviction.EvictNow}
	default:
		return tainteviction.Eviction{Kind: tainteviction.EvictAfter, Seconds: int64(delay / time.Second)}
	}
}

// TestHugeTolerationSeconds: above 9,223,372,036 s a tolerationSeconds
// overflows the time.Duration the taint-eviction controller turns it into.
// The verdict must be upstream's (the controller's getMinTolerationTime, then
// its worker fires at now + the wrapped delay, at once when that is not
// positive), and both sentences must say what the overflow does rather than
// "has no tolerationSeconds" or the wrapped number alone.
func TestHugeTolerationSeconds(t *testing.T) {
	taint := core.Taint{Key: "foo", Effect: core.TaintEffectNoExecute}
	tests := []struct {
		seconds     int64
		wantKind    string
		wantReason  string
		wantExplain string
	}{
		{
			seconds: 9_223_372_036, wantKind: tainteviction.EvictAfter,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 for 9223372036 s, the shortest grace among the tolerations used, so the pod is deleted 9223372036 s after the controller sees the taint.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 9223372036s); a running pod is evicted after 9223372036s",
		},
		{
			seconds: 9_223_372_037, wantKind: tainteviction.EvictNever,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 9223372037, the shortest grace among the tolerations used; 9223372037 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to a negative duration, which it takes as tolerating forever, so the pod is never evicted.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 9223372037s); a running pod is never evicted: 9223372037 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to a negative duration, which the controller takes as tolerating forever",
		},
		{
			seconds: 1_000_000_000_000, wantKind: tainteviction.EvictAfter,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 1000000000000, the shortest grace among the tolerations used; 1000000000000 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 3875820019 s, so the pod is deleted 3875820019 s (about 122 years) after the controller sees the taint.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 1000000000000s); a running pod is evicted after 3875820019s: 1000000000000 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 3875820019 s",
		},
		{
			seconds: 1 << 55, wantKind: tainteviction.EvictNow,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 36028797018963968, the shortest grace among the tolerations used; 36028797018963968 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 0 s, so the pod is deleted at once.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 36028797018963968s); a running pod is evicted at once: 36028797018963968 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 0 s",
		},
		{
			seconds: math.MaxInt64, wantKind: tainteviction.EvictNever,
			wantReason:  "The first toleration that matches each NoExecute taint has no tolerationSeconds, or tolerationSeconds 9223372036854775807 (math.MaxInt64), which the taint-eviction controller takes as no tolerationSeconds, so the pod is never evicted.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 9223372036854775807s); a running pod is never evicted: tolerationSeconds 9223372036854775807 (math.MaxInt64), which the taint-eviction controller takes as no tolerationSeconds",
		},
	}
	for _, tc := range tests {
		t.Run(strconv.FormatInt(tc.seconds, 10), func(t *testing.T) {
			tolerations := []core.Toleration{{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(tc.seconds))}}
			got := tainteviction.NoExecuteEviction([]core.Taint{taint}, tolerations, false)
			upstream := upstreamEvictionKind(
				[]v1.Taint{{Key: taint.Key, Effect: v1.TaintEffectNoExecute}},
				[]v1.Toleration{{Key: "foo", Operator: v1.TolerationOpExists, Effect: v1.TaintEffectNoExecute, TolerationSeconds: new(int64(tc.seconds))}},
				false)
			if diff := cmp.Diff(upstream, tainteviction.Eviction{Kind: got.Kind, Seconds: got.Seconds}); diff != "" {
				t.Errorf("eviction (-upstream +engine):\n%s", diff)
			}
			if got.Kind != tc.wantKind {
				t.Errorf("kind %s, want %s", got.Kind, tc.wantKind)
			}
			if got.Reason != tc.wantReason {
				t.Errorf("reason:\n got %s\nwant %s", got.Reason, tc.wantReason)
			}
			if explained := ExplainTaint(&taint, tolerations, false).Reason; explained != tc.wantExplain {
				t.Errorf("ExplainTaint:\n got %s\nwant %s", explained, tc.wantExplain)
			}
		})
	}
}
