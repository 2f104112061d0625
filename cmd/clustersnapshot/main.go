// Command clustersnapshot writes a generated cluster snapshot (package
// internal/clustersnapshot) to standard output, for `make bench` and for
// trying the command line on a cluster at the scalability limits:
//
//	go run ./cmd/clustersnapshot -nodes 5000 -pods 150000 > /tmp/cluster.json
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

func main() {
	spec := clustersnapshot.Scalability
	flag.IntVar(&spec.Nodes, "nodes", spec.Nodes, "nodes in the snapshot")
	flag.IntVar(&spec.Pods, "pods", spec.Pods, "pods in the snapshot, the DaemonSets' included")
	flag.Uint64Var(&spec.Seed, "seed", spec.Seed, "the seed: the same flags write the same bytes")
	flag.BoolVar(&spec.ManagedFields, "managed-fields", spec.ManagedFields, "write metadata.managedFields, as kubectl prints them")
	format := flag.String("o", "json", "json or yaml, as kubectl's -o")
	flag.Parse()
	if err := clustersnapshot.Write(os.Stdout, spec, clustersnapshot.Format(*format)); err != nil {
		fmt.Fprintln(os.Stderr, "clustersnapshot:", err)
		os.Exit(2)
	}
}
