package core

// Pod is the part of a core/v1 Pod (or of a workload's pod template) that
// taints, tolerations, admission and placement read.
type Pod struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
	// Kind is the object the pod came from: "Pod", or the workload kind
	// ("Deployment", "DaemonSet", ...) whose pod template it is.
	Kind   string            `json:"kind"`
	Labels map[string]string `json:"labels,omitempty"`
	// Annotations are kept for the kubelet's static-pod check
	// (kubernetes.io/config.source).
	Annotations map[string]string `json:"annotations,omitempty"`
	// Owner is the pod's controller, the metadata.ownerReferences entry with
	// controller: true; nil when it has none (or is a workload's template).
	Owner *OwnerReference `json:"owner,omitempty"`

	// NodeName is spec.nodeName: a pod with one is running on that node.
	NodeName     string            `json:"nodeName,omitempty"`
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`
	// RequiredAffinity is spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.
	RequiredAffinity *NodeSelector `json:"requiredAffinity,omitempty"`
	// Tolerations are the pod's effective tolerations in pod order: those written
	// in the text, with the ones admission would add (see Toleration.AddedBy).
	Tolerations []Toleration `json:"tolerations"`
	// DroppedTolerations are tolerations from the text that admission removed:
	// PodTolerationRestriction keeps only the widest of tolerations that cover
	// one another. AddedBy names the plugin that dropped each one and Why says
	// which toleration covers it.
	DroppedTolerations []Toleration `json:"droppedTolerations,omitempty"`
	HostNetwork        bool         `json:"hostNetwork,omitempty"`
	Priority           *int32       `json:"priority,omitempty"`

	// Containers and InitContainers carry only resources, for the QoS class and
	// ExtendedResourceToleration.
	Containers     []Resources `json:"containers,omitempty"`
	InitContainers []Resources `json:"initContainers,omitempty"`
	// PodResources is spec.resources (pod-level resources), nil when absent.
	PodResources *Resources `json:"podResources,omitempty"`
	// StatusQOSClass is status.qosClass as pasted, empty when absent.
	StatusQOSClass string `json:"statusQOSClass,omitempty"`

	// Claims is the pod's side of Dynamic Resource Allocation, what the
	// device taint eviction controller reads (its uid, spec.resourceClaims,
	// the claim statuses, deletionTimestamp); nil for a pod that names no
	// ResourceClaim, which is every pod of a node-only text. It is not part
	// of the pod's JSON: the report carries devices in device verdicts.
	Claims *ClaimPod `json:"-"`

	// Rejected lists why the API server would refuse this pod as written
	// (strict decoding and validation errors, each "field: message" in the
	// apiserver's words, with the engine's hint where they alone mislead, as
	// for Lt and Gt with their feature gate off); empty when it would accept
	// it. Its verdicts are still computed, as for the object read, but the
	// page never shows them as a positive outcome.
	Rejected []string `json:"rejected,omitempty"`

	Source Source `json:"source"`
}

// OwnerReference is the part of a metav1.OwnerReference that names the
// controller: its kind and name, in the pod's namespace.
type OwnerReference struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// Resources is a container's (or the pod's) requests and limits, as quantity
// strings keyed by resource name ("cpu": "500m").
type Resources struct {
	Requests map[string]string `json:"requests,omitempty"`
	Limits   map[string]string `json:"limits,omitempty"`
}

// NodeSelector mirrors core/v1 NodeSelector: the terms are ORed.
type NodeSelector struct {
	Terms []NodeSelectorTerm `json:"nodeSelectorTerms"`
}

// NodeSelectorTerm ANDs its requirements; a term with none matches nothing.
type NodeSelectorTerm struct {
	MatchExpressions []NodeSelectorRequirement `json:"matchExpressions,omitempty"`
	MatchFields      []NodeSelectorRequirement `json:"matchFields,omitempty"`
}

// NodeSelectorRequirement is key, operator (In, NotIn, Exists, DoesNotExist, Gt,
// Lt) and values.
type NodeSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
	Source   Source   `json:"source"`
}
