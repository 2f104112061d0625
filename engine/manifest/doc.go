// Package manifest reads text into core objects with the position of every
// value: YAML and JSON as `kubectl get -o yaml|json` prints them (Lists,
// multi-document files, workloads' pod templates), `kubectl describe node`
// output, `kubectl taint nodes` lines and bare taints. Values are read as
// `kubectl apply` sends them and checked as the apiserver's strict decoding
// checks them (k8s.io/apimachinery's serializer with strict field
// validation, sigs.k8s.io/yaml); every problem is a core.Diagnostic with a
// line, a column and a field path, never a panic or a lost object.
//
// It imports core, kubectl (for taint lines) and yamltext (for the YAML
// trees, which it decodes) only.
package manifest
