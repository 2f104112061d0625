package devicetainteviction_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
)

// evicted is an expected eviction: the time and the reasons as reasonNames
// renders them.
type evicted struct {
	when    time.Time
	reasons []string
}

func s(t *core.ResourceSlice, device string, index int) string {
	return "slice " + t.Name + " " + device + " #" + itoa(index)
}

func itoa(i int) string { return string(rune('0' + i)) }

var st, ste, sttw = &sliceTainted, &sliceTaintedExtended, &sliceTaintedTwice

// forT expects an eviction at taintTime for these reasons.
func forT(reasons ...string) *evicted { return &evicted{when: taintTime, reasons: reasons} }

// The cases of TestController in k8s.io/kubernetes v1.37.2
// pkg/controller/devicetainteviction/device_taint_eviction_test.go
// (Apache-2.0), names verbatim. Upstream feeds events to the controller and
// checks its state; the controller's state follows from the objects alone,
// so each case gives the objects after its events (the final state) and
// expects upstream's allocatedClaims evictions (claims) and deletePodAt
// (pods). Left out: the PodGroup cases (DRAWorkloadResourceClaims is not
// modelled), "empty", "populate-pools", "update-pools" (no claims) and
// "cancel-eviction-pod-deletion" (the pod is gone).
var controllerCases = []struct {
	name   string
	slices []core.ResourceSlice
	rules  []core.DeviceTaintRule
	claims []core.ResourceClaim
	pods   []core.ClaimPod
	// claimsWant and podsWant are keyed by namespace/name; absent means
	// no eviction.
	claimsWant map[string]*evicted
	podsWant   map[string]*evicted
}{
	{name: "untainted-claim", slices: l(slice, slice2), claims: l(inUseClaim)},
	{name: "tainted-claim-through-resourceslice", slices: l(sliceTainted, slice2), claims: l(inUseClaim),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0)))},
	{name: "tainted-claim-through-rule", rules: l(ruleEvict), claims: l(inUseClaim),
		claimsWant: m("default/my-pod-my-resource", forT("rule evict"))},
	{name: "evict-pod-resourceclaim", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "evict-pod-rule", rules: l(ruleEvict), claims: l(inUseClaim), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", forT("rule evict")),
		podsWant:   m("default/my-pod", forT("rule evict"))},
	{name: "evict-pod-rule-later", rules: l(ruleEvict), claims: l(inUseClaimWithToleration), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", &evicted{taintTime.Add(tolerationDuration), []string{"rule evict"}}),
		podsWant:   m("default/my-pod", &evicted{taintTime.Add(tolerationDuration), []string{"rule evict"}})},
	{name: "evict-many-pods-many-namespaces", rules: l(ruleEvict), claims: l(inUseClaim, inUseClaimOtherNamespace),
		pods:       l(podWithClaimName, podWithClaimNameOtherNamespace),
		claimsWant: m("default/my-pod-my-resource", forT("rule evict"), "default-other/my-pod-my-resource", forT("rule evict")),
		podsWant:   m("default/my-pod", forT("rule evict"), "default-other/my-pod", forT("rule evict"))},
	{name: "evict-many-pods-same-namespace", rules: l(ruleEvict), claims: l(inUseClaim, inUseClaimOtherName),
		pods:       l(podWithClaimName, podWithClaimNameOtherName),
		claimsWant: m("default/my-pod-my-resource", forT("rule evict"), "default/my-pod-my-resource-other", forT("rule evict")),
		podsWant:   m("default/my-pod", forT("rule evict"), "default/my-pod-other", forT("rule evict"))},
	{name: "none-pod-rule", slices: l(slice), rules: l(ruleNone), claims: l(inUseClaim), pods: l(podWithClaimName)},
	{name: "none-many-pods-many-namespaces", rules: l(ruleNone), claims: l(inUseClaim, inUseClaimOtherNamespace),
		pods: l(podWithClaimName, podWithClaimNameOtherNamespace)},
	{name: "multiple-claims-same-rule", rules: l(ruleEvict), claims: l(inUseClaim, inUseClaimOtherNameShared), pods: l(podWithTwoClaimNames),
		claimsWant: m("default/my-pod-my-resource", forT("rule evict"), "default/my-pod-my-resource-other", forT("rule evict")),
		podsWant:   m("default/my-pod", forT("rule evict"))},
	{name: "multiple-claims-different-rules-order-1", rules: l(ruleEvictInstance1, ruleEvictInstance2Later),
		claims: l(inUseClaim, inUseClaimOtherNameShared), pods: l(podWithTwoClaimNames),
		claimsWant: m("default/my-pod-my-resource", forT("rule evict-instance"),
			"default/my-pod-my-resource-other", &evicted{taintTimeLater, []string{"rule evict-instance-no-execute"}}),
		podsWant: m("default/my-pod", forT("rule evict-instance", "rule evict-instance-no-execute"))},
	{name: "multiple-claims-different-rules-order-2", rules: l(ruleEvictInstance2Later, ruleEvictInstance1),
		claims: l(inUseClaim, inUseClaimOtherNameShared), pods: l(podWithTwoClaimNames),
		claimsWant: m("default/my-pod-my-resource", forT("rule evict-instance"),
			"default/my-pod-my-resource-other", &evicted{taintTimeLater, []string{"rule evict-instance-no-execute"}}),
		podsWant: m("default/my-pod", forT("rule evict-instance", "rule evict-instance-no-execute"))},
	{name: "evict-pod-resourceclaim-again", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "evict-pod-after-scheduling", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "evict-pod-resourceclaim-unrelated-changes", slices: l(sliceTaintedExtended, slice2), claims: l(inUseClaim), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", forT(s(ste, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(ste, "instance", 0)))},
	{name: "evict-pod-resourceclaimtemplate", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "evict-pod-extended-resourceclaim", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithExtendedResourceClaimInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "evict-pod-extended-resourceclaim-status-update", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithExtendedResourceClaimInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "no-evict-extended-resourceclaim-wrong-owner", slices: l(sliceTainted, slice2), claims: l(inUseClaimOld), pods: l(podWithExtendedResourceClaimInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0)))},
	{name: "evict-pod-later", slices: l(sliceTainted, slice2), claims: l(inUseClaimWithToleration), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", &evicted{taintTime.Add(tolerationDuration), []string{s(st, "instance", 0)}}),
		podsWant:   m("default/my-pod", &evicted{taintTime.Add(tolerationDuration), []string{s(st, "instance", 0)}})},
	{name: "evict-pod-later-many", slices: l(sliceTainted, slice2), pods: l(podWithClaimName),
		claims: l(withTolerations(inUseClaim,
			core.DeviceToleration{Key: taintKey + "-other", Operator: core.DeviceTolerationOpEqual, Value: taintValue, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(20)},
			core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(60)},
			core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(30)})),
		claimsWant: m("default/my-pod-my-resource", &evicted{taintTime.Add(30 * time.Second), []string{s(st, "instance", 0)}}),
		podsWant:   m("default/my-pod", &evicted{taintTime.Add(30 * time.Second), []string{s(st, "instance", 0)}})},
	{name: "evict-pod-toleration-mismatch", slices: l(sliceTainted, slice2), pods: l(podWithClaimName),
		claims: l(withTolerations(inUseClaim,
			core.DeviceToleration{Key: taintKey + "-other", Operator: core.DeviceTolerationOpEqual, Value: taintValue, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(60)})),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "no-evict-pod-toleration-forever", slices: l(sliceTainted, slice2), pods: l(podWithClaimName),
		claims: l(withTolerations(inUseClaim, core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute}))},
	{name: "no-evict-pod-toleration-forever-many", slices: l(sliceTainted, slice2), pods: l(podWithClaimName),
		claims: l(withTolerations(inUseClaim,
			core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(60)},
			core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute}))},
	{name: "evict-pod-partial-toleration", slices: l(sliceTaintedTwice, slice2), pods: l(podWithClaimName),
		claims:     l(withTolerations(inUseClaim, core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Key: taint1.Key, Effect: core.DeviceTaintEffectNoExecute})),
		claimsWant: m("default/my-pod-my-resource", forT(s(sttw, "instance", 1))),
		podsWant:   m("default/my-pod", forT(s(sttw, "instance", 1)))},
	{name: "evict-pod-many-taints", slices: l(sliceTaintedTwice, slice2), rules: l(ruleEvict, ruleEvictOther), pods: l(podWithClaimName),
		claims: l(withTolerations(inUseClaim,
			core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Key: taint1.Key, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(60)},
			core.DeviceToleration{Operator: core.DeviceTolerationOpExists, Key: taint2.Key, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(30)})),
		claimsWant: m("default/my-pod-my-resource", &evicted{taintTime.Add(30 * time.Second),
			[]string{"rule evict", "rule evict-other", s(sttw, "instance", 0), s(sttw, "instance", 1)}}),
		podsWant: m("default/my-pod", &evicted{taintTime.Add(30 * time.Second),
			[]string{"rule evict", "rule evict-other", s(sttw, "instance", 0), s(sttw, "instance", 1)}})},
	{name: "no-evict-pod-not-scheduled", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(unscheduledPodWithClaimName),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0)))},
	{name: "no-evict-no-taint", slices: l(simpleSlice), claims: l(inUseClaim), pods: l(podWithClaimName)},
	{name: "no-evict-no-taint-update", slices: l(simpleSlice), claims: l(inUseClaim), pods: l(podWithClaimName)},
	{name: "no-evict-pod-resourceclaimtemplate-no-status", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplate),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0)))},
	{name: "no-evict-pod-resourceclaimtemplate-no-claim", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateNoClaimInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0)))},
	{name: "no-evict-other-device", slices: l(sliceOtherDevices, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus)},
	{name: "no-evict-wrong-pod", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimNameOtherUID),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0)))},
	{name: "evict-wrong-pod-replaced", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimName),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "cancel-eviction-remove-taint", slices: l(slice, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus)},
	{name: "cancel-eviction-reduce-taint", slices: l(sliceTaintedNoSchedule, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus)},
	{name: "ignore-none-effect", slices: l(sliceTaintedNone, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus)},
	{name: "ignore-unknown-effect", slices: l(sliceTaintedUnknown, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus)},
	{name: "eviction-change-taint", slices: l(sliceTaintedValueOther, slice2), claims: l(inUseClaimWithToleration), pods: l(podWithClaimTemplateInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "cancel-eviction-remove-taint-in-new-slice", slices: l(sliceReplaced, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus)},
	{name: "cancel-eviction-remove-slice", slices: l(slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus)},
	{name: "no-evict-wrong-resourceclaim", slices: l(sliceTainted, slice2), claims: l(inUseClaimOld), pods: l(podWithClaimTemplateInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0)))},
	{name: "evict-wrong-resourceclaim-replaced", slices: l(sliceTainted, slice2), claims: l(inUseClaim), pods: l(podWithClaimTemplateInStatus),
		claimsWant: m("default/my-pod-my-resource", forT(s(st, "instance", 0))),
		podsWant:   m("default/my-pod", forT(s(st, "instance", 0)))},
	{name: "no-evict-resourceclaim-deallocated", slices: l(sliceTainted, slice2), claims: l(claim), pods: l(podWithClaimTemplateInStatus)},
	{name: "no-evict-resourceclaim-deleted", slices: l(sliceTainted, slice2), pods: l(podWithClaimTemplateInStatus)},
}

// TestControllerCases runs controllerCases.
func TestControllerCases(t *testing.T) {
	testCases := controllerCases
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			c := &devicetainteviction.Cluster{Slices: tc.slices, Rules: tc.rules, Claims: tc.claims}
			for i := range tc.claims {
				if tc.claims[i].Allocation == nil {
					continue
				}
				key := tc.claims[i].Namespace + "/" + tc.claims[i].Name
				var got *evicted
				if ce := devicetainteviction.ClaimEvictionTime(&tc.claims[i], c); ce != nil {
					got = &evicted{ce.When, reasonNames(ce.Reasons)}
				}
				if diff := cmp.Diff(tc.claimsWant[key], got, cmp.AllowUnexported(evicted{})); diff != "" {
					t.Errorf("claim %s eviction (-want +got):\n%s", key, diff)
				}
			}
			for i := range tc.pods {
				key := tc.pods[i].Namespace + "/" + tc.pods[i].Name
				var got *evicted
				if e := devicetainteviction.PodEviction(&tc.pods[i], c, taintTime); e.At != nil {
					got = &evicted{*e.At, reasonNames(e.Reasons)}
				}
				if diff := cmp.Diff(tc.podsWant[key], got, cmp.AllowUnexported(evicted{})); diff != "" {
					t.Errorf("pod %s eviction (-want +got):\n%s", key, diff)
				}
			}
		})
	}
}

func l[T any](items ...T) []T { return items }

// m builds a map from key, value pairs.
func m(pairs ...any) map[string]*evicted {
	out := map[string]*evicted{}
	for i := 0; i < len(pairs); i += 2 {
		out[pairs[i].(string)] = pairs[i+1].(*evicted)
	}
	return out
}
