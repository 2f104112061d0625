// Package manifesttest holds the resource.k8s.io fixtures (the objects of
// k8s.io/api/resource/v1) that the tests of more than one package decode,
// written once: the decoder's tests check where each field is read, the
// workspace's what the engine makes of it.
package manifesttest

import "fmt"

// AllocatedClaim is a ResourceClaim as `kubectl get -o yaml` lists it, in
// namespace default with uid NAME-uid: one request, gpu, for a device of
// class that tolerates gpu.example.com/unhealthy:NoExecute for seconds,
// allocated gpu.example.com/node-1/gpu-0 with that toleration copied into
// the result (as the allocator copies it), and reserved for the pod.
func AllocatedClaim(name, class, pod, podUID string, seconds int) string {
	toleration := fmt.Sprintf("{key: gpu.example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: %d}", seconds)
	return fmt.Sprintf(`apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: %[1]s
  namespace: default
  uid: %[1]s-uid
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: %[2]s
        tolerations:
        - %[5]s
status:
  allocation:
    devices:
      results:
      - request: gpu
        driver: gpu.example.com
        pool: node-1
        device: gpu-0
        tolerations: [%[5]s]
  reservedFor: [{resource: pods, name: %[3]s, uid: %[4]s}]
`, name, class, pod, podUID, toleration)
}
