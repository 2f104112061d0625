// Command benchcluster is `make bench`'s cluster snapshot section: it writes
// generated snapshots (internal/clustersnapshot) to a temporary directory,
// never to the repository, and runs the command line's check and whatif on
// each, printing wall time and maximum resident memory, beside upstream's
// own decoding of the same file into k8s.io/api types (clustersnapshot's
// TestUpstreamDecodes, run from its test binary so that k8s.io/api stays in
// test files), as a ratio. Each run is a child process, so its maximum RSS
// is its own.
//
// Upstream decodes only the formats in -upstream, JSON by default: its
// decoding of the 5,000 × 150,000 YAML form (sigs.k8s.io/yaml to JSON, then
// each item) grew past 23 GB and would starve the machine. Later formats'
// runs are compared with the first format's, as the YAML form's time
// against the JSON form's.
//
// Then the device cluster (-devices, issue 23's 5,000 nodes × 8 GPUs and
// 20,000 claims by default) is checked beside the node-only snapshot of the
// same nodes and pods (measureDevices).
//
//	go run ./cmd/benchcluster [-sizes 100x2000,5000x150000] [-managed-fields] [-o json,yaml] [-upstream json] [-devices 5000x8x20000]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

func main() {
	sizes := flag.String("sizes", "100x2000,500x15000,5000x150000", "snapshots to measure, NODESxPODS, comma-separated")
	managedFields := flag.Bool("managed-fields", false, "write metadata.managedFields into the snapshots, as kubectl does")
	formats := flag.String("o", "json", "formats to measure, json and yaml, comma-separated; later ones are compared with the first")
	upstream := flag.String("upstream", "json", "formats upstream decodes too, comma-separated (none: \"\"); its YAML decoding of 5000x150000 outgrows 23 GB")
	devicesFlag := flag.String("devices", "5000x8x20000", "the device cluster, NODESxDEVICESxCLAIMS, checked beside the node-only snapshot of the same nodes and pods (none: \"\")")
	flag.Parse()
	devices, err := parseDevices(*devicesFlag)
	if err == nil {
		err = run(list(*sizes), *managedFields, list(*formats), list(*upstream), devices)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcluster:", err)
		os.Exit(2)
	}
}

// list is a comma-separated flag's items, none for "".
func list(flag string) []string {
	if flag == "" {
		return nil
	}
	return strings.Split(flag, ",")
}

// run measures each size in turn, in each format, deleting each snapshot
// once measured, then the device cluster unless devices is nil.
func run(sizes []string, managedFields bool, formats, upstreamFormats []string, devices *clustersnapshot.DeviceSpec) error {
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
	fmt.Println("Cluster snapshot: the command line on `kubectl get nodes,pods -A -o " + strings.Join(formats, "|") + "` of a generated cluster")
	for _, size := range sizes {
		spec := clustersnapshot.Spec{Seed: 1, ManagedFields: managedFields}
		if _, err := fmt.Sscanf(size, "%dx%d", &spec.Nodes, &spec.Pods); err != nil {
			return fmt.Errorf("size %q is not NODESxPODS", size)
		}
		var first *measured
		for _, format := range formats {
			m, err := measure(dir, b, spec, clustersnapshot.Format(format), slices.Contains(upstreamFormats, format), first)
			if err != nil {
				return err
			}
			if first == nil {
				first = &m
			}
		}
	}
	if devices == nil {
		return nil
	}
	return measureDevices(dir, b, *devices, managedFields, formats)
}

// binaries are the programs measured: the command line, and the test
// binary whose TestUpstreamDecodes decodes a file as upstream does.
type binaries struct{ cli, upstream string }

// measured is one format's runs: upstream's (when it ran) and the
// command line's, by command.
type measured struct {
	format   clustersnapshot.Format
	upstream result
	commands map[string]result
}

// measure writes one snapshot and times what runs on it: upstream's
// decoding when decodeUpstream, then check and whatif, each against
// upstream's decoding and against the first format's same command.
func measure(dir string, b binaries, spec clustersnapshot.Spec, format clustersnapshot.Format, decodeUpstream bool, first *measured) (measured, error) {
	m := measured{format: format, commands: map[string]result{}}
	file := filepath.Join(dir, fmt.Sprintf("cluster-%dx%d.%s", spec.Nodes, spec.Pods, format))
	out, err := os.Create(file)
	if err != nil {
		return m, err
	}
	werr := clustersnapshot.Write(out, spec, format)
	if err := out.Close(); werr != nil || err != nil {
		return m, fmt.Errorf("writing %s: %v %v", file, werr, err)
	}
	defer os.Remove(file)
	info, err := os.Stat(file)
	if err != nil {
		return m, err
	}
	fmt.Printf("\n%d nodes, %d pods, managedFields %v, %s: %.1f MB\n", spec.Nodes, spec.Pods, spec.ManagedFields, format, float64(info.Size())/1e6)
	if decodeUpstream {
		m.upstream = child([]string{clustersnapshot.UpstreamDecodeEnv + "=" + file}, b.upstream, "-test.run", "^TestUpstreamDecodes$")
		fmt.Printf("  %-64s %s\n", "upstream: decoded into k8s.io/api types (v1.List, then each item)", m.upstream)
	}
	for _, args := range [][]string{
		{"check", "-f", file, "-o", "json"},
		{"whatif", "-f", file, "--", "kubectl", "taint", "nodes", "-l", "pool=gpu", "nvidia.com/gpu=present:NoExecute"},
	} {
		r := child(nil, b.cli, args...)
		m.commands[args[0]] = r
		against := r.ratio(m.upstream)
		if first != nil {
			against += r.against(first.commands[args[0]], string(first.format))
		}
		fmt.Printf("  %-64s %s%s\n", "taint-playground "+args[0], r, against)
	}
	return m, nil
}
