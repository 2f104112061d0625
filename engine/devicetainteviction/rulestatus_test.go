package devicetainteviction_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
)

// condition is the part of a RuleCondition upstream's inProgress states.
type condition struct {
	Status, Reason, Message string
}

const noEffectSuffix = " if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update."

// The DeviceTaintRule status steps of TestController in k8s.io/kubernetes
// v1.37.2 pkg/controller/devicetainteviction/device_taint_eviction_test.go
// (Apache-2.0), names verbatim with the step after "/": "initial" is the
// first status update, with the pods still there; "final" the one after
// they were evicted (gone, evicted counts them). Left out: the PodGroup case
// and "multiple-claims-different-rules-order-1", whose first update of the
// later rule depends on the order the controller saw the events in.
func TestRuleStatusCases(t *testing.T) {
	testCases := []struct {
		name    string
		rule    *core.DeviceTaintRule
		slices  []core.ResourceSlice
		rules   []core.DeviceTaintRule
		claims  []core.ResourceClaim
		pods    []core.ClaimPod
		evicted int64
		want    condition
	}{
		{name: "rule-status", rule: &ruleEvict, rules: l(ruleEvict), want: condition{"False", "NotStarted", ""}},
		{name: "tainted-claim-through-rule", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim), want: condition{"False", "NotStarted", ""}},
		{name: "evict-pod-rule/initial", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim), pods: l(podWithClaimName),
			want: condition{"True", "PodsPendingEviction", "1 pod needs to be evicted in 1 namespace."}},
		{name: "evict-pod-rule/final", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim), evicted: 1,
			want: condition{"False", "Completed", "1 pod evicted since starting the controller."}},
		{name: "evict-pod-rule-later/initial", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaimWithToleration), pods: l(podWithClaimName),
			want: condition{"True", "PodsPendingEviction", "1 pod needs to be evicted in 1 namespace."}},
		{name: "evict-many-pods-many-namespaces/initial", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim, inUseClaimOtherNamespace),
			pods: l(podWithClaimName, podWithClaimNameOtherNamespace),
			want: condition{"True", "PodsPendingEviction", "2 pods need to be evicted in 2 different namespaces."}},
		{name: "evict-many-pods-many-namespaces/final", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim, inUseClaimOtherNamespace), evicted: 2,
			want: condition{"False", "Completed", "2 pods evicted since starting the controller."}},
		{name: "evict-many-pods-same-namespace/initial", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim, inUseClaimOtherName),
			pods: l(podWithClaimName, podWithClaimNameOtherName),
			want: condition{"True", "PodsPendingEviction", "2 pods need to be evicted in 1 namespace."}},
		{name: "none-pod-rule", rule: &ruleNone, slices: l(slice), rules: l(ruleNone), claims: l(inUseClaim), pods: l(podWithClaimName),
			want: condition{"False", "NoEffect", "3 published devices selected. 1 allocated device selected. 1 pod would be evicted in 1 namespace" + noEffectSuffix}},
		{name: "none-many-pods-many-namespaces", rule: &ruleNone, rules: l(ruleNone), claims: l(inUseClaim, inUseClaimOtherNamespace),
			pods: l(podWithClaimName, podWithClaimNameOtherNamespace),
			want: condition{"False", "NoEffect", "0 published devices selected. 3 allocated devices selected. 2 pods would be evicted in 2 different namespaces" + noEffectSuffix}},
		{name: "none-many-pods-same-namespace", rule: &ruleNone, rules: l(ruleNone), claims: l(inUseClaim, inUseClaimOtherName),
			pods: l(podWithClaimName, podWithClaimNameOtherName),
			want: condition{"False", "NoEffect", "0 published devices selected. 3 allocated devices selected. 2 pods would be evicted in 1 namespace" + noEffectSuffix}},
		{name: "multiple-claims-same-rule/initial", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim, inUseClaimOtherNameShared), pods: l(podWithTwoClaimNames),
			want: condition{"True", "PodsPendingEviction", "1 pod needs to be evicted in 1 namespace."}},
		{name: "multiple-claims-different-rules-order-2/initial", rule: &ruleEvictInstance2Later, rules: l(ruleEvictInstance2Later, ruleEvictInstance1),
			claims: l(inUseClaim, inUseClaimOtherNameShared), pods: l(podWithTwoClaimNames),
			want: condition{"True", "PodsPendingEviction", "1 pod needs to be evicted in 1 namespace."}},
		{name: "evict-pod-many-taints/initial", rule: &ruleEvictOther, slices: l(sliceTaintedTwice, slice2), rules: l(ruleEvict, ruleEvictOther), pods: l(podWithClaimName),
			claims: l(withTolerations(inUseClaim,
				core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Key: taint1.Key, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(60)},
				core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Key: taint2.Key, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(30)})),
			want: condition{"True", "PodsPendingEviction", "1 pod needs to be evicted in 1 namespace."}},
		// Ours: a rule with an effect that does not evict, and a dry run that
		// spares a pod tolerating the taint forever.
		{name: "NoSchedule rule: other effect", rule: &core.DeviceTaintRule{Name: "r", Taint: taintWith(taintKey, "", core.DeviceTaintEffectNoSchedule, at(taintTime))},
			want: condition{"False", "OtherEffect", "Eviction only happens for the NoExecute effect."}},
		{name: "None rule: a pod tolerating forever would stay", rule: &ruleNone, slices: l(slice), rules: l(ruleNone), pods: l(podWithClaimName),
			claims: l(withTolerations(inUseClaim, core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute})),
			want:   condition{"False", "NoEffect", "3 published devices selected. 1 allocated device selected. 0 pods would be evicted in 0 different namespaces" + noEffectSuffix}},
		{name: "a pod being deleted is not pending", rule: &ruleEvict, rules: l(ruleEvict), claims: l(inUseClaim), pods: l(func() core.ClaimPod {
			p := podWithClaimName
			p.Deleting = true
			return p
		}()), want: condition{"False", "NotStarted", ""}},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			c := &devicetainteviction.Cluster{Slices: tc.slices, Rules: tc.rules, Claims: tc.claims}
			got := devicetainteviction.RuleStatus(tc.rule, c, tc.pods, tc.evicted)
			if got.Type != devicetainteviction.ConditionEvictionInProgress {
				t.Errorf("Type = %q", got.Type)
			}
			if diff := cmp.Diff(tc.want, condition{got.Status, got.Reason, got.Message}); diff != "" {
				t.Errorf("condition (-want +got):\n%s", diff)
			}
		})
	}
}
