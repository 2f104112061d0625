package devicetainteviction_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
)

// TestSnapshotAgreesOnControllerCases checks, on every upstream controller
// case, that a Snapshot answers as the package's functions do, and that the
// taints ResultTaints lists device by device give the claim's deadline: the
// earliest of theirs, none when none evicts.
func TestSnapshotAgreesOnControllerCases(t *testing.T) {
	for _, tc := range controllerCases {
		t.Run(tc.name, func(t *testing.T) {
			c := &devicetainteviction.Cluster{Slices: tc.slices, Rules: tc.rules, Claims: tc.claims}
			snap := devicetainteviction.NewSnapshot(c)
			for i := range tc.pods {
				want := devicetainteviction.PodEviction(&tc.pods[i], c, taintTime)
				if diff := cmp.Diff(want, snap.PodEviction(&tc.pods[i], taintTime)); diff != "" {
					t.Errorf("pod %s (-PodEviction +Snapshot):\n%s", tc.pods[i].Name, diff)
				}
			}
			for i := range tc.claims {
				claim := &tc.claims[i]
				if claim.Allocation == nil {
					continue
				}
				want := devicetainteviction.ClaimEvictionTime(claim, c)
				if diff := cmp.Diff(want, snap.ClaimEvictionTime(claim)); diff != "" {
					t.Errorf("claim %s (-ClaimEvictionTime +Snapshot):\n%s", claim.Name, diff)
				}
				var earliest *time.Time
				for r := range claim.Allocation.Results {
					evicting, _ := snap.ResultTaints(claim, r)
					for _, reason := range evicting {
						if reason.Result != r {
							t.Errorf("claim %s result %d: a reason names result %d", claim.Name, r, reason.Result)
						}
						if earliest == nil || reason.Deadline.Before(*earliest) {
							earliest = reason.Deadline
						}
					}
				}
				switch {
				case want == nil && earliest != nil:
					t.Errorf("claim %s: no eviction, but ResultTaints has a deadline %v", claim.Name, earliest)
				case want != nil && (earliest == nil || !earliest.Equal(want.When)):
					t.Errorf("claim %s: eviction at %v, ResultTaints' earliest deadline %v", claim.Name, want.When, earliest)
				}
			}
		})
	}
}
