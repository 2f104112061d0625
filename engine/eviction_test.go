package engine

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	v1 "k8s.io/api/core/v1"
)

// TestGetMinTolerationTime keeps upstream's cases (k/k
// pkg/controller/tainteviction/taint_eviction_test.go @cb6ff2d8,
// TestGetMinTolerationTime; upstream's cases have no names, so each is named by
// its expectation), plus the rules upstream's code implies.
func TestGetMinTolerationTime(t *testing.T) {
	tests := []struct {
		name        string
		tolerations []Toleration
		wantSeconds int64
		wantBy      int
		wantForever bool
	}{
		// Upstream cases.
		{name: "no tolerations: 0", tolerations: []Toleration{}, wantSeconds: 0, wantBy: -1},
		{name: "nil seconds: forever", tolerations: []Toleration{{TolerationSeconds: nil}}, wantBy: -1, wantForever: true},
		{name: "1 and 2: 1 s", tolerations: []Toleration{{TolerationSeconds: new(int64(1))}, {TolerationSeconds: new(int64(2))}}, wantSeconds: 1, wantBy: 0},
		{name: "1 and nil: 1 s", tolerations: []Toleration{{TolerationSeconds: new(int64(1))}, {TolerationSeconds: nil}}, wantSeconds: 1, wantBy: 0},
		{name: "nil and 1: 1 s", tolerations: []Toleration{{TolerationSeconds: nil}, {TolerationSeconds: new(int64(1))}}, wantSeconds: 1, wantBy: 1},
		// What upstream's code implies.
		{name: "the first of equal minimums decides", tolerations: []Toleration{{TolerationSeconds: new(int64(5))}, {TolerationSeconds: new(int64(5))}}, wantSeconds: 5, wantBy: 0},
		{name: "zero means at once, whatever follows", tolerations: []Toleration{{TolerationSeconds: new(int64(300))}, {TolerationSeconds: new(int64(0))}, {TolerationSeconds: new(int64(-5))}}, wantSeconds: 0, wantBy: 1},
		{name: "negative means at once", tolerations: []Toleration{{TolerationSeconds: new(int64(-1))}}, wantSeconds: 0, wantBy: 0},
		{name: "MaxInt64 is upstream's none-yet marker: forever", tolerations: []Toleration{{TolerationSeconds: new(int64(math.MaxInt64))}}, wantBy: -1, wantForever: true},
		{name: "seconds whose nanoseconds wrap negative: forever", tolerations: []Toleration{{TolerationSeconds: new(int64(10_000_000_000))}}, wantBy: 0, wantForever: true},
		{name: "largest seconds that fit a Duration", tolerations: []Toleration{{TolerationSeconds: new(int64(9_223_372_036))}}, wantSeconds: 9_223_372_036, wantBy: 0},
		{name: "seconds whose nanoseconds wrap positive: the wrapped duration", tolerations: []Toleration{{TolerationSeconds: new(int64(20_000_000_000))}}, wantSeconds: 1_553_255_926, wantBy: 0},
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
	foo := Taint{Key: "foo", Effect: TaintEffectNoExecute}
	bar := Taint{Key: "bar", Value: "1", Effect: TaintEffectNoExecute}
	tests := []struct {
		name        string
		taints      []Taint
		tolerations []Toleration
		wantAll     bool
		wantUsed    []int
	}{
		{name: "no taints: all tolerated, nothing used", tolerations: []Toleration{{Operator: TolerationOpExists}}, wantAll: true},
		{name: "taints and no tolerations: not tolerated", taints: []Taint{foo}, wantAll: false},
		{
			name:        "the first matching toleration per taint, in pod order",
			taints:      []Taint{foo, bar},
			tolerations: []Toleration{{Key: "bar", Value: "1"}, {Key: "foo", Operator: TolerationOpExists}, {Operator: TolerationOpExists}},
			wantAll:     true,
			wantUsed:    []int{1, 0},
		},
		{
			name:        "one toleration serves several taints",
			taints:      []Taint{foo, bar},
			tolerations: []Toleration{{Operator: TolerationOpExists, Effect: TaintEffectNoExecute}, {Key: "foo", Operator: TolerationOpExists}},
			wantAll:     true,
			wantUsed:    []int{0, 0},
		},
		{
			name:        "one untolerated taint: nothing used",
			taints:      []Taint{foo, bar},
			tolerations: []Toleration{{Key: "foo", Operator: TolerationOpExists}},
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
	notReady := Taint{Key: "node.kubernetes.io/not-ready", Effect: TaintEffectNoExecute}
	dedicated := Taint{Key: "dedicated", Value: "gpu", Effect: TaintEffectNoSchedule}
	foo := Taint{Key: "foo", Effect: TaintEffectNoExecute}
	tests := []struct {
		name        string
		taints      []Taint
		tolerations []Toleration
		want        Eviction
	}{
		{
			name:   "no NoExecute taint: none",
			taints: []Taint{dedicated},
			want: Eviction{Kind: EvictNone, Toleration: -1, Taint: -1,
				Reason: "The node has no NoExecute taint, so the taint-eviction controller leaves the pod alone."},
		},
		{
			name:   "untolerated NoExecute taint: now, naming the first in node order",
			taints: []Taint{dedicated, foo, notReady},
			tolerations: []Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: TolerationOpExists, Effect: TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
			},
			want: Eviction{Kind: EvictNow, Toleration: -1, Taint: 1,
				Reason: "No toleration tolerates the NoExecute taint foo:NoExecute, so the taint-eviction controller deletes the pod at once."},
		},
		{
			name:   "a NoSchedule toleration does not cover a NoExecute taint",
			taints: []Taint{foo},
			tolerations: []Toleration{
				{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoSchedule},
			},
			want: Eviction{Kind: EvictNow, Toleration: -1, Taint: 0,
				Reason: "No toleration tolerates the NoExecute taint foo:NoExecute, so the taint-eviction controller deletes the pod at once."},
		},
		{
			name:   "tolerated forever: never",
			taints: []Taint{foo},
			tolerations: []Toleration{
				{Key: "foo", Operator: TolerationOpExists},
			},
			want: Eviction{Kind: EvictNever, Toleration: -1, Taint: -1,
				Reason: "The first toleration that matches each NoExecute taint has no tolerationSeconds, so the pod is never evicted."},
		},
		{
			name:   "DefaultTolerationSeconds grace: after 300 s",
			taints: []Taint{dedicated, notReady},
			tolerations: []Toleration{
				{Key: "dedicated", Operator: TolerationOpExists},
				{Key: "node.kubernetes.io/not-ready", Operator: TolerationOpExists, Effect: TaintEffectNoExecute, TolerationSeconds: new(int64(300)), AddedBy: "DefaultTolerationSeconds"},
			},
			want: Eviction{Kind: EvictAfter, Seconds: 300, Toleration: 1, Taint: 1,
				Reason: "The NoExecute taint node.kubernetes.io/not-ready:NoExecute is tolerated by toleration #2 (added by DefaultTolerationSeconds) for 300 s, the shortest grace among the tolerations used, so the pod is deleted 300 s after the controller sees the taint."},
		},
		{
			name:   "zero seconds: now, naming the toleration",
			taints: []Taint{foo},
			tolerations: []Toleration{
				{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoExecute, TolerationSeconds: new(int64(0))},
			},
			want: Eviction{Kind: EvictNow, Toleration: 0, Taint: 0,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 0, which means no grace at all, so the pod is deleted at once."},
		},
		{
			name:   "order matters: a forever toleration first shadows a later 10 s one",
			taints: []Taint{foo},
			tolerations: []Toleration{
				{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoExecute},
				{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
			},
			want: Eviction{Kind: EvictNever, Toleration: -1, Taint: -1,
				Reason: "The first toleration that matches each NoExecute taint has no tolerationSeconds, so the pod is never evicted."},
		},
		{
			name:   "order matters: the 10 s toleration first evicts after 10 s",
			taints: []Taint{foo},
			tolerations: []Toleration{
				{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
				{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoExecute},
			},
			want: Eviction{Kind: EvictAfter, Seconds: 10, Toleration: 0, Taint: 0,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #1 for 10 s, the shortest grace among the tolerations used, so the pod is deleted 10 s after the controller sees the taint."},
		},
		{
			name:   "the minimum over the tolerations used, with the taint it served",
			taints: []Taint{notReady, foo},
			tolerations: []Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: TolerationOpExists, TolerationSeconds: new(int64(300))},
				{Key: "foo", Operator: TolerationOpExists, TolerationSeconds: new(int64(60))},
			},
			want: Eviction{Kind: EvictAfter, Seconds: 60, Toleration: 1, Taint: 1,
				Reason: "The NoExecute taint foo:NoExecute is tolerated by toleration #2 for 60 s, the shortest grace among the tolerations used, so the pod is deleted 60 s after the controller sees the taint."},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := NoExecuteEviction(tc.taints, tc.tolerations, false)
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
				got := NoExecuteEviction(w.Nodes[n].Taints, w.Pods[p].Tolerations, u.gate)
				want := upstreamEvictionKind(u.noExecute[n], u.tolerations[p], u.gate)
				if diff := cmp.Diff(want, Eviction{Kind: got.Kind, Seconds: got.Seconds}); diff != "" {
					t.Fatalf("seed %d pod %d node %d: eviction (-upstream +engine):\n%s", seed, p, n, diff)
				}
				kinds[got.Kind]++
			}
		}
	}
	for _, kind := range []string{EvictNone, EvictNever, EvictNow, EvictAfter} {
		if kinds[kind] == 0 {
			t.Errorf("the generated workspaces never give %q: the oracle does not cover it (%v)", kind, kinds)
		}
	}
}

// upstreamEvictionKind reads the upstream decision as an eviction kind and delay.
func upstreamEvictionKind(noExecute []v1.Taint, tolerations []v1.Toleration, gate bool) Eviction {
	if len(noExecute) == 0 {
		return Eviction{Kind: EvictNone}
	}
	all, used := upstreamGetMatchingTolerations(noExecute, tolerations, gate)
	if !all {
		return Eviction{Kind: EvictNow}
	}
	switch delay := upstreamGetMinTolerationTime(used); {
	case delay < 0:
		return Eviction{Kind: EvictNever}
	case delay == 0:
		return Eviction{Kind: EvictNow}
	default:
		return Eviction{Kind: EvictAfter, Seconds: int64(delay / time.Second)}
	}
}

// TestHugeTolerationSeconds: above 9,223,372,036 s a tolerationSeconds
// overflows the time.Duration the taint-eviction controller turns it into.
// The verdict must be upstream's (the controller's getMinTolerationTime, then
// its worker fires at now + the wrapped delay, at once when that is not
// positive), and both sentences must say what the overflow does rather than
// "has no tolerationSeconds" or the wrapped number alone.
func TestHugeTolerationSeconds(t *testing.T) {
	taint := Taint{Key: "foo", Effect: TaintEffectNoExecute}
	tests := []struct {
		seconds     int64
		wantKind    string
		wantReason  string
		wantExplain string
	}{
		{
			seconds: 9_223_372_036, wantKind: EvictAfter,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 for 9223372036 s, the shortest grace among the tolerations used, so the pod is deleted 9223372036 s after the controller sees the taint.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 9223372036s); a running pod is evicted after 9223372036s",
		},
		{
			seconds: 9_223_372_037, wantKind: EvictNever,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 9223372037, the shortest grace among the tolerations used; 9223372037 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to a negative duration, which it takes as tolerating forever, so the pod is never evicted.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 9223372037s); a running pod is never evicted: 9223372037 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to a negative duration, which the controller takes as tolerating forever",
		},
		{
			seconds: 1_000_000_000_000, wantKind: EvictAfter,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 1000000000000, the shortest grace among the tolerations used; 1000000000000 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 3875820019 s, so the pod is deleted 3875820019 s (about 122 years) after the controller sees the taint.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 1000000000000s); a running pod is evicted after 3875820019s: 1000000000000 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 3875820019 s",
		},
		{
			seconds: 1 << 55, wantKind: EvictNow,
			wantReason:  "The NoExecute taint foo:NoExecute is tolerated by toleration #1 with tolerationSeconds 36028797018963968, the shortest grace among the tolerations used; 36028797018963968 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 0 s, so the pod is deleted at once.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 36028797018963968s); a running pod is evicted at once: 36028797018963968 s is more than a Go time.Duration holds (9223372036 s), so in the taint-eviction controller it overflows and wraps around to 0 s",
		},
		{
			seconds: math.MaxInt64, wantKind: EvictNever,
			wantReason:  "The first toleration that matches each NoExecute taint has no tolerationSeconds, or tolerationSeconds 9223372036854775807 (math.MaxInt64), which the taint-eviction controller takes as no tolerationSeconds, so the pod is never evicted.",
			wantExplain: "tolerated by toleration #1 (foo with any value, NoExecute, for 9223372036854775807s); a running pod is never evicted: tolerationSeconds 9223372036854775807 (math.MaxInt64), which the taint-eviction controller takes as no tolerationSeconds",
		},
	}
	for _, tc := range tests {
		t.Run(strconv.FormatInt(tc.seconds, 10), func(t *testing.T) {
			tolerations := []Toleration{{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoExecute, TolerationSeconds: new(int64(tc.seconds))}}
			got := NoExecuteEviction([]Taint{taint}, tolerations, false)
			upstream := upstreamEvictionKind(
				[]v1.Taint{{Key: taint.Key, Effect: v1.TaintEffectNoExecute}},
				[]v1.Toleration{{Key: "foo", Operator: v1.TolerationOpExists, Effect: v1.TaintEffectNoExecute, TolerationSeconds: new(int64(tc.seconds))}},
				false)
			if diff := cmp.Diff(upstream, Eviction{Kind: got.Kind, Seconds: got.Seconds}); diff != "" {
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
