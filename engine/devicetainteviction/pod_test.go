package devicetainteviction_test

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// verdict is the part of an Eviction a case states.
type verdict struct {
	Kind      string
	Seconds   int64
	Decisive  string // reasonNames of the decisive reason, "" if none
	Tolerated []string
	Skipped   []string
}

func verdictOf(e devicetainteviction.Eviction) verdict {
	v := verdict{Kind: e.Kind, Seconds: e.Seconds, Tolerated: reasonNames(e.Tolerated)}
	if e.Decisive >= 0 {
		v.Decisive = reasonNames(e.Reasons[e.Decisive : e.Decisive+1])[0]
	}
	for _, c := range e.Claims {
		v.Skipped = append(v.Skipped, c.Skipped)
	}
	return v
}

// TestPodEvictionVerdicts checks the verdict kinds and their reasons as data,
// on the upstream fixtures, at several times after the taint was added.
func TestPodEvictionVerdicts(t *testing.T) {
	sliceT := "slice " + sliceName + " instance #0"
	noExecute := func(seconds *int64) core.DeviceToleration {
		return core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: seconds}
	}
	testCases := []struct {
		name   string
		slices []core.ResourceSlice
		rules  []core.DeviceTaintRule
		claims []core.ResourceClaim
		pod    core.ClaimPod
		now    time.Time
		want   verdict
	}{
		{name: "an unscheduled pod stays", slices: l(sliceTainted), claims: l(inUseClaim), pod: unscheduledPodWithClaimName,
			now: taintTime, want: verdict{Kind: tainteviction.EvictNone}},
		{name: "no NoExecute taint: none", slices: l(slice), claims: l(inUseClaim), pod: podWithClaimName,
			now: taintTime, want: verdict{Kind: tainteviction.EvictNone, Skipped: []string{""}}},
		{name: "untolerated taint added earlier: now", slices: l(sliceTainted), claims: l(inUseClaim), pod: podWithClaimName,
			now: taintTime.Add(time.Hour), want: verdict{Kind: tainteviction.EvictNow, Decisive: sliceT, Skipped: []string{""}}},
		{name: "tolerated for an hour, 10 minutes in: after 50 minutes", slices: l(sliceTainted), claims: l(inUseClaimWithToleration), pod: podWithClaimName,
			now: taintTime.Add(10 * time.Minute), want: verdict{Kind: tainteviction.EvictAfter, Seconds: 3000, Decisive: sliceT, Skipped: []string{""}}},
		{name: "deadline exactly now: now", slices: l(sliceTainted), claims: l(inUseClaimWithToleration), pod: podWithClaimName,
			now: taintTime.Add(tolerationDuration), want: verdict{Kind: tainteviction.EvictNow, Decisive: sliceT, Skipped: []string{""}}},
		{name: "a part of a second left rounds up", slices: l(sliceTainted), claims: l(inUseClaimWithToleration), pod: podWithClaimName,
			now: taintTime.Add(tolerationDuration - time.Millisecond), want: verdict{Kind: tainteviction.EvictAfter, Seconds: 1, Decisive: sliceT, Skipped: []string{""}}},
		{name: "tolerated forever: never, the toleration named", slices: l(sliceTainted), pod: podWithClaimName,
			claims: l(withTolerations(inUseClaim, noExecute(secs(5)), noExecute(nil))),
			now:    taintTime, want: verdict{Kind: tainteviction.EvictNever, Tolerated: []string{sliceT}, Skipped: []string{""}}},
		{name: "an empty-effect toleration does not protect", slices: l(sliceTainted), pod: podWithClaimName,
			claims: l(withTolerations(inUseClaim, core.DeviceToleration{Operator: core.DeviceTolerationOpExists})),
			now:    taintTime, want: verdict{Kind: tainteviction.EvictNow, Decisive: sliceT, Skipped: []string{""}}},
		{name: "negative seconds are 0", slices: l(sliceTainted), pod: podWithClaimName,
			claims: l(withTolerations(inUseClaim, noExecute(secs(-30)), noExecute(secs(60)))),
			now:    taintTime.Add(-time.Minute), want: verdict{Kind: tainteviction.EvictAfter, Seconds: 60, Decisive: sliceT, Skipped: []string{""}}},
		{name: "the smallest seconds win, not the first", slices: l(sliceTainted), pod: podWithClaimName,
			claims: l(withTolerations(inUseClaim, noExecute(secs(600)), noExecute(secs(60)))),
			now:    taintTime, want: verdict{Kind: tainteviction.EvictAfter, Seconds: 60, Decisive: sliceT, Skipped: []string{""}}},
		{name: "seconds past a time.Duration wrap around as upstream's", slices: l(sliceTainted), pod: podWithClaimName,
			claims: l(withTolerations(inUseClaim, noExecute(secs(math.MaxInt64/int64(time.Second)+1)))),
			now:    taintTime, want: verdict{Kind: tainteviction.EvictNow, Decisive: sliceT, Skipped: []string{""}}},
		{name: "a None rule never evicts", rules: l(ruleNone), claims: l(inUseClaim), pod: podWithClaimName,
			now: taintTime, want: verdict{Kind: tainteviction.EvictNone, Skipped: []string{""}}},
		{name: "a NoSchedule rule never evicts", claims: l(inUseClaim), pod: podWithClaimName,
			rules: l(rule("r", &core.DeviceTaintSelector{}, taintWith(taintKey, "", core.DeviceTaintEffectNoSchedule, at(taintTime)))),
			now:   taintTime, want: verdict{Kind: tainteviction.EvictNone, Skipped: []string{""}}},
		{name: "a rule without selector never evicts", claims: l(inUseClaim), pod: podWithClaimName,
			rules: l(rule("r", nil, taint)), now: taintTime, want: verdict{Kind: tainteviction.EvictNone, Skipped: []string{""}}},
		{name: "the earliest deadline over claims decides", rules: l(ruleEvictInstance2Later, ruleEvictInstance1),
			claims: l(withTolerations(inUseClaim, noExecute(secs(120))), inUseClaimOtherNameShared), pod: podWithTwoClaimNames,
			now: taintTime, want: verdict{Kind: tainteviction.EvictAfter, Seconds: 40, Decisive: "rule evict-instance-no-execute", Skipped: []string{"", ""}}},
		{name: "an older generation of the pool is ignored", slices: l(sliceTainted, sliceReplaced), claims: l(inUseClaim), pod: podWithClaimName,
			now: taintTime, want: verdict{Kind: tainteviction.EvictNone, Skipped: []string{""}}},
		{name: "skipped claims say why", slices: l(sliceTainted), pod: func() core.ClaimPod {
			p := podWithClaimTemplateInStatus
			p.ResourceClaims = append(p.ResourceClaims, byName("missing"), byName("unallocated"), byName(claimName+"-other"))
			return p
		}(), claims: l(inUseClaimOld, core.ResourceClaim{Namespace: namespace, Name: "unallocated"}, inUseClaimOtherName),
			now: taintTime, want: verdict{Kind: tainteviction.EvictNone,
				Skipped: []string{devicetainteviction.SkipNotOwner, devicetainteviction.SkipNotFound, devicetainteviction.SkipNotAllocated, devicetainteviction.SkipNotReserved}}},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			c := &devicetainteviction.Cluster{Slices: tc.slices, Rules: tc.rules, Claims: tc.claims}
			got := verdictOf(devicetainteviction.PodEviction(&tc.pod, c, tc.now))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("verdict (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReasonData checks what a reason tells about where its deadline comes
// from: the claim, the device, the toleration and the seconds.
func TestReasonData(t *testing.T) {
	c := &devicetainteviction.Cluster{Slices: l(sliceTainted), Claims: l(withTolerations(inUseClaim,
		core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(90)},
		core.DeviceToleration{Key: taintKey, Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(30)}))}
	e := devicetainteviction.PodEviction(&podWithClaimName, c, taintTime)
	want := devicetainteviction.Reason{
		TrackedDeviceTaint: core.TrackedDeviceTaint{Taint: &c.Slices[0].Devices[0].Taints[0], Slice: sliceName, TaintIndex: 0},
		Claim:              "default/my-pod-my-resource", Result: 0, Request: "req-1", Driver: driver, Pool: nodeName, Device: "instance",
		Toleration: 1, Seconds: 30, Deadline: at(taintTime.Add(30 * time.Second)),
	}
	if len(e.Reasons) != 1 {
		t.Fatalf("reasons = %+v, want one", e.Reasons)
	}
	if diff := cmp.Diff(want, e.Reasons[0]); diff != "" {
		t.Errorf("reason (-want +got):\n%s", diff)
	}
}

// TestPodEvictionReasonSentence pins the sentence beside the data.
func TestPodEvictionReasonSentence(t *testing.T) {
	testCases := []struct {
		name   string
		slices []core.ResourceSlice
		rules  []core.DeviceTaintRule
		claims []core.ResourceClaim
		pod    core.ClaimPod
		now    time.Time
		want   string
	}{
		{name: "untolerated, from a slice", slices: l(sliceTainted), claims: l(inUseClaim), pod: podWithClaimName, now: taintTime,
			want: "The NoExecute taint example.com/taint=something:NoExecute (from ResourceSlice worker-some-driver) on device some-driver/worker/instance of claim default/my-pod-my-resource is not tolerated by any NoExecute toleration of its allocation result, so its deadline was 2000-01-01T00:00:00Z and the controller deletes the pod at once."},
		{name: "tolerated for a while, from a rule", rules: l(ruleEvict), claims: l(inUseClaimWithToleration), pod: podWithClaimName, now: taintTime.Add(time.Minute),
			want: "The NoExecute taint example.com/taint=something:NoExecute (from DeviceTaintRule evict) on device some-driver/worker/instance of claim default/my-pod-my-resource is tolerated for 3600 s by toleration #1 of its allocation result (request req-1), so the controller deletes the pod at 2000-01-01T01:00:00Z, in 3540 s, unless the taints or tolerations change before."},
		{name: "not scheduled", claims: l(inUseClaim), pod: unscheduledPodWithClaimName, now: taintTime,
			want: "The pod has no spec.nodeName, so the device taint eviction controller leaves it alone."},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			c := &devicetainteviction.Cluster{Slices: tc.slices, Rules: tc.rules, Claims: tc.claims}
			if got := devicetainteviction.PodEviction(&tc.pod, c, tc.now).Reason; got != tc.want {
				t.Errorf("Reason =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestTaintWithoutTimeAdded: upstream computes no deadline from a taint
// without timeAdded (the apiserver never lets one through: the decoder must
// apply core.SetDefaultsDeviceTaint), and neither do we; as upstream, a claim
// without a deadline gives the pod no reasons.
func TestTaintWithoutTimeAdded(t *testing.T) {
	noTime := makeSlice(sliceName, nodeName, 0, devices(func(ds []core.Device) {
		ds[0].Taints = []core.DeviceTaint{taintWith(taintKey, "", core.DeviceTaintEffectNoExecute, nil)}
	}))
	c := &devicetainteviction.Cluster{Slices: l(noTime), Claims: l(inUseClaim)}
	e := devicetainteviction.PodEviction(&podWithClaimName, c, taintTime)
	if e.Kind != tainteviction.EvictNone || e.At != nil || len(e.Reasons) != 0 {
		t.Errorf("PodEviction = %+v, want none", e)
	}
	if ce := devicetainteviction.ClaimEvictionTime(&c.Claims[0], c); ce != nil {
		t.Errorf("ClaimEvictionTime = %+v, want nil", ce)
	}
}
