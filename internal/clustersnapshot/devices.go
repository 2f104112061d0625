package clustersnapshot

import (
	"fmt"
	"io"
)

// DeviceSpec says which Dynamic Resource Allocation inventory and claims to
// write; the same DeviceSpec always writes the same bytes.
type DeviceSpec struct {
	// Nodes is how many nodes publish a ResourceSlice, named as Write names
	// its nodes; DevicesPerNode is how many GPUs each slice lists.
	Nodes          int
	DevicesPerNode int
	// Claims is how many claims there are: claim i is allocated device i
	// of the inventory (round robin) and reserved for its pod.
	Claims int
	Seed   uint64
}

// Part says which of a DeviceSpec's nodes (WriteInventory) or claims
// (WriteClaims) to write: Count of them from First, so that a caller can
// write them as several texts that together are the whole. The zero Part
// writes them all.
type Part struct {
	First, Count int
}

// of is the range [first, end) of total items that the part covers.
func (p Part) of(total int) (first, end int) {
	if p.Count == 0 {
		return 0, total
	}
	return p.First, min(p.First+p.Count, total)
}

// DeviceScale is the cluster-sized device inventory: 5,000 nodes of
// 8 GPUs each and 20,000 claims.
var DeviceScale = DeviceSpec{Nodes: 5000, DevicesPerNode: 8, Claims: 20_000, Seed: 1}

// The inventory's driver, its DeviceClass and the taint a failed health
// check puts on a device.
const (
	gpuDriver    = "gpu.example.com"
	gpuClass     = "gpu.example.com"
	healthTaint  = "gpu.example.com/unhealthy"
	taintedEvery = 97 // one device in taintedEvery carries healthTaint
)

// WriteInventory writes the Nodes editor's side of spec as one v1 List: a
// ResourceSlice per node of the part (its GPUs with attributes, capacity
// and, for some, the health taint as NoExecute or NoSchedule), then, in the
// part that starts at the first node, the GPUs' DeviceClass and the
// DeviceTaintRules (deviceTaintRules).
func WriteInventory(out io.Writer, spec DeviceSpec, part Part, format Format) error {
	list, err := newListWriter(out, format)
	if err != nil {
		return err
	}
	if err := addInventory(list, spec, part); err != nil {
		return err
	}
	return list.close()
}

// addInventory adds WriteInventory's items to a List.
func addInventory(list *listWriter, spec DeviceSpec, part Part) error {
	first, end := part.of(spec.Nodes)
	for n := first; n < end; n++ {
		r := newRandom(spec.Seed + uint64(n)) // each node's own, whatever the part
		node := deviceNodeName(n)
		var devices []any
		for d := range spec.DevicesPerNode {
			device := map[string]any{"name": fmt.Sprintf("gpu-%d", d),
				"attributes": map[string]any{
					"model":         map[string]any{"string": []string{"a100", "h100", "l4"}[r.IntN(3)]},
					"index":         map[string]any{"int": d},
					"driverVersion": map[string]any{"version": "1.4.2"},
				},
				"capacity": map[string]any{"memory": map[string]any{"value": "80Gi"}},
			}
			if r.IntN(taintedEvery) == 0 {
				device["taints"] = []any{map[string]any{"key": healthTaint, "value": "ecc",
					"effect": []string{"NoExecute", "NoSchedule"}[r.IntN(2)], "timeAdded": created}}
			}
			devices = append(devices, device)
		}
		slice := resourceObject("ResourceSlice", map[string]any{"name": node + "-" + gpuDriver}, map[string]any{
			"driver": gpuDriver, "nodeName": node, "devices": devices,
			"pool": map[string]any{"name": node, "generation": 1, "resourceSliceCount": 1},
		})
		if err := list.add(slice); err != nil {
			return err
		}
	}
	class := resourceObject("DeviceClass", map[string]any{"name": gpuClass}, map[string]any{
		"selectors": []any{map[string]any{"cel": map[string]any{"expression": `device.driver == "` + gpuDriver + `"`}}}})
	if first > 0 {
		return nil
	}
	for _, obj := range append([]map[string]any{class}, deviceTaintRules(spec)...) {
		if err := list.add(obj); err != nil {
			return err
		}
	}
	return nil
}

// deviceTaintRules are an administrator's rules on the inventory: a
// maintenance dry run (effect None) on the first node's pool, a drain
// (NoExecute) of the second node's, and a firmware hold (NoSchedule) on
// the last GPU of every node.
func deviceTaintRules(spec DeviceSpec) []map[string]any {
	rule := func(name string, selector, taint map[string]any) map[string]any {
		return resourceObject("DeviceTaintRule", map[string]any{"name": name}, map[string]any{"deviceSelector": selector, "taint": taint})
	}
	return []map[string]any{
		rule("maintenance", map[string]any{"driver": gpuDriver, "pool": deviceNodeName(0)},
			map[string]any{"key": "example.com/maintenance", "effect": "None"}),
		rule("drain", map[string]any{"driver": gpuDriver, "pool": deviceNodeName(min(1, spec.Nodes-1))},
			map[string]any{"key": "example.com/drain", "effect": "NoExecute", "timeAdded": created}),
		rule("firmware-hold", map[string]any{"driver": gpuDriver, "device": fmt.Sprintf("gpu-%d", spec.DevicesPerNode-1)},
			map[string]any{"key": "example.com/firmware", "value": "1.4.2", "effect": "NoSchedule", "timeAdded": created}),
	}
}

// WriteClaims writes the Pods editor's side of spec as one v1 List: the
// part's claims, each asking for one GPU of gpuClass,
// half of them tolerating the health taint for five minutes, each allocated
// (the tolerations copied into the result, as the allocator does) and
// reserved for its pod.
func WriteClaims(out io.Writer, spec DeviceSpec, part Part, format Format) error {
	list, err := newListWriter(out, format)
	if err != nil {
		return err
	}
	if err := addClaims(list, spec, part); err != nil {
		return err
	}
	return list.close()
}

// addClaims adds WriteClaims' items to a List.
func addClaims(list *listWriter, spec DeviceSpec, part Part) error {
	devices := spec.Nodes * spec.DevicesPerNode
	first, end := part.of(spec.Claims)
	for i := first; i < end; i++ {
		var tolerations []any
		if i%2 == 0 {
			tolerations = []any{map[string]any{"key": healthTaint, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}}
		}
		device := i % devices
		pod, uid := claimPodName(i), claimPodUID(i)
		claim := resourceObject("ResourceClaim", map[string]any{"name": claimName(i), "namespace": claimNamespace}, map[string]any{
			"devices": map[string]any{"requests": []any{map[string]any{"name": "gpu",
				"exactly": map[string]any{"deviceClassName": gpuClass, "tolerations": tolerations}}}}})
		claim["status"] = map[string]any{
			"allocation": map[string]any{"devices": map[string]any{"results": []any{map[string]any{
				"request": "gpu", "driver": gpuDriver, "pool": deviceNodeName(device / spec.DevicesPerNode),
				"device": fmt.Sprintf("gpu-%d", device%spec.DevicesPerNode), "tolerations": tolerations}}}},
			"reservedFor": []any{map[string]any{"resource": "pods", "name": pod, "uid": uid}},
		}
		if err := list.add(claim); err != nil {
			return err
		}
	}
	return nil
}

// resourceObject is a resource.k8s.io/v1 object of the kind.
func resourceObject(kind string, metadata, spec map[string]any) map[string]any {
	metadata["creationTimestamp"] = created
	return map[string]any{"apiVersion": "resource.k8s.io/v1", "kind": kind, "metadata": metadata, "spec": spec}
}

// deviceNodeName is the index-th node's name, as newNode names it.
func deviceNodeName(index int) string {
	return fmt.Sprintf("ip-10-%d-%d-%d.ec2.internal", index>>16, index>>8&255, index&255)
}
