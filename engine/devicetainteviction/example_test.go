package devicetainteviction_test

import (
	"fmt"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
)

// A GPU is tainted NoExecute by a DeviceTaintRule at 12:00; the claim's
// allocation result tolerates the taint for 5 minutes. At 12:01 the pod has
// 4 minutes left.
func ExamplePodEviction() {
	added := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	driver, gpu := "gpu.example.com", "gpu-0"
	c := &devicetainteviction.Cluster{
		Rules: []core.DeviceTaintRule{{Name: "maintenance",
			Selector: &core.DeviceTaintSelector{Driver: &driver, Device: &gpu},
			Taint:    core.DeviceTaint{Key: "example.com/maintenance", Effect: core.DeviceTaintEffectNoExecute, TimeAdded: &added}}},
		Claims: []core.ResourceClaim{{Namespace: "default", Name: "gpu-claim",
			Allocation: &core.AllocationResult{Results: []core.DeviceRequestAllocationResult{{
				Request: "gpu", Driver: driver, Pool: "node-1", Device: gpu,
				Tolerations: []core.DeviceToleration{{Key: "example.com/maintenance", Operator: core.DeviceTolerationOpExists,
					Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(300)}},
			}}},
			ReservedFor: []core.ResourceClaimConsumerReference{{Resource: "pods", Name: "trainer", UID: "uid-1"}}}},
	}
	claimName := "gpu-claim"
	pod := core.ClaimPod{Namespace: "default", Name: "trainer", UID: "uid-1", NodeName: "node-1",
		ResourceClaims: []core.PodResourceClaim{{Name: "gpu", ResourceClaimName: &claimName}}}
	e := devicetainteviction.PodEviction(&pod, c, added.Add(time.Minute))
	fmt.Println(e.Kind, e.Seconds)
	fmt.Println(e.Reason)
	// Output:
	// after 240
	// The NoExecute taint example.com/maintenance:NoExecute (from DeviceTaintRule maintenance) on device gpu.example.com/node-1/gpu-0 of claim default/gpu-claim is tolerated for 300 s by toleration #1 of its allocation result (request gpu), so the controller deletes the pod at 2026-11-27T12:05:00Z, in 240 s, unless the taints or tolerations change before.
}
