package clustersnapshot

// managedFields is one metadata.managedFields entry: a field manager and the
// fields it owns, as the API server records them for server-side apply.
func managedFields(manager, operation, subresource string, fields map[string]any) map[string]any {
	entry := map[string]any{"apiVersion": "v1", "fieldsType": "FieldsV1", "fieldsV1": fields,
		"manager": manager, "operation": operation, "time": created}
	if subresource != "" {
		entry["subresource"] = subresource
	}
	return entry
}

// owned marks each field as owned ("f:name": {}), nested where a path has
// more than one step, as fieldsV1 writes a set of fields.
func owned(fields ...string) map[string]any {
	set := map[string]any{}
	for _, field := range fields {
		set[field] = map[string]any{}
	}
	return set
}

// nodeManagedFields are a node's entries: the kubelet's labels and status,
// the node lifecycle controller's taints, kube-controller-manager's podCIDR.
var nodeManagedFields = []any{
	managedFields("kubelet", "Update", "", map[string]any{
		"f:metadata": map[string]any{"f:annotations": owned(".", "f:node.alpha.kubernetes.io/ttl", "f:volumes.kubernetes.io/controller-managed-attach-detach"),
			"f:labels": owned(".", "f:beta.kubernetes.io/arch", "f:beta.kubernetes.io/instance-type", "f:beta.kubernetes.io/os",
				"f:failure-domain.beta.kubernetes.io/region", "f:failure-domain.beta.kubernetes.io/zone", "f:kubernetes.io/arch",
				"f:kubernetes.io/hostname", "f:kubernetes.io/os", "f:node.kubernetes.io/instance-type",
				"f:topology.kubernetes.io/region", "f:topology.kubernetes.io/zone")},
		"f:spec": owned("f:providerID"),
	}),
	managedFields("kube-controller-manager", "Update", "", map[string]any{
		"f:spec": owned("f:podCIDR", "f:podCIDRs", "f:taints")}),
	managedFields("kubelet", "Update", "status", map[string]any{
		"f:status": map[string]any{"f:allocatable": owned("f:cpu", "f:ephemeral-storage", "f:memory", "f:pods"),
			"f:capacity": owned("f:cpu", "f:ephemeral-storage", "f:memory", "f:pods"),
			"f:conditions": map[string]any{
				`k:{"type":"DiskPressure"}`:   owned("f:lastHeartbeatTime", "f:lastTransitionTime", "f:message", "f:reason", "f:status"),
				`k:{"type":"MemoryPressure"}`: owned("f:lastHeartbeatTime", "f:lastTransitionTime", "f:message", "f:reason", "f:status"),
				`k:{"type":"PIDPressure"}`:    owned("f:lastHeartbeatTime", "f:lastTransitionTime", "f:message", "f:reason", "f:status"),
				`k:{"type":"Ready"}`:          owned("f:lastHeartbeatTime", "f:lastTransitionTime", "f:message", "f:reason", "f:status"),
			},
			"f:images": map[string]any{}, "f:nodeInfo": owned("f:bootID", "f:containerRuntimeVersion", "f:kernelVersion", "f:kubeletVersion", "f:osImage"),
		},
	}),
}

// podSpecFields are the spec fields a controller writes when it creates a
// pod from its template.
var podSpecFields = map[string]any{
	"f:containers": map[string]any{`k:{"name":"app"}`: owned(".", "f:image", "f:imagePullPolicy", "f:name", "f:ports",
		"f:resources", "f:terminationMessagePath", "f:terminationMessagePolicy")},
	"f:dnsPolicy": map[string]any{}, "f:enableServiceLinks": map[string]any{}, "f:restartPolicy": map[string]any{},
	"f:schedulerName": map[string]any{}, "f:securityContext": map[string]any{}, "f:terminationGracePeriodSeconds": map[string]any{},
	"f:tolerations": map[string]any{}, "f:nodeSelector": map[string]any{}, "f:affinity": owned(".", "f:nodeAffinity"),
}

// podManagedFields are a pod's entries: its controller's, and the kubelet's
// status once it runs.
func podManagedFields(controllerKind string, running bool) []any {
	manager := "kube-controller-manager"
	entries := []any{managedFields(manager, "Update", "", map[string]any{
		"f:metadata": map[string]any{"f:generateName": map[string]any{}, "f:labels": owned(".", "f:app.kubernetes.io/name"),
			"f:ownerReferences": owned(".", `k:{"uid":"`+controllerKind+`"}`)},
		"f:spec": podSpecFields,
	})}
	if running {
		entries = append(entries, podStatusFields)
	}
	return entries
}

// podStatusFields is the kubelet's entry on a running pod.
var podStatusFields = managedFields("kubelet", "Update", "status", map[string]any{
	"f:status": map[string]any{
		"f:conditions": map[string]any{
			`k:{"type":"ContainersReady"}`: owned(".", "f:lastProbeTime", "f:lastTransitionTime", "f:status", "f:type"),
			`k:{"type":"Initialized"}`:     owned(".", "f:lastProbeTime", "f:lastTransitionTime", "f:status", "f:type"),
			`k:{"type":"Ready"}`:           owned(".", "f:lastProbeTime", "f:lastTransitionTime", "f:status", "f:type"),
		},
		"f:containerStatuses": map[string]any{}, "f:hostIP": map[string]any{}, "f:hostIPs": map[string]any{},
		"f:phase": map[string]any{}, "f:podIP": map[string]any{}, "f:podIPs": owned(".", `k:{"ip":"100.64.0.1"}`),
		"f:startTime": map[string]any{},
	},
})
