package manifest

import "github.com/taint-playground/taint-playground/engine/core"

// podClaims fills pod.Claims when the pod names a ResourceClaim: its
// spec.resourceClaims (in the pod template's spec for a workload), and for
// a Pod its metadata.uid, metadata.deletionTimestamp,
// status.resourceClaimStatuses and status.extendedResourceClaimStatus. A
// pod that names none keeps Claims nil. An entry with a field that cannot
// be read is left out.
func (d *decoder) podClaims(pod *core.Pod, obj, spec yamlField, kind string) {
	claims := core.ClaimPod{Namespace: pod.Namespace, Name: pod.Name, NodeName: pod.NodeName, Source: pod.Source}
	for _, item := range spec.field("resourceClaims").items() {
		if !item.mapping() {
			continue
		}
		name, nameOK := item.field("name").str()
		claim, claimOK := optionalString(item.field("resourceClaimName"))
		template, templateOK := optionalString(item.field("resourceClaimTemplateName"))
		if nameOK && claimOK && templateOK {
			claims.ResourceClaims = append(claims.ResourceClaims, core.PodResourceClaim{Name: name,
				ResourceClaimName: claim, ResourceClaimTemplateName: template})
		}
	}
	if status := obj.field("status"); kind == "Pod" && status.mapping() {
		for _, item := range status.field("resourceClaimStatuses").items() {
			if !item.mapping() {
				continue
			}
			name, nameOK := item.field("name").str()
			claim, claimOK := optionalString(item.field("resourceClaimName"))
			if nameOK && claimOK {
				claims.ResourceClaimStatuses = append(claims.ResourceClaimStatuses, core.PodResourceClaimStatus{Name: name, ResourceClaimName: claim})
			}
		}
		if extended := status.field("extendedResourceClaimStatus"); extended.present() && extended.mapping() {
			claims.ExtendedResourceClaimName, _ = extended.field("resourceClaimName").str()
		}
	}
	if claims.ResourceClaims == nil && claims.ResourceClaimStatuses == nil && claims.ExtendedResourceClaimName == "" {
		return
	}
	if kind == "Pod" {
		meta := obj.field("metadata")
		claims.UID, _ = meta.field("uid").str()
		claims.Deleting = meta.field("deletionTimestamp").present()
	}
	used := claims // claims itself stays on the stack for the pods that use none
	pod.Claims = &used
}
