package core_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	v1 "k8s.io/api/core/v1"
	resourceapi "k8s.io/api/resource/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/dynamic-resource-allocation/resourceclaim"

	"github.com/taint-playground/taint-playground/engine/core"
)

// The Pod cases of TestResourceClaimIsFor in k8s.io/dynamic-resource-allocation
// v0.37.2 resourceclaim/resourceclaim_test.go (Apache-2.0), names verbatim
// (the PodGroup cases are not modelled).
func TestIsForPod(t *testing.T) {
	podOwner := core.ClaimPod{Namespace: "kube-system", Name: "podOwner", UID: "podOwnerUID"}
	podNotOwner := core.ClaimPod{Namespace: "kube-system", Name: "podNotOwner", UID: "podNotOwnerUID"}
	owner := &core.ControllerReference{APIVersion: "v1", Kind: "Pod", Name: "podOwner", UID: "podOwnerUID"}
	claimWithOwner := core.ResourceClaim{Namespace: "kube-system", Name: "claimWithOwner", Controller: owner}
	userClaimWithOwner := core.ResourceClaim{Namespace: "user-namespace", Name: "userClaimWithOwner", Controller: owner}
	claimNoOwner := core.ResourceClaim{Namespace: "kube-system", Name: "claimNoOwner"}
	testCases := []struct {
		name  string
		pod   core.ClaimPod
		claim core.ResourceClaim
		want  bool
	}{
		{name: "owned", pod: podOwner, claim: claimWithOwner, want: true},
		{name: "other-pod", pod: podNotOwner, claim: claimWithOwner},
		{name: "no-owner", pod: podOwner, claim: claimNoOwner},
		{name: "different-namespace", pod: podOwner, claim: userClaimWithOwner},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := core.IsForPod(&tc.pod, &tc.claim); got != tc.want {
				t.Errorf("IsForPod = %v, want %v", got, tc.want)
			}
		})
	}
}

// randomClaimUse draws a pod and a claim from small grids, so that names,
// namespaces and UIDs often coincide.
func randomClaimUse(r *rand.Rand) (core.ClaimPod, core.ResourceClaim) {
	pick := func(options ...string) string { return options[r.IntN(len(options))] }
	optional := func(options ...string) *string {
		if r.IntN(3) == 0 {
			return nil
		}
		s := pick(options...)
		return &s
	}
	pod := core.ClaimPod{Namespace: pick("ns1", "ns2"), Name: "p", UID: pick("u1", "u2", ""), NodeName: "n",
		ExtendedResourceClaimName: pick("", "", "c1")}
	for range r.IntN(4) {
		pc := core.PodResourceClaim{Name: pick("a", "b")}
		switch r.IntN(3) {
		case 0:
			pc.ResourceClaimName = optional("c1", "c2")
		case 1:
			pc.ResourceClaimTemplateName = optional("t")
		}
		pod.ResourceClaims = append(pod.ResourceClaims, pc)
	}
	for range r.IntN(3) {
		pod.ResourceClaimStatuses = append(pod.ResourceClaimStatuses, core.PodResourceClaimStatus{Name: pick("a", "b", "c"), ResourceClaimName: optional("c1", "c2")})
	}
	claim := core.ResourceClaim{Namespace: pick("ns1", "ns2"), Name: pick("c1", "c2")}
	if r.IntN(4) > 0 {
		claim.Controller = &core.ControllerReference{APIVersion: "v1", Kind: "Pod", Name: "p", UID: pick("u1", "u2", "")}
	}
	for range r.IntN(3) {
		claim.ReservedFor = append(claim.ReservedFor, core.ResourceClaimConsumerReference{Resource: "pods", Name: "p", UID: pick("u1", "u2", "")})
	}
	return pod, claim
}

func toV1Pod(p *core.ClaimPod) *v1.Pod {
	pod := &v1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: p.Namespace, Name: p.Name, UID: types.UID(p.UID)}, Spec: v1.PodSpec{NodeName: p.NodeName}}
	for _, c := range p.ResourceClaims {
		pod.Spec.ResourceClaims = append(pod.Spec.ResourceClaims, v1.PodResourceClaim{Name: c.Name, ResourceClaimName: c.ResourceClaimName, ResourceClaimTemplateName: c.ResourceClaimTemplateName})
	}
	for _, s := range p.ResourceClaimStatuses {
		pod.Status.ResourceClaimStatuses = append(pod.Status.ResourceClaimStatuses, v1.PodResourceClaimStatus{Name: s.Name, ResourceClaimName: s.ResourceClaimName})
	}
	if p.ExtendedResourceClaimName != "" {
		pod.Status.ExtendedResourceClaimStatus = &v1.PodExtendedResourceClaimStatus{ResourceClaimName: p.ExtendedResourceClaimName}
	}
	return pod
}

func toV1Claim(c *core.ResourceClaim) *resourceapi.ResourceClaim {
	claim := &resourceapi.ResourceClaim{ObjectMeta: metav1.ObjectMeta{Namespace: c.Namespace, Name: c.Name, UID: types.UID(c.UID)}}
	if c.Controller != nil {
		controller := true
		claim.OwnerReferences = []metav1.OwnerReference{{APIVersion: c.Controller.APIVersion, Kind: c.Controller.Kind,
			Name: c.Controller.Name, UID: types.UID(c.Controller.UID), Controller: &controller}}
	}
	for _, r := range c.ReservedFor {
		claim.Status.ReservedFor = append(claim.Status.ReservedFor, resourceapi.ResourceClaimConsumerReference{
			APIGroup: r.APIGroup, Resource: r.Resource, Name: r.Name, UID: types.UID(r.UID)})
	}
	return claim
}

// TestClaimHelpersAgreeWithUpstream compares PodClaims, IsForPod and
// IsReservedForPod with upstream's exported functions (PodGroups off) on
// 20,000 generated pods and claims.
func TestClaimHelpersAgreeWithUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		pod, claim := randomClaimUse(r)
		v1Pod, v1Claim := toV1Pod(&pod), toV1Claim(&claim)
		var want []core.PodClaimRef
		for name, mustCheckOwner := range resourceclaim.PodClaims(v1Pod) {
			want = append(want, core.PodClaimRef{Claim: name, MustCheckOwner: mustCheckOwner})
		}
		got := core.PodClaims(&pod)
		for i := range got {
			got[i].Field = ""
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("PodClaims(%+v) (-upstream +got):\n%s", pod, diff)
		}
		if want, got := resourceclaim.IsForPod(v1Pod, v1Claim, false) == nil, core.IsForPod(&pod, &claim); got != want {
			t.Fatalf("IsForPod(%+v, %+v) = %v, upstream says %v", pod, claim, got, want)
		}
		if want, got := resourceclaim.IsReservedForPod(v1Pod, v1Claim, false), core.IsReservedForPod(&pod, &claim); got != want {
			t.Fatalf("IsReservedForPod(%+v, %+v) = %v, upstream says %v", pod, claim, got, want)
		}
	}
}

// TestPodClaims of k8s.io/dynamic-resource-allocation v0.37.2
// resourceclaim/pod_test.go (Apache-2.0), with the field each name comes from.
func TestPodClaims(t *testing.T) {
	if got := core.PodClaims(&core.ClaimPod{}); len(got) != 0 {
		t.Errorf("PodClaims(empty pod) = %v, want none", got)
	}
	str := func(s string) *string { return &s }
	pod := core.ClaimPod{
		ResourceClaims: []core.PodResourceClaim{
			{Name: "direct", ResourceClaimName: str("claim-direct")},
			{Name: "template-created", ResourceClaimTemplateName: str("tpl-1")},
			{Name: "template-uncreated", ResourceClaimTemplateName: str("tpl-2")},
			{Name: "template-skipped", ResourceClaimTemplateName: str("tpl-3")},
			{Name: "unsupported"},
		},
		ResourceClaimStatuses: []core.PodResourceClaimStatus{
			{Name: "template-created", ResourceClaimName: str("claim-from-tpl")},
			{Name: "template-skipped"},
		},
		ExtendedResourceClaimName: "pod-extended-resources-abc",
	}
	want := []core.PodClaimRef{
		{Claim: "claim-direct", Field: "spec.resourceClaims[0]"},
		{Claim: "claim-from-tpl", MustCheckOwner: true, Field: "status.resourceClaimStatuses[0]"},
		{Claim: "pod-extended-resources-abc", MustCheckOwner: true, Field: "status.extendedResourceClaimStatus"},
	}
	if diff := cmp.Diff(want, core.PodClaims(&pod)); diff != "" {
		t.Errorf("PodClaims (-want +got):\n%s", diff)
	}
}

// The Pod cases of TestIsReservedForPod in k8s.io/dynamic-resource-allocation
// v0.37.2 resourceclaim/resourceclaim_test.go (Apache-2.0), names verbatim.
func TestIsReservedForPod(t *testing.T) {
	podNotReserved := core.ClaimPod{Namespace: "kube-system", Name: "podNotReserved", UID: "1"}
	podReserved := core.ClaimPod{Namespace: "kube-system", Name: "podReserved", UID: "3"}
	claimNoReservation := core.ResourceClaim{Namespace: "kube-system", Name: "claimNoReservation"}
	claimWithReservation := core.ResourceClaim{Namespace: "kube-system", Name: "claimWithReservation",
		ReservedFor: []core.ResourceClaimConsumerReference{{UID: podReserved.UID}}}
	claimWithMultipleReservations := core.ResourceClaim{Namespace: "kube-system", Name: "claimWithMultipleReservations",
		ReservedFor: []core.ResourceClaimConsumerReference{{UID: podReserved.UID}, {UID: "5"}}}
	testCases := []struct {
		name  string
		pod   core.ClaimPod
		claim core.ResourceClaim
		want  bool
	}{
		{name: "not-reserved", pod: podNotReserved, claim: claimNoReservation},
		{name: "reserved-for-pod", pod: podReserved, claim: claimWithReservation, want: true},
		{name: "reserved-for-other-pod", pod: podNotReserved, claim: claimWithReservation},
		{name: "multiple-reservations-including-pod", pod: podReserved, claim: claimWithMultipleReservations, want: true},
		{name: "multiple-reservations-excluding-pod", pod: podNotReserved, claim: claimWithMultipleReservations},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := core.IsReservedForPod(&tc.pod, &tc.claim); got != tc.want {
				t.Errorf("IsReservedForPod = %v, want %v", got, tc.want)
			}
		})
	}
}
