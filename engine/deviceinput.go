package engine

import (
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
)

// DeviceInput is the device side of a workspace, as DeviceVerdicts reads it:
// the cluster's inventory (ResourceSlices, DeviceTaintRules), the workload's
// ResourceClaims and the pods that use them, and the time the verdicts are
// for (taints count from their timeAdded).
type DeviceInput struct {
	Slices []core.ResourceSlice
	Rules  []core.DeviceTaintRule
	Claims []core.ResourceClaim
	Pods   []core.ClaimPod
	Now    time.Time
	// Candidates lists the devices the allocator may consider for a request
	// of a claim ("name", or "name/sub" for a firstAvailable entry): the
	// devices of the request's DeviceClass that its selectors pick. nil
	// means every published device is a candidate, which is what the
	// allocator's taint check sees when classes and selectors match all.
	Candidates func(claim *core.ResourceClaim, request string) []Candidate
}

// Candidate is a device a request's class and selectors may pick. Unknown
// says why it counts although a selector outside the CEL subset could not
// decide (deviceselector.Unknown); empty when the selectors match it.
type Candidate struct {
	DeviceRef
	Unknown string
}

// DeviceRef names one device as an allocation result does.
type DeviceRef struct {
	Driver string `json:"driver"`
	Pool   string `json:"pool"`
	Device string `json:"device"`
}

// String writes the reference as driver/pool/device.
func (r DeviceRef) String() string { return r.Driver + "/" + r.Pool + "/" + r.Device }

// publishedDevice is one device of a pool's current generation.
type publishedDevice struct {
	slice  *core.ResourceSlice
	device *core.Device
}

// deviceIndex holds the devices of every pool's highest generation, in
// input order, as the allocator gathers pools: older slices are being
// replaced and are not offered.
type deviceIndex struct {
	order  []DeviceRef
	byName map[DeviceRef]publishedDevice
}

func indexDevices(slices []core.ResourceSlice) *deviceIndex {
	generation := map[[2]string]int64{}
	for i := range slices {
		key := [2]string{slices[i].Driver, slices[i].Pool}
		if g, ok := generation[key]; !ok || slices[i].PoolGeneration > g {
			generation[key] = slices[i].PoolGeneration
		}
	}
	idx := &deviceIndex{byName: map[DeviceRef]publishedDevice{}}
	for i := range slices {
		s := &slices[i]
		if generation[[2]string{s.Driver, s.Pool}] != s.PoolGeneration {
			continue
		}
		for d := range s.Devices {
			ref := DeviceRef{Driver: s.Driver, Pool: s.Pool, Device: s.Devices[d].Name}
			if _, dup := idx.byName[ref]; dup {
				continue
			}
			idx.order = append(idx.order, ref)
			idx.byName[ref] = publishedDevice{slice: s, device: &s.Devices[d]}
		}
	}
	return idx
}
