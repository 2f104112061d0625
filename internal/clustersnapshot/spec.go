package clustersnapshot

import (
	"fmt"
	"math/rand/v2"
)

// Spec says which snapshot to write; the same Spec always writes the same
// bytes.
type Spec struct {
	Nodes int
	Pods  int
	Seed  uint64
	// ManagedFields adds metadata.managedFields to every object, as
	// kubectl prints them unless --show-managed-fields=false: about half of
	// the bytes of a real snapshot.
	ManagedFields bool
}

// Scalability is the Kubernetes scalability limit the issue asks for: 5,000
// nodes and 150,000 pods (30 per node), with managedFields.
var Scalability = Spec{Nodes: 5000, Pods: 150_000, Seed: 1, ManagedFields: true}

// Validate names what is out of range: a snapshot needs a node, and room for
// the DaemonSets' pod on every node.
func (s Spec) Validate() error {
	switch {
	case s.Nodes < 1:
		return fmt.Errorf("nodes: %d is less than 1", s.Nodes)
	case s.Pods < len(daemonSets)*s.Nodes:
		return fmt.Errorf("pods: %d is less than %d, the DaemonSets' pods on %d node(s)", s.Pods, len(daemonSets)*s.Nodes, s.Nodes)
	}
	return nil
}

// PendingPercent is the share of the ReplicaSets' pods left pending (no
// spec.nodeName), as a cluster that scales up or lacks capacity has.
const PendingPercent = 2

// newRandom is the snapshot's source of numbers: PCG, whose sequence for a
// seed is fixed by its specification, so a Spec writes the same bytes with
// every Go release.
func newRandom(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed))
}
