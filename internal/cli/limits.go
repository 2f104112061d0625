package cli

import (
	"fmt"

	"github.com/taint-playground/taint-playground/engine/manifest"
)

// The command line's own limits, for one input read as a stream
// (loadStream): twice Kubernetes' scalability limits of 5,000 nodes and
// 150,000 pods, which a cluster at those limits fits with room to spare.
// What it keeps, not the text, is what costs memory, so the bound on the
// text only stops an input that never ends (`-f /dev/zero`). The page keeps
// its own limits (manifest.MaxInputBytes, engine.MaxPairs), as do several
// inputs given together (readInputs).
const (
	// clusterNodes is the most nodes one input may hold: twice 5,000, and
	// the most one text defines (the decoder's maxObjects).
	clusterNodes = 10_000
	// clusterPods is the most pods one input may hold: twice 150,000.
	clusterPods = 300_000
	// clusterBytes bounds one input's text: 8 GiB. `kubectl get nodes,pods
	// -A -o json` of 5,000 nodes and 150,000 pods with managedFields is
	// about 1.9 GB (12.6 KB a pod, clustersnapshot), so twice the limits are
	// about 3.8 GB.
	clusterBytes = 8 << 30
	// clusterPairs is the most pod × node pairs check judges.
	clusterPairs = clusterNodes * clusterPods
	// clusterDeviceObjects is the most resource.k8s.io objects of each
	// side one input may hold: a ResourceClaim for each of clusterPods pods,
	// or as many ResourceSlices and rules.
	clusterDeviceObjects = clusterPods
)

// streamLimits are the limits as the stream decoder takes them.
var streamLimits = manifest.StreamLimits{Nodes: clusterNodes, Pods: clusterPods, DeviceObjects: clusterDeviceObjects}

// errTooLarge is the error for an input over clusterBytes.
func errTooLarge(name string) error {
	return fmt.Errorf("%s: the input is too large: one input may hold up to 8 GiB (%d bytes), twice a cluster at Kubernetes' scalability limits (5,000 nodes, 150,000 pods) with managedFields; reading stopped there",
		name, int64(clusterBytes))
}
