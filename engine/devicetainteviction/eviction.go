package devicetainteviction

import (
	"math"
	"sort"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Cluster is what the controller's informers hold: every ResourceSlice,
// DeviceTaintRule and ResourceClaim. Claims are looked up by namespace and
// name; only allocated ones matter.
type Cluster struct {
	Slices []core.ResourceSlice
	Rules  []core.DeviceTaintRule
	Claims []core.ResourceClaim
}

// Reason is one taint that makes the controller evict, with where it was
// met: the upstream reason (the taint and its origin, a slice's device taint
// or a DeviceTaintRule) and, as data for the page, the claim, the allocated
// device and the toleration that set its deadline.
type Reason struct {
	core.TrackedDeviceTaint
	// Claim is the claim's namespace/name and Result the index of the
	// allocated device in its status.allocation.devices.results.
	Claim  string `json:"claim"`
	Result int    `json:"result"`
	// Request, Driver, Pool and Device are that result's.
	Request string `json:"request"`
	Driver  string `json:"driver"`
	Pool    string `json:"pool"`
	Device  string `json:"device"`
	// Toleration is the index in the result's tolerations of the matching
	// NoExecute toleration with the smallest tolerationSeconds (the first of
	// equals), or -1 when none matches and the taint is not tolerated at all.
	Toleration int `json:"toleration"`
	// Seconds is that toleration's tolerationSeconds, clamped to ≥ 0; 0 when
	// there is no toleration.
	Seconds int64 `json:"seconds"`
	// Deadline is TimeAdded plus Seconds; nil when the taint has no
	// timeAdded (the apiserver always sets one).
	Deadline *time.Time `json:"deadline,omitempty"`
}

// ClaimEviction is when the pods using a claim must be evicted and why
// (upstream evictionAndReason).
type ClaimEviction struct {
	// When is the earliest Deadline of Reasons.
	When time.Time `json:"when"`
	// Reasons are the NoExecute taints not tolerated forever, each origin
	// once, in upstream's order (compareReasons). For a taint met on several
	// devices, the occurrence with the earliest deadline is kept.
	Reasons []Reason `json:"reasons"`
	// Tolerated are the NoExecute taints a toleration without
	// tolerationSeconds tolerates forever; they never evict.
	Tolerated []Reason `json:"tolerated,omitempty"`
}

// evictingRules is the controller's evictingRules: the rules whose taint
// has effect NoExecute, which are the only ones it reads.
func evictingRules(rules []core.DeviceTaintRule) []*core.DeviceTaintRule {
	var out []*core.DeviceTaintRule
	for i := range rules {
		if rules[i].Taint.Effect == core.DeviceTaintEffectNoExecute {
			out = append(out, &rules[i])
		}
	}
	return out
}

// ClaimEvictionTime is when the pods using an allocated claim must be
// evicted, as upstream claimEvictionTime computes it; nil when never or when
// the claim is not allocated. For every allocated device, in results order:
//
//  1. The device is looked up in its driver's pool, among the slices of the
//     pool's highest generation only (getDevice); a device no longer
//     published has no slice taints.
//  2. Its taints are the slice's NoExecute taints, then the taint of every
//     NoExecute DeviceTaintRule that matches the result's driver, pool and
//     device (allEvictingDeviceTaints). None and unknown effects never count.
//  3. Only the result's own copy of the tolerations is read, and only those
//     whose effect is exactly NoExecute: one with an empty effect does not
//     protect.
//  4. A matching toleration without tolerationSeconds tolerates the taint
//     forever, whatever the other tolerations say: the taint is skipped.
//  5. Otherwise the smallest tolerationSeconds of all matching tolerations,
//     clamped to ≥ 0, is added to the taint's timeAdded; with none the
//     deadline is timeAdded itself.
//  6. The claim's time is the earliest deadline over all devices and taints.
func ClaimEvictionTime(claim *core.ResourceClaim, c *Cluster) *ClaimEviction {
	return claimEvictionTime(claim, indexPools(c.Slices), evictingRules(c.Rules))
}

func claimEvictionTime(claim *core.ResourceClaim, pools pools, rules []*core.DeviceTaintRule) *ClaimEviction {
	if claim.Allocation == nil {
		return nil
	}
	when, reasons, tolerated := claimTaints(claim, pools, rules)
	if when == nil {
		return nil
	}
	return &ClaimEviction{When: *when, Reasons: reasons, Tolerated: tolerated}
}

// claimTaints walks the NoExecute taints of an allocated claim's devices
// (steps 1 to 6 of ClaimEvictionTime): the earliest deadline, the taints
// that evict, and those tolerated forever, which a claim that never evicts
// still reports to the page.
func claimTaints(claim *core.ResourceClaim, pools pools, rules []*core.DeviceTaintRule) (when *time.Time, reasons, tolerated []Reason) {
	for r := range claim.Allocation.Results {
		result := &claim.Allocation.Results[r]
		slice, device := pools.getDevice(result.Driver, result.Pool, result.Device)
		for _, tt := range allEvictingDeviceTaints(result, slice, device, rules) {
			reason := Reason{TrackedDeviceTaint: tt, Claim: claimKey(claim), Result: r, Request: result.Request,
				Driver: result.Driver, Pool: result.Pool, Device: result.Device, Toleration: -1}
			if forever := toleratedBy(&reason, result.Tolerations); forever {
				tolerated = addReason(tolerated, reason)
				continue
			}
			reasons = addReason(reasons, reason)
			// Upstream: the first deadline seen, then any earlier one; a nil
			// deadline never replaces a time.
			if when == nil || reason.Deadline != nil && reason.Deadline.Before(*when) {
				when = reason.Deadline
			}
		}
	}
	return when, reasons, tolerated
}

// toleratedBy fills in the reason's toleration, seconds and deadline
// (steps 3 to 5 of ClaimEvictionTime) and reports whether the taint is
// tolerated forever, in which case Toleration names the toleration that does.
func toleratedBy(reason *Reason, tolerations []core.DeviceToleration) (forever bool) {
	taint := reason.Taint
	seconds := int64(math.MaxInt64)
	for i := range tolerations {
		tol := &tolerations[i]
		if tol.Effect != core.DeviceTaintEffectNoExecute || !tol.ToleratesTaint(taint) {
			continue
		}
		if tol.TolerationSeconds == nil {
			reason.Toleration, reason.Seconds, reason.Deadline = i, 0, nil
			return true
		}
		if s := max(*tol.TolerationSeconds, 0); s < seconds {
			seconds, reason.Toleration = s, i
		}
	}
	if taint.TimeAdded == nil {
		return false
	}
	deadline := *taint.TimeAdded
	if reason.Toleration >= 0 {
		reason.Seconds = seconds
		// As upstream: time.Duration(seconds) * time.Second, which wraps
		// around past about 292 years.
		deadline = deadline.Add(time.Duration(seconds) * time.Second)
	}
	reason.Deadline = &deadline
	return false
}

// allEvictingDeviceTaints lists the NoExecute taints of an allocated device
// (step 2 of ClaimEvictionTime): the slice's, in order, then the rules', by
// rule name (upstream walks a map; the order never changes the outcome).
func allEvictingDeviceTaints(result *core.DeviceRequestAllocationResult, slice *core.ResourceSlice, device *core.Device, rules []*core.DeviceTaintRule) []core.TrackedDeviceTaint {
	var out []core.TrackedDeviceTaint
	if device != nil {
		for i := range device.Taints {
			if device.Taints[i].Effect == core.DeviceTaintEffectNoExecute {
				out = append(out, core.TrackedDeviceTaint{Taint: &device.Taints[i], Slice: slice.Name, TaintIndex: i})
			}
		}
	}
	for _, rule := range rules {
		if rule.MatchesDevice(result.Driver, result.Pool, result.Device) {
			out = append(out, core.TrackedDeviceTaint{Taint: &rule.Taint, Rule: rule.Name})
		}
	}
	return out
}

// addReason adds a reason unless one of the same origin is there already,
// keeping the one with the earlier deadline, and keeps the list in
// upstream's order. It searches and inserts by hand: slices.BinarySearchFunc
// and slices.Insert, compiled for Reason alone, cost the WASM 6.8 KB of code.
func addReason(reasons []Reason, r Reason) []Reason {
	i := sort.Search(len(reasons), func(k int) bool { return compareReasons(reasons[k], r) >= 0 })
	if i == len(reasons) || compareReasons(reasons[i], r) != 0 {
		reasons = append(reasons, Reason{})
		copy(reasons[i+1:], reasons[i:])
		reasons[i] = r
		return reasons
	}
	if r.Deadline != nil && (reasons[i].Deadline == nil || r.Deadline.Before(*reasons[i].Deadline)) {
		reasons[i] = r
	}
	return reasons
}

// compareReasons orders reasons as upstream trackedTaint.Compare does:
// rules first, by name; then slice taints by driver, pool, device and taint
// index. Two reasons that compare equal are the same taint.
func compareReasons(a, b Reason) int {
	switch {
	case a.Rule != "" && b.Rule == "":
		return -1
	case a.Rule == "" && b.Rule != "":
		return 1
	case a.Rule != "":
		return strings.Compare(a.Rule, b.Rule)
	}
	if c := strings.Compare(a.Driver, b.Driver); c != 0 {
		return c
	}
	if c := strings.Compare(a.Pool, b.Pool); c != 0 {
		return c
	}
	if c := strings.Compare(a.Device, b.Device); c != 0 {
		return c
	}
	return a.TaintIndex - b.TaintIndex
}

func claimKey(claim *core.ResourceClaim) string {
	return claim.Namespace + "/" + claim.Name
}

// pools indexes slices by driver and pool, with each pool's highest
// generation (upstream's pools map and pool.maxGeneration).
type pools map[[2]string]*pool

type pool struct {
	slices        []*core.ResourceSlice
	maxGeneration int64
}

func indexPools(slices []core.ResourceSlice) pools {
	p := pools{}
	for i := range slices {
		s := &slices[i]
		key := [2]string{s.Driver, s.Pool}
		entry := p[key]
		if entry == nil {
			entry = &pool{maxGeneration: math.MinInt64}
			p[key] = entry
		}
		entry.slices = append(entry.slices, s)
		entry.maxGeneration = max(entry.maxGeneration, s.PoolGeneration)
	}
	return p
}

// getDevice finds a device by name among the slices of the pool's highest
// generation; older slices are being replaced and are ignored.
func (p pools) getDevice(driver, poolName, device string) (*core.ResourceSlice, *core.Device) {
	entry := p[[2]string{driver, poolName}]
	if entry == nil {
		return nil, nil
	}
	for _, s := range entry.slices {
		if s.PoolGeneration != entry.maxGeneration {
			continue
		}
		for i := range s.Devices {
			if s.Devices[i].Name == device {
				return s, &s.Devices[i]
			}
		}
	}
	return nil, nil
}
