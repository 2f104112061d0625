package devicetainteviction_test

import (
	"strconv"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
)

// The fixtures of k8s.io/kubernetes v1.37.2
// pkg/controller/devicetainteviction/device_taint_eviction_test.go
// (Apache-2.0), with the same names and values, built from the engine's
// types. PodGroup fixtures are left out (DRAWorkloadResourceClaims is not
// modelled).
const (
	nodeName     = "worker"
	nodeName2    = "worker-2"
	driver       = "some-driver"
	podName      = "my-pod"
	podUID       = "1234"
	resourceName = "my-resource"
	claimName    = podName + "-" + resourceName
	namespace    = "default"
	taintKey     = "example.com/taint"
	taintValue   = "something"
	sliceName    = nodeName + "-" + driver
)

var (
	// taintTime is also the test's now, as upstream's synctest bubble starts there.
	taintTime          = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	taintTimeLater     = taintTime.Add(40 * time.Second)
	tolerationDuration = 60 * 60 * time.Second
)

func at(t time.Time) *time.Time { return &t }
func str(s string) *string      { return &s }
func secs(s int64) *int64       { return &s }

func taintWith(key, value string, effect core.DeviceTaintEffect, added *time.Time) core.DeviceTaint {
	return core.DeviceTaint{Key: key, Value: value, Effect: effect, TimeAdded: added}
}

var (
	taint      = taintWith(taintKey, taintValue, core.DeviceTaintEffectNoExecute, at(taintTime))
	taintOther = taintWith(taintKey, taintValue+"-other", core.DeviceTaintEffectNoExecute, at(taintTime))
	taint1     = taintWith(taintKey, "", core.DeviceTaintEffectNoExecute, at(taintTime))
	taint2     = taintWith(taintKey+"-other", "", core.DeviceTaintEffectNoExecute, at(taintTime))
)

// devices are the three devices of upstream's slice; edit changes them.
func devices(edit func([]core.Device)) []core.Device {
	ds := []core.Device{
		{Name: "instance"},
		{Name: "instance-no-schedule", Taints: []core.DeviceTaint{taintWith(taintKey, "", core.DeviceTaintEffectNoSchedule, nil)}},
		{Name: "instance-no-execute", Taints: []core.DeviceTaint{
			taintWith(taintKey, "", core.DeviceTaintEffectNone, at(taintTime)),
			taintWith(taintKey, "", core.DeviceTaintEffectNoExecute, at(taintTime)),
		}},
	}
	if edit != nil {
		edit(ds)
	}
	return ds
}

func makeSlice(name, pool string, generation int64, ds []core.Device) core.ResourceSlice {
	return core.ResourceSlice{Name: name, Driver: driver, Pool: pool, PoolGeneration: generation, NodeName: pool, Devices: ds}
}

func tainted(ds []core.Device) { ds[0].Taints = []core.DeviceTaint{taint} }

func effect(e core.DeviceTaintEffect) func([]core.Device) {
	return func(ds []core.Device) {
		tainted(ds)
		for i := range ds {
			for j := range ds[i].Taints {
				ds[i].Taints[j].Effect = e
			}
		}
	}
}

var (
	simpleSlice       = makeSlice(sliceName, nodeName, 0, []core.Device{{Name: "instance"}})
	slice             = makeSlice(sliceName, nodeName, 0, devices(nil))
	sliceReplaced     = makeSlice(sliceName+"-updated", nodeName, 1, devices(nil))
	sliceOtherDevices = makeSlice(sliceName, nodeName, 0, devices(func(ds []core.Device) {
		for i := range ds {
			ds[i].Name += "-other"
		}
	}))
	sliceTainted         = makeSlice(sliceName, nodeName, 0, devices(tainted))
	sliceTaintedExtended = makeSlice(sliceName, nodeName, 0, append(devices(tainted),
		core.Device{Name: "instance-other", Taints: []core.DeviceTaint{taint}}))
	sliceTaintedNone       = makeSlice(sliceName, nodeName, 0, devices(effect(core.DeviceTaintEffectNone)))
	sliceTaintedUnknown    = makeSlice(sliceName, nodeName, 0, devices(effect("unknown-effect")))
	sliceTaintedNoSchedule = makeSlice(sliceName, nodeName, 0, devices(effect(core.DeviceTaintEffectNoSchedule)))
	sliceTaintedValueOther = makeSlice(sliceName, nodeName, 0, devices(func(ds []core.Device) {
		ds[0].Taints = []core.DeviceTaint{taintOther}
	}))
	sliceTaintedTwice = makeSlice(sliceName, nodeName, 0, devices(func(ds []core.Device) {
		ds[0].Taints = []core.DeviceTaint{taint1, taint2}
	}))
	slice2 = makeSlice(sliceName+"-2", nodeName2, 1, devices(nil))
)

func rule(name string, selector *core.DeviceTaintSelector, t core.DeviceTaint) core.DeviceTaintRule {
	return core.DeviceTaintRule{Name: name, Selector: selector, Taint: t}
}

var (
	ruleEvict               = rule("evict", &core.DeviceTaintSelector{Driver: str(driver)}, taint)
	ruleEvictInstance1      = rule("evict-instance", &core.DeviceTaintSelector{Driver: str(driver), Device: str("instance")}, taint)
	ruleEvictInstance2Later = rule("evict-instance-no-execute", &core.DeviceTaintSelector{Driver: str(driver), Device: str("instance-no-execute")},
		taintWith(taintKey, taintValue, core.DeviceTaintEffectNoExecute, at(taintTimeLater)))
	ruleNone       = rule("evict", &core.DeviceTaintSelector{Driver: str(driver)}, taintWith(taintKey, taintValue, core.DeviceTaintEffectNone, at(taintTime)))
	ruleEvictOther = rule("evict-other", &core.DeviceTaintSelector{Device: str("instance")}, taint)
)

func result(device string) core.DeviceRequestAllocationResult {
	return core.DeviceRequestAllocationResult{Driver: driver, Pool: nodeName, Device: device, Request: "req-1"}
}

func podController(name, uid string) *core.ControllerReference {
	return &core.ControllerReference{APIVersion: "v1", Kind: "Pod", Name: name, UID: uid}
}

func reservedFor(name, uid string) core.ResourceClaimConsumerReference {
	return core.ResourceClaimConsumerReference{Resource: "pods", Name: name, UID: uid}
}

var (
	claim      = core.ResourceClaim{Namespace: namespace, Name: claimName, Requests: []core.DeviceRequest{{Name: "req-1"}}}
	inUseClaim = func() core.ResourceClaim {
		c := claim
		c.Controller = podController(podName, podUID)
		c.Allocation = &core.AllocationResult{Results: []core.DeviceRequestAllocationResult{result("instance")}}
		c.ReservedFor = []core.ResourceClaimConsumerReference{reservedFor(podName, podUID)}
		return c
	}()
	otherDevices             = &core.AllocationResult{Results: []core.DeviceRequestAllocationResult{result("instance-no-schedule"), result("instance-no-execute")}}
	inUseClaimOtherNamespace = func() core.ResourceClaim {
		c := claim
		c.Namespace += "-other"
		c.Controller = podController(podName, podUID+"-2")
		c.Allocation = otherDevices
		c.ReservedFor = []core.ResourceClaimConsumerReference{reservedFor(podName, podUID+"-2")}
		return c
	}()
	inUseClaimOtherName = func() core.ResourceClaim {
		c := claim
		c.Name += "-other"
		c.Controller = podController(podName+"-other", podUID+"-3")
		c.Allocation = otherDevices
		c.ReservedFor = []core.ResourceClaimConsumerReference{reservedFor(podName+"-other", podUID+"-3")}
		return c
	}()
	inUseClaimOtherNameShared = func() core.ResourceClaim {
		c := inUseClaimOtherName
		c.ReservedFor = []core.ResourceClaimConsumerReference{reservedFor(podName, podUID), reservedFor(podName+"-other", podUID+"-3")}
		return c
	}()
	inUseClaimOld = func() core.ResourceClaim {
		c := inUseClaim
		c.Controller = podController(podName, podUID+"-other")
		c.UID = "other"
		return c
	}()
	inUseClaimWithToleration = withTolerations(inUseClaim, core.DeviceToleration{Key: taintKey, Operator: core.DeviceTolerationOpEqual,
		Value: taintValue, Effect: core.DeviceTaintEffectNoExecute, TolerationSeconds: secs(int64(tolerationDuration.Seconds()))})
)

// withTolerations copies the claim with tolerations on its first result.
func withTolerations(c core.ResourceClaim, tolerations ...core.DeviceToleration) core.ResourceClaim {
	alloc := *c.Allocation
	alloc.Results = append([]core.DeviceRequestAllocationResult(nil), alloc.Results...)
	alloc.Results[0].Tolerations = tolerations
	c.Allocation = &alloc
	return c
}

func pod(name, ns, uid, node string, claims ...core.PodResourceClaim) core.ClaimPod {
	return core.ClaimPod{Name: name, Namespace: ns, UID: uid, NodeName: node, ResourceClaims: claims}
}

func byName(claim string) core.PodResourceClaim {
	return core.PodResourceClaim{Name: resourceName, ResourceClaimName: str(claim)}
}

var (
	unscheduledPodWithClaimName    = pod(podName, namespace, podUID, "", byName(claimName))
	podWithClaimName               = pod(podName, namespace, podUID, nodeName, byName(claimName))
	podWithTwoClaimNames           = pod(podName, namespace, podUID, nodeName, byName(claimName), core.PodResourceClaim{Name: resourceName + "-other", ResourceClaimName: str(claimName + "-other")})
	podWithClaimNameOtherUID       = pod(podName, namespace, podUID+"-other", nodeName, byName(claimName))
	podWithClaimNameOtherNamespace = pod(podName, namespace+"-other", podUID+"-2", nodeName, byName(claimName))
	podWithClaimNameOtherName      = pod(podName+"-other", namespace, podUID+"-3", nodeName, byName(claimName+"-other"))
	podWithClaimTemplate           = pod(podName, namespace, podUID, nodeName, core.PodResourceClaim{Name: resourceName, ResourceClaimTemplateName: str(claimName)})
	podWithClaimTemplateInStatus   = func() core.ClaimPod {
		p := podWithClaimTemplate
		p.ResourceClaimStatuses = []core.PodResourceClaimStatus{{Name: resourceName, ResourceClaimName: str(claimName)}}
		return p
	}()
	podWithClaimTemplateNoClaimInStatus = func() core.ClaimPod {
		p := podWithClaimTemplate
		p.ResourceClaimStatuses = []core.PodResourceClaimStatus{{Name: resourceName}}
		return p
	}()
	podWithoutClaimsScheduled            = pod(podName, namespace, podUID, nodeName)
	podWithExtendedResourceClaimInStatus = func() core.ClaimPod {
		p := podWithoutClaimsScheduled
		p.ExtendedResourceClaimName = claimName
		return p
	}()
)

// reasonNames renders reasons as upstream's newEvictionTime arguments name
// them: "rule <name>" or "slice <name> <device> #<taint index>".
func reasonNames(reasons []devicetainteviction.Reason) []string {
	var out []string
	for _, r := range reasons {
		if r.Rule != "" {
			out = append(out, "rule "+r.Rule)
			continue
		}
		out = append(out, "slice "+r.Slice+" "+r.Device+" #"+strconv.Itoa(r.TaintIndex))
	}
	return out
}
