package engine_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// whatIfCluster is two GPUs of the docs page's driver and one of another:
// a running pod on each dra GPU (one tolerating the docs rule for 300 s),
// a pending pod whose claim needs any device, and a running pod on the
// other driver's GPU.
func whatIfCluster() engine.DeviceInput {
	other := core.ResourceSlice{Name: "node-1-other", Driver: "other.example.com", Pool: draPool, NodeName: "node-1",
		Devices: l(device("fpga-0"))}
	otherClaim := allocated("fpga", nil, nil, "fpga-user")
	otherClaim.Allocation.Results = l(core.DeviceRequestAllocationResult{Request: "gpu", Driver: "other.example.com", Pool: draPool, Device: "fpga-0"})
	return engine.DeviceInput{
		Slices: l(draSliceWith(device("gpu-0"), device("gpu-1")), other),
		Claims: l(allocated("a", nil, l("gpu-0"), "pod-a"), allocated("b", l(tolBroken300), l("gpu-1"), "pod-b"),
			unallocated("pending", core.DeviceRequest{Name: "gpu"}), otherClaim),
		Pods: l(claimPod("pod-a", "node-1", "a"), claimPod("pod-b", "node-1", "b"), claimPod("pending", "", "pending"),
			claimPod("fpga-user", "node-1", "fpga")),
		Now: devNow,
		// The classes: the fpga claim's picks the other driver's device,
		// every other claim's the dra GPUs.
		Candidates: func(claim *core.ResourceClaim, _ string) []engine.Candidate {
			if claim.Name == "fpga" {
				return candidates(engine.DeviceRef{Driver: "other.example.com", Pool: draPool, Device: "fpga-0"})
			}
			return candidates(engine.DeviceRef{Driver: draDriver, Pool: draPool, Device: "gpu-0"},
				engine.DeviceRef{Driver: draDriver, Pool: draPool, Device: "gpu-1"})
		},
	}
}

// describeRadius writes a blast radius as lines a case can spell out.
func describeRadius(r *engine.DeviceRuleRadius) []string {
	out := []string{string(r.Reason.ID)}
	for _, d := range r.Devices {
		out = append(out, "device "+d.String())
	}
	for _, p := range r.Pods {
		out = append(out, fmt.Sprintf("pod %s %s %ds", p.Name, p.Verdict, p.Seconds))
	}
	for _, p := range r.Evicted {
		out = append(out, fmt.Sprintf("evicted %s %s %ds", p.Name, p.Verdict, p.Seconds))
	}
	for _, p := range r.DryRun {
		out = append(out, fmt.Sprintf("dry run %s %s %ds", p.Name, p.Verdict, p.Seconds))
	}
	for _, q := range r.Unallocatable {
		out = append(out, fmt.Sprintf("unallocatable %s %s allocated=%v", q.Claim, q.Request, q.Allocated))
	}
	return append(out, "status "+r.Status.Status+" "+r.Status.Reason+": "+r.Status.Message)
}

// TestDeviceRuleWhatIf applies the docs page's DeviceTaintRule with each
// effect, its timeAdded left to the apiserver (now).
func TestDeviceRuleWhatIf(t *testing.T) {
	testCases := []struct {
		name   string
		effect core.DeviceTaintEffect
		want   []string
	}{{
		name:   "NoExecute evicts the untolerating pod now and the tolerating one after 300 s, and leaves the claims that do not tolerate it without device",
		effect: noExecute,
		want: l("device.whatif.noexecute",
			"device dra.example.com/node-1/gpu-0", "device dra.example.com/node-1/gpu-1",
			"pod pod-a evicted-now 0s", "pod pod-b evicted-later 300s", "pod pending unschedulable 0s",
			"evicted pod-a evicted-now 0s", "evicted pod-b evicted-later 300s",
			"unallocatable a gpu allocated=true", "unallocatable pending gpu allocated=false",
			"status True PodsPendingEviction: 2 pods need to be evicted in 1 namespace."),
	}, {
		name:   "NoSchedule evicts nothing but leaves the pending pod and its claim without device",
		effect: noSchedule,
		want: l("device.whatif.noschedule",
			"device dra.example.com/node-1/gpu-0", "device dra.example.com/node-1/gpu-1",
			"pod pod-a stays 0s", "pod pod-b stays 0s", "pod pending unschedulable 0s",
			"unallocatable a gpu allocated=true", "unallocatable b gpu allocated=true", "unallocatable pending gpu allocated=false",
			"status False OtherEffect: Eviction only happens for the NoExecute effect."),
	}, {
		name:   "None is a dry run: nothing changes, the status says what NoExecute would evict",
		effect: none,
		want: l("device.whatif.none",
			"device dra.example.com/node-1/gpu-0", "device dra.example.com/node-1/gpu-1",
			"pod pod-a stays 0s", "pod pod-b stays 0s", "pod pending schedulable 0s",
			"dry run pod-a evicted-now 0s", "dry run pod-b evicted-later 300s",
			"status False NoEffect: 2 published devices selected. 2 allocated devices selected. 2 pods would be evicted in 1 namespace if the effect was NoExecute. This information will not be updated again. Recreate the DeviceTaintRule to trigger an update."),
	}}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			in := whatIfCluster()
			rule := docsRule(tc.effect)
			rule.Taint.TimeAdded = nil
			radius := engine.DeviceRuleWhatIf(&in, rule)
			if diff := cmp.Diff(tc.want, describeRadius(&radius)); diff != "" {
				t.Errorf("radius (-want +got):\n%s", diff)
			}
			if len(in.Rules) != 0 {
				t.Errorf("the input gained rules: %v", in.Rules)
			}
			checkMessages(t, l(radius.Reason))
		})
	}
}

// TestDeviceRuleWhatIfReplacesTheRuleOfTheSameName checks that a rule
// already in the input is replaced, not added twice: turning the docs rule
// from NoExecute to None evicts nobody new.
func TestDeviceRuleWhatIfReplacesTheRuleOfTheSameName(t *testing.T) {
	in := whatIfCluster()
	in.Rules = l(docsRule(noExecute))
	radius := engine.DeviceRuleWhatIf(&in, docsRule(none))
	if len(radius.Evicted) != 0 || len(radius.Unallocatable) != 0 {
		t.Errorf("replacing the NoExecute rule by a None one: evicted %v, unallocatable %v", radius.Evicted, radius.Unallocatable)
	}
	if len(radius.DryRun) != 2 {
		t.Errorf("dry run = %v, want pod-a and pod-b", radius.DryRun)
	}
}

// The docs page's DeviceTaintRule, applied with effect NoExecute a minute
// ago, and a claim whose allocation tolerates it for 300 s: its pod goes in
// 240 s. The reason renders in each catalog's language.
func ExampleDeviceVerdicts() {
	in := engine.DeviceInput{
		Slices: l(draSliceWith(device("gpu-0"))), Rules: l(docsRule(noExecute)),
		Claims: l(allocated("gpu", l(tolBroken300), l("gpu-0"), "trainer")), Pods: l(claimPod("trainer", "node-1", "gpu")),
		Now: devNow,
	}
	v := engine.DeviceVerdicts(&in)[0]
	fmt.Println(v.Verdict, v.Eviction.Seconds)
	for _, language := range catalog.Languages {
		c, _ := catalog.Load(language)
		fmt.Println(c.Render(v.Reason))
	}
	fmt.Println(catalog.English().Render(v.Claims[0].Requests[0].Devices[0].Taints[0].Reason))
	// Output:
	// evicted-later 240
	// The NoExecute taint dra.example.com/unhealthy=Broken:NoExecute from DeviceTaintRule example on device dra.example.com/node-1/gpu-0 of ResourceClaim default/gpu has its deadline at 2026-11-27T12:04:00Z: the device taint eviction controller deletes the pod in 240 s, unless the taints or tolerations change before.
	// O taint NoExecute dra.example.com/unhealthy=Broken:NoExecute de DeviceTaintRule example no dispositivo dra.example.com/node-1/gpu-0 do ResourceClaim default/gpu tem prazo em 2026-11-27T12:04:00Z: o controlador de despejo por taints de dispositivo exclui o pod em 240 s, a menos que os taints ou as tolerâncias mudem antes.
	// ResourceClaim default/gpuのデバイスdra.example.com/node-1/gpu-0にあるDeviceTaintRule example由来のNoExecuteのTaint dra.example.com/unhealthy=Broken:NoExecuteの期限は2026-11-27T12:04:00Zです。それまでにTaintやTolerationが変わらなければ、デバイスTaint退避コントローラーは240秒後にPodを削除します。
	// ResourceClaim default/gpu 的设备 dra.example.com/node-1/gpu-0 上来自 DeviceTaintRule example 的 NoExecute 污点 dra.example.com/unhealthy=Broken:NoExecute 的期限是 2026-11-27T12:04:00Z：除非污点或容忍度在此之前改变，设备污点驱逐控制器将在 240 秒后删除该 Pod。
	// The smallest tolerationSeconds of the matching NoExecute tolerations is 300, of status.allocation.devices.results[0].tolerations[0]; counted from the taint's timeAdded 2026-11-27T11:59:00Z, dra.example.com/unhealthy=Broken:NoExecute evicts at 2026-11-27T12:04:00Z.
}
