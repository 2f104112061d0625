package manifest

import (
	"bytes"
	"testing"

	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

// BenchmarkDecodeDevices decodes the cluster-sized device inventory
// (clustersnapshot.DeviceScale: 5,000 nodes' ResourceSlices of 8 GPUs and
// 20,000 ResourceClaims, as `kubectl get -o yaml` lists them) and reports,
// beside ns/op and B/op, each part's time as a multiple of decoding the
// node-only snapshot of the same 5,000 nodes (BenchmarkDecodeNodes5000's
// text), measured in the same run: x-nodes.
//
// The slices and the claims are each decoded as two texts, each within
// what one editor reads (maxObjects objects, maxYAMLTokens items).
func BenchmarkDecodeDevices(b *testing.B) {
	nodes := nodeListYAML(b, clustersnapshot.DeviceScale.Nodes)
	scale := clustersnapshot.DeviceScale
	inventoryTexts := writeParts(b, scale.Nodes, 2, func(out *bytes.Buffer, part clustersnapshot.Part) error {
		return clustersnapshot.WriteInventory(out, scale, part, clustersnapshot.YAML)
	})
	claimTexts := writeParts(b, scale.Claims, 2, func(out *bytes.Buffer, part clustersnapshot.Part) error {
		return clustersnapshot.WriteClaims(out, scale, part, clustersnapshot.YAML)
	})
	decodeNodes := func(b *testing.B) {
		if got, _, diags := DecodeInventory(nodes, nil); len(got) != clustersnapshot.DeviceScale.Nodes || len(diags) != 0 {
			b.Fatalf("%d nodes, diagnostics %v", len(got), diags)
		}
	}
	decodeInventory := func(b *testing.B) {
		slices := 0
		for _, text := range inventoryTexts {
			_, inv, diags := DecodeInventory(text, nil)
			if len(diags) != 0 {
				b.Fatalf("diagnostics %v", diags)
			}
			slices += len(inv.Slices)
		}
		if slices != scale.Nodes {
			b.Fatalf("%d slices", slices)
		}
	}
	decodeClaims := func(b *testing.B) {
		claims := 0
		for _, text := range claimTexts {
			_, read, diags := DecodeClaims(text, nil)
			if len(diags) != 0 {
				b.Fatalf("diagnostics %v", diags)
			}
			claims += len(read.Claims)
		}
		if claims != scale.Claims {
			b.Fatalf("%d claims", claims)
		}
	}
	// baseline is the node-only part's ns/op, which runs first.
	var baseline float64
	for _, part := range []struct {
		name   string
		bytes  int
		decode func(*testing.B)
	}{
		{"nodes-5000", len(nodes), decodeNodes},
		{"slices-5000x8", totalLen(inventoryTexts), decodeInventory},
		{"claims-20000", totalLen(claimTexts), decodeClaims},
	} {
		b.Run(part.name, func(b *testing.B) {
			b.SetBytes(int64(part.bytes))
			b.ReportAllocs()
			for b.Loop() {
				part.decode(b)
			}
			nsPerOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if part.name == "nodes-5000" {
				baseline = nsPerOp
			}
			b.ReportMetric(nsPerOp/baseline, "x-nodes")
		})
	}
}

// writeParts writes total items as parts texts.
func writeParts(b *testing.B, total, parts int, write func(*bytes.Buffer, clustersnapshot.Part) error) []string {
	var texts []string
	size := (total + parts - 1) / parts
	for first := 0; first < total; first += size {
		var text bytes.Buffer
		if err := write(&text, clustersnapshot.Part{First: first, Count: size}); err != nil {
			b.Fatal(err)
		}
		texts = append(texts, text.String())
	}
	return texts
}

func totalLen(texts []string) int {
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	return n
}
