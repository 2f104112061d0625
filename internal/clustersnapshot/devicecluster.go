package clustersnapshot

import (
	"fmt"
	"io"
)

// The names of claim i and of the pod it is reserved for.
const claimNamespace = "ml"

func claimPodName(i int) string { return fmt.Sprintf("trainer-%d", i) }
func claimName(i int) string    { return claimPodName(i) + "-gpu" }
func claimPodUID(i int) string  { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }

// WriteDeviceCluster writes, as one v1 List, the snapshot of spec (Write's
// nodes and pods) followed by a pod for each of devices' claims: pod
// trainer-i runs on the node of the device claim i is allocated, with the
// uid the claim's reservedFor names. With withDevices, each of those pods
// uses its claim (spec.resourceClaims) and the List goes on with the
// inventory (WriteInventory's items) and the claims (WriteClaims'), as
// `kubectl get nodes,pods,resourceslices,deviceclasses,devicetaintrules,resourceclaims -A`
// prints them: the device cluster. Without, the same nodes and pods and no
// claim: the node-only snapshot of the same size, to measure it against.
// devices.Nodes must not exceed spec.Nodes.
func WriteDeviceCluster(out io.Writer, spec Spec, devices DeviceSpec, withDevices bool, format Format) error {
	if err := spec.Validate(); err != nil {
		return err
	}
	if devices.Nodes > spec.Nodes || devices.Nodes < 1 || devices.DevicesPerNode < 1 {
		return fmt.Errorf("devices: %d node(s) of %d device(s) do not fit the snapshot's %d node(s)", devices.Nodes, devices.DevicesPerNode, spec.Nodes)
	}
	list, err := newListWriter(out, format)
	if err != nil {
		return err
	}
	if err := addCluster(list, spec); err != nil {
		return err
	}
	for i := range devices.Claims {
		node := deviceNodeName(i % (devices.Nodes * devices.DevicesPerNode) / devices.DevicesPerNode)
		if err := list.add(claimPod(i, node, withDevices)); err != nil {
			return err
		}
	}
	if withDevices {
		if err := addInventory(list, devices, Part{}); err != nil {
			return err
		}
		if err := addClaims(list, devices, Part{}); err != nil {
			return err
		}
	}
	return list.close()
}

// claimPod is the running pod claim i is reserved for, on node, using the
// claim when withClaim; its tolerations are those admission adds.
func claimPod(i int, node string, withClaim bool) map[string]any {
	container := map[string]any{"name": "trainer", "image": "registry.example.com/trainer:1.0",
		"resources": map[string]any{"requests": map[string]any{"cpu": "4", "memory": "16Gi"}}}
	tolerations := make([]any, len(defaultTolerations))
	for t := range defaultTolerations {
		tolerations[t] = defaultTolerations[t]
	}
	spec := map[string]any{"nodeName": node, "containers": []any{container}, "tolerations": tolerations}
	if withClaim {
		container["resources"].(map[string]any)["claims"] = []any{map[string]any{"name": "gpu"}}
		spec["resourceClaims"] = []any{map[string]any{"name": "gpu", "resourceClaimName": claimName(i)}}
	}
	return map[string]any{"apiVersion": "v1", "kind": "Pod",
		"metadata": map[string]any{"name": claimPodName(i), "namespace": claimNamespace, "uid": claimPodUID(i), "creationTimestamp": created},
		"spec":     spec, "status": map[string]any{"phase": "Running", "startTime": created}}
}
