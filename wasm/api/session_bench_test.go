//go:build !js

// The benchmark reads internal/bench, which links chromedp: native only.

package api

import (
	"encoding/json"
	"testing"

	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/bench"
)

// BenchmarkSessionEvaluate is the page's evaluate natively, argument to
// answer (decode the argument, Load, EvaluatePage, the Envelope's JSON), on
// the inputs of make bench's three figures that go through it: the docs
// example, generated 500 nodes × 50 pods, and 10,000 pasted nodes with the
// docs example's pods.
// The WASM runs the same code some times slower, so this is where its cost
// is profiled:
//
//	go test ./wasm/api -run '^$' -bench SessionEvaluate -benchmem -count 5
func BenchmarkSessionEvaluate(b *testing.B) {
	docs, err := examples.Find("docs-three-taints")
	if err != nil {
		b.Fatal(err)
	}
	largeNodes, largePods := bench.Workspace(500, 50, 1)
	pastedNodes, _ := bench.Workspace(10000, 0, 1)
	for _, w := range []struct{ name, nodes, pods string }{
		{"docs", docs.Nodes, docs.Pods},
		{"500x50", largeNodes, largePods},
		{"pasted10000", pastedNodes, docs.Pods},
	} {
		arg, err := json.Marshal(map[string]string{"nodes": w.nodes, "pods": w.pods})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(w.name, func(b *testing.B) {
			b.SetBytes(int64(len(arg)))
			b.ReportAllocs()
			var s Session
			for b.Loop() {
				answer := Respond(s.Call("evaluate", arg))
				if len(answer) < len(`{"ok":true}`) || string(answer[:10]) != `{"ok":true` {
					b.Fatalf("answer %.200s", answer)
				}
			}
		})
	}
}
