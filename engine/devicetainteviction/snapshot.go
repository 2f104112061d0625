package devicetainteviction

import (
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Snapshot is a Cluster indexed once, as the controller's informers keep it:
// the claims and pools by name and the evicting rules. ClaimEvictionTime and
// PodEviction index the cluster on every call; a caller that asks about many
// claims or pods (every pod of a workspace, every device of a claim) asks the
// Snapshot instead and gets the same answers.
type Snapshot struct {
	claims claimIndex
	pools  pools
	rules  []*core.DeviceTaintRule
}

// NewSnapshot indexes c, which must not change while the Snapshot is used.
func NewSnapshot(c *Cluster) *Snapshot {
	return &Snapshot{claims: indexClaims(c.Claims), pools: indexPools(c.Slices), rules: evictingRules(c.Rules)}
}

// ClaimEvictionTime is the package's ClaimEvictionTime over the snapshot.
func (s *Snapshot) ClaimEvictionTime(claim *core.ResourceClaim) *ClaimEviction {
	return claimEvictionTime(claim, s.pools, s.rules)
}

// PodEviction is the package's PodEviction over the snapshot.
func (s *Snapshot) PodEviction(pod *core.ClaimPod, now time.Time) Eviction {
	return podEviction(pod, s.claims, s.pools, s.rules, now)
}

// ResultTaints lists the NoExecute taints of one allocated device of the
// claim (the result at index result of its allocation) as ClaimEvictionTime
// weighs them: those that evict, each with the toleration that sets its
// deadline, and those tolerated forever. A claim's reasons keep each origin
// once over all its devices; this keeps the device's own, for the page to
// show every device of a claim.
func (s *Snapshot) ResultTaints(claim *core.ResourceClaim, result int) (evicting, tolerated []Reason) {
	single := *claim
	single.Allocation = &core.AllocationResult{Results: claim.Allocation.Results[result : result+1]}
	_, evicting, tolerated = claimTaints(&single, s.pools, s.rules)
	for i := range evicting {
		evicting[i].Result = result
	}
	for i := range tolerated {
		tolerated[i].Result = result
	}
	return evicting, tolerated
}

// Claim finds a claim by namespace and name as the controller does; nil
// when there is none.
func (s *Snapshot) Claim(namespace, name string) *core.ResourceClaim {
	return s.claims[[2]string{namespace, name}]
}
