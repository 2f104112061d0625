package engine_test

import (
	"fmt"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// clusterDevices is issue 23's cluster-sized inventory: 5,000 nodes with 8
// GPUs each, one in 50 tainted NoExecute by its driver, a maintenance
// DeviceTaintRule on one node's pool, and 20,000 allocated claims, each
// used by one running pod (with a claim per pod, every claim lookup counts).
func clusterDevices() engine.DeviceInput {
	in := engine.DeviceInput{Now: devNow,
		Rules: l(core.DeviceTaintRule{Name: "maintenance", Selector: &core.DeviceTaintSelector{Pool: ptr("node-7")},
			Taint: devTaint("example.com/maintenance", "", noExecute)})}
	for n := range 5000 {
		slice := core.ResourceSlice{Name: fmt.Sprint("node-", n, "-gpu"), Driver: draDriver, Pool: fmt.Sprint("node-", n), NodeName: fmt.Sprint("node-", n)}
		for d := range 8 {
			dev := core.Device{Name: fmt.Sprint("gpu-", d)}
			if (n*8+d)%50 == 0 {
				dev.Taints = l(devTaint(unhealthy, "Broken", noExecute))
			}
			slice.Devices = append(slice.Devices, dev)
		}
		in.Slices = append(in.Slices, slice)
	}
	for c := range 20000 {
		node := c % 5000
		claim := core.ResourceClaim{Namespace: namespaceA, Name: fmt.Sprint("claim-", c),
			Requests: l(core.DeviceRequest{Name: "gpu", Tolerations: l(tolBroken300)}),
			Allocation: &core.AllocationResult{Results: l(core.DeviceRequestAllocationResult{Request: "gpu", Driver: draDriver,
				Pool: fmt.Sprint("node-", node), Device: fmt.Sprint("gpu-", c/5000), Tolerations: l(tolBroken300)})},
			ReservedFor: l(core.ResourceClaimConsumerReference{Resource: "pods", UID: fmt.Sprint("uid-pod-", c)})}
		in.Claims = append(in.Claims, claim)
		in.Pods = append(in.Pods, claimPod(fmt.Sprint("pod-", c), fmt.Sprint("node-", node), claim.Name))
	}
	return in
}

// BenchmarkDeviceVerdictsCluster judges every pod of clusterDevices.
func BenchmarkDeviceVerdictsCluster(b *testing.B) {
	in := clusterDevices()
	for b.Loop() {
		if v := engine.DeviceVerdicts(&in); len(v) != len(in.Pods) {
			b.Fatalf("%d verdicts for %d pods", len(v), len(in.Pods))
		}
	}
}

// BenchmarkDeviceRuleStatusesCluster writes the status of clusterDevices'
// maintenance rule, which the report carries beside the verdicts: the
// controller's pass over every pod, once per rule.
func BenchmarkDeviceRuleStatusesCluster(b *testing.B) {
	in := clusterDevices()
	for b.Loop() {
		if s := engine.DeviceRuleStatuses(&in); len(s) != 1 || len(s[0].Status.PendingPods) == 0 {
			b.Fatalf("statuses %+v: want the maintenance rule with the pods of node-7 pending", s)
		}
	}
}
