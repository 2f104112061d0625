package clustersnapshot

import (
	"fmt"
	"math/rand/v2"
)

// clusterNode is a node of the snapshot: its object and what its pods are
// placed by.
type clusterNode struct {
	name, zone, ip string
	pool           *pool
	object         map[string]any
}

// notReadyEvery is how rare a NotReady node is: one in 400, from the 200th,
// has a kubelet that stopped posting status, carries the node lifecycle
// controller's not-ready:NoExecute taint, and its pods are evicted after
// 300 s.
const notReadyEvery = 400

// created is every object's creationTimestamp: a snapshot is a moment.
const created = "2026-11-20T08:00:00Z"

// newNode is the index-th node, drawn into a pool and a zone.
func newNode(r *rand.Rand, index int, managedFields bool) *clusterNode {
	p := &pools[drawIndex(r, len(pools), func(i int) int { return pools[i].weight })]
	zone := zones[r.IntN(len(zones))]
	n := &clusterNode{name: fmt.Sprintf("ip-10-%d-%d-%d.ec2.internal", index>>16, index>>8&255, index&255), zone: zone, pool: p,
		ip: fmt.Sprintf("10.%d.%d.%d", index>>16, index>>8&255, index&255)}
	labels := map[string]any{
		"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux",
		"beta.kubernetes.io/instance-type": p.instanceType, "node.kubernetes.io/instance-type": p.instanceType,
		"failure-domain.beta.kubernetes.io/region": "us-east-1", "topology.kubernetes.io/region": "us-east-1",
		"failure-domain.beta.kubernetes.io/zone": zone, "topology.kubernetes.io/zone": zone,
		"kubernetes.io/arch": "amd64", "kubernetes.io/os": "linux", "kubernetes.io/hostname": n.name,
		"pool": p.name,
	}
	for k, v := range p.labels {
		labels[k] = v
	}
	taints := make([]any, 0, len(p.taints)+1)
	for _, t := range p.taints {
		taints = append(taints, t)
	}
	ready := index%notReadyEvery != notReadyEvery/2-1
	if !ready {
		notReady := taint("node.kubernetes.io/not-ready", "", "NoExecute")
		notReady["timeAdded"] = "2026-11-20T09:58:00Z"
		taints = append(taints, notReady)
	}
	spec := map[string]any{"podCIDR": fmt.Sprintf("100.%d.%d.0/24", 64+index>>8, index&255),
		"providerID": "aws:///" + zone + "/i-0" + fmt.Sprintf("%016x", r.Uint64())}
	spec["podCIDRs"] = []any{spec["podCIDR"]}
	if len(taints) > 0 {
		spec["taints"] = taints
	}
	metadata := map[string]any{
		"annotations": map[string]any{"node.alpha.kubernetes.io/ttl": "0",
			"volumes.kubernetes.io/controller-managed-attach-detach": "true"},
		"creationTimestamp": created, "labels": labels, "name": n.name,
		"resourceVersion": fmt.Sprint(1_000_000 + index), "uid": uid(r),
	}
	if managedFields {
		metadata["managedFields"] = nodeManagedFields
	}
	n.object = map[string]any{"apiVersion": "v1", "kind": "Node", "metadata": metadata, "spec": spec,
		"status": nodeStatus(p, n.name, n.ip, ready)}
	return n
}

// nodeStatus is what the kubelet posts: addresses, capacity, the four
// conditions, the images it holds and its versions.
func nodeStatus(p *pool, name, ip string, ready bool) map[string]any {
	resources := map[string]any{"cpu": p.cpu, "ephemeral-storage": "104845292Ki", "hugepages-1Gi": "0",
		"hugepages-2Mi": "0", "memory": p.memory, "pods": "110"}
	readyCondition := condition("Ready", "True", "KubeletReady", "kubelet is posting ready status")
	if !ready {
		readyCondition = condition("Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
	}
	return map[string]any{
		"addresses": []any{
			map[string]any{"address": ip, "type": "InternalIP"},
			map[string]any{"address": name, "type": "InternalDNS"},
			map[string]any{"address": name, "type": "Hostname"},
		},
		"allocatable": resources, "capacity": resources,
		"conditions": []any{
			condition("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
			condition("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
			condition("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
			readyCondition,
		},
		"daemonEndpoints": map[string]any{"kubeletEndpoint": map[string]any{"Port": 10250}},
		"images":          nodeImages,
		"nodeInfo": map[string]any{"architecture": "amd64", "bootID": "3f0c7f46-58a1-4b7e-9a4c-0d6e2f1b5c9a",
			"containerRuntimeVersion": "containerd://2.1.4", "kernelVersion": "6.12.40-63.114.amzn2023.x86_64",
			"kubeProxyVersion": "", "kubeletVersion": "v1.37.0", "machineID": "ec2c0ffee0000000000000000000000",
			"operatingSystem": "linux", "osImage": "Amazon Linux 2023.9.20250929", "systemUUID": "ec2c0ffee-0000-0000-0000-000000000000"},
	}
}

// condition is a node condition, as the kubelet posts it.
func condition(kind, status, reason, message string) map[string]any {
	return map[string]any{"lastHeartbeatTime": "2026-11-20T09:59:30Z", "lastTransitionTime": created,
		"message": message, "reason": reason, "status": status, "type": kind}
}

// nodeImages is status.images: every node holds the same few.
var nodeImages = func() []any {
	var images []any
	for _, w := range append(append([]*workload{}, daemonSets...), deployments...) {
		images = append(images, map[string]any{"names": []any{w.image}, "sizeBytes": 48_000_000 + 1_000_000*len(w.name)})
	}
	return images
}()
