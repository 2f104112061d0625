package core

// DeviceClass mirrors the parts of resource/v1 DeviceClass that decide which
// devices a request of the class may get: its CEL selectors, all of which a
// device must pass (k8s.io/api/resource/v1 types.go, v0.37.2).
type DeviceClass struct {
	Name      string           `json:"name"`
	Selectors []DeviceSelector `json:"selectors,omitempty"`
	// ExtendedResourceName is spec.extendedResourceName: the extended
	// resource a pod may ask for in its containers' resources instead of a
	// claim; empty when the class has none.
	ExtendedResourceName string `json:"extendedResourceName,omitempty"`

	Source Source `json:"source"`
}

// DeviceSelector is one entry of a class's or a request's selectors: the CEL
// expression of its cel field, with where it is written.
type DeviceSelector struct {
	Expression string `json:"expression"`

	Source Source `json:"source"`
}

// DeviceSelection is what a request (exactly) or a sub-request asks for:
// devices of a class that pass its selectors, all of them or a count.
type DeviceSelection struct {
	DeviceClassName string           `json:"deviceClassName"`
	Selectors       []DeviceSelector `json:"selectors,omitempty"`
	// AllocationMode is ExactCount or All; the apiserver defaults an empty
	// one to ExactCount.
	AllocationMode DeviceAllocationMode `json:"allocationMode,omitempty"`
	// Count is how many devices ExactCount asks for; the apiserver defaults
	// 0 to 1 for ExactCount.
	Count int64 `json:"count,omitempty"`
}

// DeviceAllocationMode is how many devices a request asks for.
type DeviceAllocationMode string

// The allocation modes the API accepts.
const (
	DeviceAllocationModeExactCount DeviceAllocationMode = "ExactCount"
	DeviceAllocationModeAll        DeviceAllocationMode = "All"
)

// SetDefaultsDeviceSelection sets an empty allocation mode to ExactCount and,
// for ExactCount, a zero count to 1, as the API's defaulting does
// (k8s.io/kubernetes/pkg/apis/resource/v1 SetDefaults_ExactDeviceRequest
// and SetDefaults_DeviceSubRequest).
func SetDefaultsDeviceSelection(s *DeviceSelection) {
	if s.AllocationMode == "" {
		s.AllocationMode = DeviceAllocationModeExactCount
	}
	if s.AllocationMode == DeviceAllocationModeExactCount && s.Count == 0 {
		s.Count = 1
	}
}

// DeviceAttribute mirrors resource/v1 DeviceAttribute: exactly one of its
// scalar values is set. The list values of v1.37 (ints, bools, strings,
// versions) are kept as written, for CEL's `in` and for display.
type DeviceAttribute struct {
	Int     *int64  `json:"int,omitempty"`
	Bool    *bool   `json:"bool,omitempty"`
	String  *string `json:"string,omitempty"`
	Version *string `json:"version,omitempty"`

	Ints     []int64  `json:"ints,omitempty"`
	Bools    []bool   `json:"bools,omitempty"`
	Strings  []string `json:"strings,omitempty"`
	Versions []string `json:"versions,omitempty"`
}

// ResourceClaimTemplate mirrors resource/v1 ResourceClaimTemplate: the spec
// of the claim generated for each pod that names the template in its
// spec.resourceClaims.
type ResourceClaimTemplate struct {
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	// Requests is spec.spec.devices.requests.
	Requests []DeviceRequest `json:"requests,omitempty"`

	Source Source `json:"source"`
}
