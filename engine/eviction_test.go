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
