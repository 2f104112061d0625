// Package manifest reads text into core objects with the position of every
// value: YAML and JSON as `kubectl get -o yaml|json` prints them (Lists,
// multi-document files, workloads' pod templates), `kubectl describe node`
// output, `kubectl taint nodes` lines and bare taints. Values are read as
// `kubectl apply` sends them and checked as the apiserver's strict decoding
// checks them (k8s.io/apimachinery's serializer with strict field
// validation, sigs.k8s.io/yaml); every problem is a core.Diagnostic with a
// line, a column and a field path, never a panic or a lost object.
//
// Beside nodes and pods it reads Dynamic Resource Allocation's
// resource.k8s.io/v1 kinds (k8s.io/api/resource/v1): the Nodes editor's
// ResourceSlices, DeviceTaintRules and DeviceClasses (DecodeInventory), the
// Pods editor's ResourceClaims and ResourceClaimTemplates and the pods'
// resourceClaims (DecodeClaims), validated as
// k8s.io/kubernetes/pkg/apis/resource/validation does.
//
// It imports core, kubectl (for taint lines) and yamltext (for the YAML
// trees, which it decodes) only.
package manifest
