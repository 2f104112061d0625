package clustersnapshot

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
)

// TestDeviceClusterReadsAsWritten loads a small device cluster and its
// node-only counterpart as the command line does (one stream), in both
// formats: they hold the same nodes and pods, every claim's pod uses its
// claim in the device cluster and none does without, and the device
// verdicts are those of a cluster with failing GPUs and a drained node: a
// pod evicted now, one evicted later (seed 24 puts a NoExecute health taint
// on a device whose claim tolerates it for 300 s), the others staying.
func TestDeviceClusterReadsAsWritten(t *testing.T) {
	spec, devices := Spec{Nodes: 20, Pods: 100, Seed: 7}, DeviceSpec{Nodes: 12, DevicesPerNode: 8, Claims: 96, Seed: 24}
	for _, format := range []Format{JSON, YAML} {
		load := func(withDevices bool) *engine.Workspace {
			var text bytes.Buffer
			if err := WriteDeviceCluster(&text, spec, devices, withDevices, format); err != nil {
				t.Fatal(err)
			}
			s, err := manifest.DecodeStream(&text, core.NewProblemCap(), manifest.StreamLimits{Nodes: 100, Pods: 1000}, nil)
			if err != nil {
				t.Fatal(err)
			}
			return engine.LoadDecoded(engine.Decoded{Nodes: s.Nodes, Pods: s.Pods, Inventory: s.Inventory, Claims: s.Claims, Diagnostics: s.Diagnostics},
				core.DefaultOptions(), core.NewProblemCap(), engine.MaxPairs)
		}
		nodeOnly, withDevices := load(false), load(true)
		if e := errors(nodeOnly) + errors(withDevices); e != 0 {
			t.Fatalf("%s: %d error(s)", format, e)
		}
		if diff := cmp.Diff(names(nodeOnly), names(withDevices)); diff != "" || len(nodeOnly.Pods) != spec.Pods+devices.Claims {
			t.Fatalf("%s: %d pods; the two hold other nodes and pods (-node-only +devices):\n%s", format, len(nodeOnly.Pods), diff)
		}
		if nodeOnly.HasDevices() || len(withDevices.Slices) != devices.Nodes || len(withDevices.Claims) != devices.Claims {
			t.Fatalf("%s: node-only has devices %v; devices: %d slices, %d claims", format, nodeOnly.HasDevices(), len(withDevices.Slices), len(withDevices.Claims))
		}
		s := withDevices.Verdicts().Summary
		if s.EvictedNow == 0 || s.EvictedLater == 0 || s.Stays == 0 {
			t.Errorf("%s: summary %+v: want pods evicted now (the drain), later (a tolerated failing GPU) and staying", format, s)
		}
	}
}

// names are the workspace's nodes and pods, and for each pod whether it
// uses a claim.
func names(ws *engine.Workspace) []string {
	var out []string
	for i := range ws.Nodes {
		out = append(out, ws.Nodes[i].Name)
	}
	for i := range ws.Pods {
		out = append(out, ws.Pods[i].Namespace+"/"+ws.Pods[i].Name)
	}
	return out
}

// errors counts the workspace's errors (the snapshot's workloads have
// warnings by design).
func errors(ws *engine.Workspace) int {
	n := 0
	for i := range ws.Diagnostics {
		if ws.Diagnostics[i].Severity == core.SeverityError {
			n++
		}
	}
	return n
}
