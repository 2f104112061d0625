package core

import "strconv"

// ClaimPod is the part of a Pod that the device taint eviction controller
// reads: who the pod is, where it runs and which ResourceClaims it uses
// (spec.resourceClaims, status.resourceClaimStatuses and
// status.extendedResourceClaimStatus). The decoder builds one for each pod
// that uses a claim (Pod.Claims): node taints read none of it, so a pod
// without claims carries nothing more.
type ClaimPod struct {
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	// UID is what a claim's reservedFor and controller reference name.
	UID string `json:"uid,omitempty"`
	// NodeName is spec.nodeName; an unscheduled pod is never evicted.
	NodeName string `json:"nodeName,omitempty"`
	// ResourceClaims is spec.resourceClaims.
	ResourceClaims []PodResourceClaim `json:"resourceClaims,omitempty"`
	// ResourceClaimStatuses is status.resourceClaimStatuses: the names of the
	// claims generated from templates.
	ResourceClaimStatuses []PodResourceClaimStatus `json:"resourceClaimStatuses,omitempty"`
	// ExtendedResourceClaimName is status.extendedResourceClaimStatus
	// .resourceClaimName: the claim created for the pod's extended resources
	// backed by DRA; empty when there is none.
	ExtendedResourceClaimName string `json:"extendedResourceClaimName,omitempty"`
	// Deleting is whether metadata.deletionTimestamp is set.
	Deleting bool `json:"deleting,omitempty"`

	Source Source `json:"source"`
}

// PodResourceClaim is one entry of spec.resourceClaims: a claim by name, or
// a template from which a claim is generated for the pod.
type PodResourceClaim struct {
	Name                      string  `json:"name"`
	ResourceClaimName         *string `json:"resourceClaimName,omitempty"`
	ResourceClaimTemplateName *string `json:"resourceClaimTemplateName,omitempty"`
}

// PodResourceClaimStatus is one entry of status.resourceClaimStatuses; a nil
// ResourceClaimName means no claim was needed.
type PodResourceClaimStatus struct {
	Name              string  `json:"name"`
	ResourceClaimName *string `json:"resourceClaimName,omitempty"`
}

// PodClaimRef is one claim a pod uses, as PodClaims lists it.
type PodClaimRef struct {
	// Claim is the ResourceClaim's name, in the pod's namespace.
	Claim string `json:"claim"`
	// MustCheckOwner is true for a generated claim, which counts only when the
	// pod is its controller (IsForPod).
	MustCheckOwner bool `json:"mustCheckOwner,omitempty"`
	// Field is where the name comes from: "spec.resourceClaims[i]",
	// "status.resourceClaimStatuses[j]" or "status.extendedResourceClaimStatus".
	Field string `json:"field"`
}

// PodClaims lists the ResourceClaims a pod uses, as upstream
// resourceclaim.PodClaims and resourceclaim.Name do
// (k8s.io/dynamic-resource-allocation/resourceclaim, v0.37.2):
//
//  1. For each spec.resourceClaims entry in order: resourceClaimName names
//     the claim; resourceClaimTemplateName takes the name from the first
//     status.resourceClaimStatuses entry with the same name, and the owner
//     must then be checked. An entry with neither, a template without a
//     status entry (the claim is not created yet) or a status entry without a
//     name (no claim needed) is skipped.
//  2. Then the extended resource claim, if any, owner to be checked.
func PodClaims(pod *ClaimPod) []PodClaimRef {
	var refs []PodClaimRef
	for i := range pod.ResourceClaims {
		pc := &pod.ResourceClaims[i]
		switch {
		case pc.ResourceClaimName != nil:
			refs = append(refs, PodClaimRef{Claim: *pc.ResourceClaimName, Field: "spec.resourceClaims[" + strconv.Itoa(i) + "]"})
		case pc.ResourceClaimTemplateName != nil:
			for j := range pod.ResourceClaimStatuses {
				st := &pod.ResourceClaimStatuses[j]
				if st.Name != pc.Name {
					continue
				}
				if st.ResourceClaimName != nil {
					refs = append(refs, PodClaimRef{Claim: *st.ResourceClaimName, MustCheckOwner: true,
						Field: "status.resourceClaimStatuses[" + strconv.Itoa(j) + "]"})
				}
				break
			}
		}
	}
	if pod.ExtendedResourceClaimName != "" {
		refs = append(refs, PodClaimRef{Claim: pod.ExtendedResourceClaimName, MustCheckOwner: true,
			Field: "status.extendedResourceClaimStatus"})
	}
	return refs
}

// IsForPod reports whether the claim was generated for the pod, as upstream
// resourceclaim.IsForPod does without PodGroups (the DRAWorkloadResourceClaims
// gate, beta and off by default in v1.37, is not modelled):
//
//  1. The claim must be in the pod's namespace.
//  2. Its controller reference must carry the pod's UID.
func IsForPod(pod *ClaimPod, claim *ResourceClaim) bool {
	return claim.Namespace == pod.Namespace && claim.Controller != nil && claim.Controller.UID == pod.UID
}

// IsReservedForPod reports whether the claim's status.reservedFor lists the
// pod, by UID only, as upstream resourceclaim.IsReservedForPod does.
func IsReservedForPod(pod *ClaimPod, claim *ResourceClaim) bool {
	for i := range claim.ReservedFor {
		if claim.ReservedFor[i].UID == pod.UID {
			return true
		}
	}
	return false
}
