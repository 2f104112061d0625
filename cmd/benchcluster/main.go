// Command benchcluster is `make bench`'s cluster snapshot section: it writes
// generated snapshots (internal/clustersnapshot) to a temporary directory,
// never to the repository, and runs the command line's check and whatif on
// each, printing wall time and maximum resident memory, beside upstream's
// own decoding of the same file into k8s.io/api types (clustersnapshot's
// TestUpstreamDecodes, run from its test binary so that k8s.io/api stays in
// test files), as a ratio. Each run is a child process, so its maximum RSS
// is its own.
//
//	go run ./cmd/benchcluster [-sizes 100x2000,5000x150000] [-managed-fields]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

func main() {
	sizes := flag.String("sizes", "100x2000,500x15000,5000x150000", "snapshots to measure, NODESxPODS, comma-separated")
	managedFields := flag.Bool("managed-fields", false, "write metadata.managedFields into the snapshots, as kubectl does")
	format := flag.String("o", "json", "json or yaml")
	flag.Parse()
	if err := run(*sizes, *managedFields, clustersnapshot.Format(*format)); err != nil {
		fmt.Fprintln(os.Stderr, "benchcluster:", err)
		os.Exit(2)
	}
}

// run measures each size in turn, deleting each snapshot once measured.
func run(sizes string, managedFields bool, format clustersnapshot.Format) error {
	dir, err := os.MkdirTemp("", "benchcluster")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	b := binaries{cli: filepath.Join(dir, "taint-playground"), upstream: filepath.Join(dir, "clustersnapshot.test")}
	for _, build := range [][]string{
		{"build", "-o", b.cli, "./cmd/taint-playground"},
		{"test", "-c", "-o", b.upstream, "./internal/clustersnapshot"},
	} {
		if out, err := exec.Command("go", build...).CombinedOutput(); err != nil {
			return fmt.Errorf("go %s: %v\n%s", strings.Join(build, " "), err, out)
		}
	}
	fmt.Println("Cluster snapshot: the command line on `kubectl get nodes,pods -A -o " + string(format) + "` of a generated cluster")
	for _, size := range strings.Split(sizes, ",") {
		spec := clustersnapshot.Spec{Seed: 1, ManagedFields: managedFields}
		if _, err := fmt.Sscanf(size, "%dx%d", &spec.Nodes, &spec.Pods); err != nil {
			return fmt.Errorf("size %q is not NODESxPODS", size)
		}
		if err := measure(dir, b, spec, format); err != nil {
			return err
		}
	}
	return nil
}

// binaries are the programs measured: the command line, and the test
// binary whose TestUpstreamDecodes decodes a file as upstream does.
type binaries struct{ cli, upstream string }

// measure writes one snapshot and times what runs on it.
func measure(dir string, b binaries, spec clustersnapshot.Spec, format clustersnapshot.Format) error {
	file := filepath.Join(dir, fmt.Sprintf("cluster-%dx%d.%s", spec.Nodes, spec.Pods, format))
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	werr := clustersnapshot.Write(out, spec, format)
	if err := out.Close(); werr != nil || err != nil {
		return fmt.Errorf("writing %s: %v %v", file, werr, err)
	}
	defer os.Remove(file)
	info, err := os.Stat(file)
	if err != nil {
		return err
	}
	fmt.Printf("\n%d nodes, %d pods, managedFields %v: %.1f MB\n", spec.Nodes, spec.Pods, spec.ManagedFields, float64(info.Size())/1e6)
	upstream := child([]string{clustersnapshot.UpstreamDecodeEnv + "=" + file}, b.upstream, "-test.run", "^TestUpstreamDecodes$")
	fmt.Printf("  %-64s %s\n", "upstream: decoded into k8s.io/api types (v1.List, then each item)", upstream)
	for _, args := range [][]string{
		{"check", "-f", file, "-o", "json"},
		{"whatif", "-f", file, "--", "kubectl", "taint", "nodes", "-l", "pool=gpu", "nvidia.com/gpu=present:NoExecute"},
	} {
		r := child(nil, b.cli, args...)
		fmt.Printf("  %-64s %s%s\n", "taint-playground "+args[0], r, r.ratio(upstream))
	}
	return nil
}
