package core

import "time"

// Device taints (DRA, KEP-5055, stable in v1.37) mirror node taints one level
// down: a ResourceSlice publishes devices, a device may carry taints, and a
// ResourceClaim's request tolerates them. The types below keep only the fields
// that the allocator, the device taint eviction controller and the apiserver's
// validation read (k8s.io/api/resource/v1 types.go, v0.37.2).

// DeviceTaintEffect is what a device taint does to claims and to the pods that
// use them. Unlike node taints there is no PreferNoSchedule, and there is None.
type DeviceTaintEffect string

// The device taint effects the API accepts.
const (
	// DeviceTaintEffectNone does nothing: it only informs. On a DeviceTaintRule
	// it asks the eviction controller for a dry run of NoExecute.
	DeviceTaintEffectNone DeviceTaintEffect = "None"
	// DeviceTaintEffectNoSchedule keeps the allocator from allocating the
	// device to a claim that does not tolerate the taint.
	DeviceTaintEffectNoSchedule DeviceTaintEffect = "NoSchedule"
	// DeviceTaintEffectNoExecute also evicts the pods using a claim that has
	// the device allocated, unless the allocation result tolerates the taint.
	DeviceTaintEffectNoExecute DeviceTaintEffect = "NoExecute"
)

// DeviceTaint mirrors resource/v1 DeviceTaint, plus where it came from.
type DeviceTaint struct {
	Key    string            `json:"key"`
	Value  string            `json:"value,omitempty"`
	Effect DeviceTaintEffect `json:"effect"`
	// TimeAdded is when the taint was added. Unlike a node taint's, it is read:
	// the eviction deadline is TimeAdded plus tolerationSeconds. The apiserver
	// sets it when it is missing (SetDefaultsDeviceTaint).
	TimeAdded *time.Time `json:"timeAdded,omitempty"`

	Source Source `json:"source"`
}

// DeviceTolerationOperator is how a device toleration compares its value with
// a taint's.
type DeviceTolerationOperator string

// The device toleration operators. The apiserver defaults an empty operator to
// Equal (SetDefaultsDeviceToleration); there is no Lt or Gt.
const (
	DeviceTolerationOpExists DeviceTolerationOperator = "Exists"
	DeviceTolerationOpEqual  DeviceTolerationOperator = "Equal"
)

// DeviceToleration mirrors resource/v1 DeviceToleration, plus where it came from.
type DeviceToleration struct {
	Key      string                   `json:"key,omitempty"`
	Operator DeviceTolerationOperator `json:"operator,omitempty"`
	Value    string                   `json:"value,omitempty"`
	// Effect is empty to match every effect.
	Effect DeviceTaintEffect `json:"effect,omitempty"`
	// TolerationSeconds bounds how long a NoExecute taint is tolerated after its
	// TimeAdded; nil means forever, zero or negative means not at all.
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`

	Source Source `json:"source"`
}

// ResourceSlice mirrors the parts of resource/v1 ResourceSlice that taints
// need: which driver and pool publish the devices, and the devices.
type ResourceSlice struct {
	Name   string `json:"name"`
	Driver string `json:"driver"`
	Pool   string `json:"pool"`
	// PoolGeneration is spec.pool.generation: only the slices of a pool's
	// highest generation count, older ones are being replaced.
	PoolGeneration int64    `json:"poolGeneration,omitempty"`
	NodeName       string   `json:"nodeName,omitempty"`
	Devices        []Device `json:"devices"`

	Source Source `json:"source"`
}

// Device is one entry of a ResourceSlice's spec.devices.
type Device struct {
	Name string `json:"name"`
	// Attributes are what CEL selectors read as device.attributes, keyed by
	// their qualified name as written ("model", "gpu.example.com/model").
	Attributes map[string]DeviceAttribute `json:"attributes,omitempty"`
	// Capacity is each capacity's value, a quantity as written ("80Gi").
	Capacity map[string]string `json:"capacity,omitempty"`
	Taints   []DeviceTaint     `json:"taints,omitempty"`

	Source Source `json:"source"`
}

// DeviceTaintRule mirrors resource/v1 DeviceTaintRule: an administrator's
// taint on the devices its selector picks, without editing the slices.
type DeviceTaintRule struct {
	Name string `json:"name"`
	UID  string `json:"uid,omitempty"`
	// Selector is spec.deviceSelector; nil selects no device, an empty one
	// every device.
	Selector *DeviceTaintSelector `json:"deviceSelector,omitempty"`
	Taint    DeviceTaint          `json:"taint"`

	Source Source `json:"source"`
}

// DeviceTaintSelector mirrors resource/v1 DeviceTaintSelector; each field
// that is set must equal the device's. (deviceClassName and CEL selectors
// were removed in v1.35.)
type DeviceTaintSelector struct {
	Driver *string `json:"driver,omitempty"`
	Pool   *string `json:"pool,omitempty"`
	Device *string `json:"device,omitempty"`
}

// ResourceClaim mirrors the parts of resource/v1 ResourceClaim that taints
// need: the requests with their tolerations, the allocation with the copy of
// those tolerations, and who the claim is reserved for.
type ResourceClaim struct {
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	UID       string `json:"uid,omitempty"`
	// Controller is the metadata.ownerReferences entry with controller: true,
	// nil when there is none. A claim generated from a template for a pod has
	// the pod as its controller.
	Controller *ControllerReference `json:"controller,omitempty"`
	// Requests is spec.devices.requests.
	Requests []DeviceRequest `json:"requests,omitempty"`
	// Allocation is status.allocation, nil while the claim is not allocated.
	Allocation *AllocationResult `json:"allocation,omitempty"`
	// ReservedFor is status.reservedFor: the consumers allowed to use the claim.
	ReservedFor []ResourceClaimConsumerReference `json:"reservedFor,omitempty"`

	Source Source `json:"source"`
}

// ControllerReference is the part of a metav1.OwnerReference that the
// claim helpers compare: IsControlledBy compares the UID only.
type ControllerReference struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	UID        string `json:"uid"`
}

// DeviceRequest is one of a claim's spec.devices.requests: either exactly
// (Tolerations of the request itself) or firstAvailable (a prioritized list of
// sub-requests, each with its own tolerations).
type DeviceRequest struct {
	Name string `json:"name"`
	// Exactly holds what spec.devices.requests[i].exactly asks for; nil for
	// a prioritized list.
	Exactly     *DeviceSelection   `json:"exactly,omitempty"`
	Tolerations []DeviceToleration `json:"tolerations,omitempty"`
	// FirstAvailable are the sub-requests of a prioritized list; their
	// allocation results name them "request/sub-request".
	FirstAvailable []DeviceSubRequest `json:"firstAvailable,omitempty"`

	Source Source `json:"source"`
}

// DeviceSubRequest is one entry of a request's firstAvailable list.
type DeviceSubRequest struct {
	Name        string             `json:"name"`
	Selection   DeviceSelection    `json:"selection"`
	Tolerations []DeviceToleration `json:"tolerations,omitempty"`

	Source Source `json:"source"`
}

// AllocationResult is a claim's status.allocation, reduced to its devices.
type AllocationResult struct {
	Results []DeviceRequestAllocationResult `json:"results"`
}

// DeviceRequestAllocationResult is one allocated device. The allocator copies
// the request's tolerations into it, and the eviction controller reads only
// this copy: editing the request later changes nothing.
type DeviceRequestAllocationResult struct {
	// Request is the request's name, or "request/sub-request".
	Request     string             `json:"request"`
	Driver      string             `json:"driver"`
	Pool        string             `json:"pool"`
	Device      string             `json:"device"`
	Tolerations []DeviceToleration `json:"tolerations,omitempty"`

	Source Source `json:"source"`
}

// ResourceClaimConsumerReference is one entry of status.reservedFor.
type ResourceClaimConsumerReference struct {
	APIGroup string `json:"apiGroup,omitempty"`
	Resource string `json:"resource"`
	Name     string `json:"name"`
	UID      string `json:"uid"`
}

// SetDefaultsDeviceTaint sets TimeAdded to now, truncated to the second, when
// it is missing, as the apiserver's defaulting does on create
// (k8s.io/kubernetes/pkg/apis/resource/v1 SetDefaults_DeviceTaint).
func SetDefaultsDeviceTaint(t *DeviceTaint, now time.Time) {
	if t.TimeAdded == nil {
		added := now.Truncate(time.Second)
		t.TimeAdded = &added
	}
}

// SetDefaultsDeviceToleration sets an empty operator to Equal, as the
// API's +default="Equal" marker does before validation.
func SetDefaultsDeviceToleration(t *DeviceToleration) {
	if t.Operator == "" {
		t.Operator = DeviceTolerationOpEqual
	}
}
