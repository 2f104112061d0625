package engine_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	resourceapi "k8s.io/api/resource/v1"
	"k8s.io/dynamic-resource-allocation/resourceclaim"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
)

// deviceGen draws device inventories, claims and pods from the oracle grids.
type deviceGen struct{ r *rand.Rand }

func (g deviceGen) pick(n int) int { return g.r.IntN(n) }

func (g deviceGen) taint() core.DeviceTaint {
	added := devNow.Add(time.Duration(g.pick(1200)-1000) * time.Second)
	return core.DeviceTaint{Key: upstream.DeviceOracleKeys[g.pick(len(upstream.DeviceOracleKeys))],
		Value:     upstream.DeviceOracleValues[g.pick(len(upstream.DeviceOracleValues))],
		Effect:    upstream.DeviceOracleEffects[g.pick(len(upstream.DeviceOracleEffects))],
		TimeAdded: &added}
}

func (g deviceGen) tolerations() []core.DeviceToleration {
	seconds := []*int64{nil, ptr(int64(-5)), ptr(int64(0)), ptr(int64(30)), ptr(int64(600))}
	var out []core.DeviceToleration
	for range g.pick(3) {
		out = append(out, core.DeviceToleration{Key: upstream.DeviceOracleKeys[g.pick(len(upstream.DeviceOracleKeys))],
			Operator:          upstream.DeviceOracleOperators[g.pick(len(upstream.DeviceOracleOperators))],
			Value:             upstream.DeviceOracleValues[g.pick(len(upstream.DeviceOracleValues))],
			Effect:            upstream.DeviceOracleEffects[g.pick(len(upstream.DeviceOracleEffects))],
			TolerationSeconds: seconds[g.pick(len(seconds))]})
	}
	return out
}

// input draws 1–3 slices of two drivers and pools (generation 0 or 1),
// 0–2 rules, 1–4 claims (half allocated, the result's tolerations usually
// the request's) and 1–3 pods, pending or running.
func (g deviceGen) input() engine.DeviceInput {
	in := engine.DeviceInput{Now: devNow}
	var refs []engine.DeviceRef
	for s := range 1 + g.pick(3) {
		slice := core.ResourceSlice{Name: fmt.Sprint("slice-", s), Driver: fmt.Sprint("d", g.pick(2)), Pool: fmt.Sprint("p", g.pick(2)),
			PoolGeneration: int64(g.pick(2))}
		for d := range 1 + g.pick(3) {
			dev := core.Device{Name: fmt.Sprint("dev-", d)}
			for range g.pick(3) {
				dev.Taints = append(dev.Taints, g.taint())
			}
			slice.Devices = append(slice.Devices, dev)
			refs = append(refs, engine.DeviceRef{Driver: slice.Driver, Pool: slice.Pool, Device: dev.Name})
		}
		in.Slices = append(in.Slices, slice)
	}
	for r := range g.pick(3) {
		rule := core.DeviceTaintRule{Name: fmt.Sprint("rule-", r), Taint: g.taint()}
		if g.pick(4) > 0 {
			rule.Selector = &core.DeviceTaintSelector{}
			if g.pick(2) == 0 {
				rule.Selector.Driver = ptr(fmt.Sprint("d", g.pick(2)))
			}
			if g.pick(2) == 0 {
				rule.Selector.Device = ptr(fmt.Sprint("dev-", g.pick(3)))
			}
		}
		in.Rules = append(in.Rules, rule)
	}
	pods := 1 + g.pick(3)
	for c := range 1 + g.pick(4) {
		claim := core.ResourceClaim{Namespace: namespaceA, Name: fmt.Sprint("claim-", c)}
		for q := range 1 + g.pick(2) {
			claim.Requests = append(claim.Requests, core.DeviceRequest{Name: fmt.Sprint("req-", q), Tolerations: g.tolerations()})
		}
		if g.pick(2) == 0 {
			claim.Allocation = &core.AllocationResult{}
			for _, q := range claim.Requests {
				ref := refs[g.pick(len(refs))]
				copied := q.Tolerations
				if g.pick(5) == 0 {
					copied = g.tolerations()
				}
				claim.Allocation.Results = append(claim.Allocation.Results, core.DeviceRequestAllocationResult{
					Request: q.Name, Driver: ref.Driver, Pool: ref.Pool, Device: ref.Device, Tolerations: copied})
			}
			for p := range pods {
				if g.pick(3) > 0 {
					claim.ReservedFor = append(claim.ReservedFor, core.ResourceClaimConsumerReference{Resource: "pods", UID: fmt.Sprint("uid-pod-", p)})
				}
			}
		}
		in.Claims = append(in.Claims, claim)
	}
	for p := range pods {
		node := ""
		if g.pick(2) == 0 {
			node = "node-1"
		}
		var claims []string
		for range 1 + g.pick(2) {
			claims = append(claims, fmt.Sprint("claim-", g.pick(len(in.Claims)+1)))
		}
		in.Pods = append(in.Pods, claimPod(fmt.Sprint("pod-", p), node, claims...))
	}
	return in
}

// upstreamDeviceTaints lists the taints the scheduler sees on a device, in
// upstream's types: the slice's, then each matching rule's.
func upstreamDeviceTaints(in *engine.DeviceInput, slice *core.ResourceSlice, device *core.Device, ref engine.DeviceRef) []resourceapi.DeviceTaint {
	var out []resourceapi.DeviceTaint
	if device != nil {
		for i := range device.Taints {
			out = append(out, upstream.ToV1DeviceTaint(&device.Taints[i]))
		}
	}
	for i := range in.Rules {
		s := in.Rules[i].Selector
		if s != nil && (s.Driver == nil || *s.Driver == ref.Driver) && (s.Pool == nil || *s.Pool == ref.Pool) && (s.Device == nil || *s.Device == ref.Device) {
			out = append(out, upstream.ToV1DeviceTaint(&in.Rules[i].Taint))
		}
	}
	return out
}

func v1Tolerations(tolerations []core.DeviceToleration) []resourceapi.DeviceToleration {
	var out []resourceapi.DeviceToleration
	for i := range tolerations {
		out = append(out, upstream.ToV1DeviceToleration(&tolerations[i]))
	}
	return out
}

// currentDevices are the devices of each pool's highest generation.
func currentDevices(in *engine.DeviceInput) map[engine.DeviceRef][2]any {
	highest := map[[2]string]int64{}
	for _, s := range in.Slices {
		key := [2]string{s.Driver, s.Pool}
		if g, ok := highest[key]; !ok || s.PoolGeneration > g {
			highest[key] = s.PoolGeneration
		}
	}
	out := map[engine.DeviceRef][2]any{}
	for i := range in.Slices {
		s := &in.Slices[i]
		if s.PoolGeneration != highest[[2]string{s.Driver, s.Pool}] {
			continue
		}
		for d := range s.Devices {
			ref := engine.DeviceRef{Driver: s.Driver, Pool: s.Pool, Device: s.Devices[d].Name}
			if _, dup := out[ref]; !dup {
				out[ref] = [2]any{s, &s.Devices[d]}
			}
		}
	}
	return out
}

// upstreamSchedulable restates the allocator's verdict on a pending pod's
// claims over upstream's types and ToleratesTaint (taintPreventsAllocation):
// every claim exists, and each request of an unallocated one has a current
// device none of whose NoSchedule or NoExecute taints is untolerated.
func upstreamSchedulable(in *engine.DeviceInput, pod *core.ClaimPod) bool {
	devices := currentDevices(in)
	for _, ref := range core.PodClaims(pod) {
		var claim *core.ResourceClaim
		for i := range in.Claims {
			if in.Claims[i].Namespace == pod.Namespace && in.Claims[i].Name == ref.Claim {
				claim = &in.Claims[i]
				break
			}
		}
		if claim == nil {
			return false
		}
		if claim.Allocation != nil {
			continue
		}
		for _, q := range claim.Requests {
			found := false
			for dref, pub := range devices {
				taints := upstreamDeviceTaints(in, pub[0].(*core.ResourceSlice), pub[1].(*core.Device), dref)
				if !upstreamPrevents(taints, v1Tolerations(q.Tolerations)) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
	}
	return true
}

func upstreamPrevents(taints []resourceapi.DeviceTaint, tolerations []resourceapi.DeviceToleration) bool {
	for _, taint := range taints {
		if taint.Effect != resourceapi.DeviceTaintEffectNoSchedule && taint.Effect != resourceapi.DeviceTaintEffectNoExecute {
			continue
		}
		tolerated := false
		for _, tol := range tolerations {
			if resourceclaim.ToleratesTaint(tol, taint) {
				tolerated = true
				break
			}
		}
		if !tolerated {
			return true
		}
	}
	return false
}

// upstreamDeadline restates the controller's rule for one NoExecute taint
// over upstream's ToleratesTaint: forever when a matching NoExecute
// toleration has no tolerationSeconds, else timeAdded plus the smallest
// matching tolerationSeconds (≥ 0), or timeAdded without one.
func upstreamDeadline(taint resourceapi.DeviceTaint, tolerations []resourceapi.DeviceToleration) (deadline time.Time, forever bool) {
	var seconds *int64
	for _, tol := range tolerations {
		if tol.Effect != resourceapi.DeviceTaintEffectNoExecute || !resourceclaim.ToleratesTaint(tol, taint) {
			continue
		}
		if tol.TolerationSeconds == nil {
			return time.Time{}, true
		}
		if s := max(*tol.TolerationSeconds, 0); seconds == nil || s < *seconds {
			seconds = &s
		}
	}
	deadline = taint.TimeAdded.Time
	if seconds != nil {
		deadline = deadline.Add(time.Duration(*seconds) * time.Second)
	}
	return deadline, false
}

// TestDeviceVerdictsAgreeWithUpstream holds the verdicts, on 3,000
// generated inventories, to upstream's matching (k8s.io/dynamic-resource-
// allocation resourceclaim.ToleratesTaint) as the allocator's taint check
// and the eviction controller apply it: a pending pod's schedulable or not;
// every NoExecute taint of an allocated device, forever or its deadline; and
// a running pod's verdict and deadline, the earliest over its counted
// claims' devices.
func TestDeviceVerdictsAgreeWithUpstream(t *testing.T) {
	g := deviceGen{rand.New(rand.NewPCG(23, 5055))}
	seen := map[string]int{}
	for trial := range 3000 {
		in := g.input()
		for _, pd := range engine.DeviceVerdicts(&in) {
			seen[pd.Verdict]++
			seen[string(pd.Reason.ID)]++
			pod := &in.Pods[pd.Pod]
			if pod.NodeName == "" {
				if want := upstreamSchedulable(&in, pod); (pd.Verdict == engine.VerdictSchedulable) != want {
					t.Fatalf("trial %d, %s: verdict %s, upstream schedulable=%v\n%+v", trial, pod.Name, pd.Verdict, want, in)
				}
				continue
			}
			checkRunning(t, trial, &in, &pd)
		}
	}
	// The generator must reach every verdict and the reasons that differ
	// from node taints, or the comparison proves little.
	for _, want := range []string{engine.VerdictSchedulable, engine.VerdictUnschedulable, engine.VerdictStays,
		engine.VerdictEvictedNow, engine.VerdictEvictedLater, "device.pod.stays.forever", "device.pod.cannot-schedule"} {
		if seen[want] == 0 {
			t.Errorf("no generated pod got %s: %v", want, seen)
		}
	}
}

// checkRunning checks a running pod's device verdict against the restated
// controller.
func checkRunning(t *testing.T, trial int, in *engine.DeviceInput, pd *engine.PodDevices) {
	t.Helper()
	var earliest *time.Time
	anyForever := false
	for _, c := range pd.Claims {
		if c.Skipped != "" {
			continue
		}
		for _, r := range c.Requests {
			for _, d := range r.Devices {
				for _, tv := range d.Taints {
					if tv.Taint.Effect != core.DeviceTaintEffectNoExecute {
						if tv.Forever || tv.Deadline != nil {
							t.Fatalf("trial %d, %s: a %s taint has a deadline", trial, pd.Name, tv.Taint.Effect)
						}
						continue
					}
					deadline, forever := upstreamDeadline(upstream.ToV1DeviceTaint(tv.Taint), v1Tolerations(d.Tolerations))
					if forever != tv.Forever || !forever && (tv.Deadline == nil || !tv.Deadline.Equal(deadline)) {
						t.Fatalf("trial %d, %s, device %s, taint %s: forever=%v deadline=%v, upstream forever=%v deadline=%v",
							trial, pd.Name, d.DeviceRef, tv.Taint.Key, tv.Forever, tv.Deadline, forever, deadline)
					}
					anyForever = anyForever || forever
					if !forever && (earliest == nil || deadline.Before(*earliest)) {
						earliest = &deadline
					}
				}
			}
		}
	}
	var want string
	switch {
	case earliest == nil:
		want = engine.VerdictStays
	case !earliest.After(in.Now):
		want = engine.VerdictEvictedNow
	default:
		want = engine.VerdictEvictedLater
	}
	if pd.Verdict != want || earliest != nil && (pd.Eviction.At == nil || !pd.Eviction.At.Equal(*earliest)) {
		t.Fatalf("trial %d, %s: verdict %s at %v, upstream %s at %v", trial, pd.Name, pd.Verdict, pd.Eviction.At, want, earliest)
	}
	if want == engine.VerdictStays && anyForever != (pd.Reason.ID == "device.pod.stays.forever") {
		t.Fatalf("trial %d, %s: reason %s, some taint tolerated forever: %v", trial, pd.Name, pd.Reason.ID, anyForever)
	}
}
