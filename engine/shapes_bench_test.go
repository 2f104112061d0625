package engine_test

import (
	"fmt"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples/generated"
)

// BenchmarkVerdictsByShape judges every pod of a generated cluster pair by
// pair (every pod against every node, as Verdicts did) and by shape (as it
// does now), up to generated.Large: 5,000 nodes and 151,500 pods, the
// Kubernetes scalability limit, far over MaxPairs, so both are called
// without that bound. Run it with -benchtime 1x: pair by pair takes a
// minute there.
//
//	go test ./engine -run '^$' -bench VerdictsByShape -benchtime 1x -benchmem
func BenchmarkVerdictsByShape(b *testing.B) {
	for _, spec := range []generated.Spec{{Nodes: 500, PodsPerNode: 30, Seed: 1}, generated.Large} {
		w := generated.Cluster(spec)
		for _, way := range []struct {
			name    string
			verdict func(*engine.Workspace) *engine.Verdicts
		}{
			{"pair-by-pair", (*engine.Workspace).VerdictsPairByPair},
			{"by-shape", (*engine.Workspace).VerdictsByShape},
		} {
			b.Run(fmt.Sprintf("nodes=%d/pods=%d/%s", len(w.Nodes), len(w.Pods), way.name), func(b *testing.B) {
				for b.Loop() {
					way.verdict(w)
				}
			})
		}
	}
}
