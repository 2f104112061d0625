package main

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"syscall"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

// deviceRuns is how many times section 9 reads each snapshot; it reports
// the least CPU time of each step (user and system, the fairer figure on a
// busy machine, garbage collection included).
const deviceRuns = 3

// deviceDecodeTarget is how many times the node-only snapshot's decoding
// the device cluster's may take (issue 23: "in the same order of time").
const deviceDecodeTarget = 3.0

// deviceCluster prints section 9: issue 23's cluster-sized device inventory
// (clustersnapshot.DeviceScale: 5,000 nodes × 8 GPUs, 20,000 claims and
// their pods, the DeviceTaintRules) read and judged as the command line
// reads one input (manifest.DecodeStream, engine.LoadDecoded, Verdicts),
// beside the node-only snapshot of the same nodes and pods
// (clustersnapshot.WriteDeviceCluster), step by step, with the ratio, as
// kubectl's -o json and -o yaml print them.
// make bench-cluster times the command line itself on both.
func (r *benchRun) deviceCluster() error {
	devices := clustersnapshot.DeviceScale
	spec := clustersnapshot.Spec{Nodes: devices.Nodes, Pods: 2 * devices.Nodes, Seed: 1}
	fmt.Printf("9. A device cluster, %d nodes × %d GPUs and %d ResourceClaims with their pods, beside the node-only snapshot of the same %d nodes and %d pods (CPU time, least of %d runs)\n",
		devices.Nodes, devices.DevicesPerNode, devices.Claims, spec.Nodes, spec.Pods+devices.Claims, deviceRuns)
	for _, format := range []clustersnapshot.Format{clustersnapshot.JSON, clustersnapshot.YAML} {
		var steps [2]deviceSteps
		for i, withDevices := range []bool{false, true} {
			var text bytes.Buffer
			if err := clustersnapshot.WriteDeviceCluster(&text, spec, devices, withDevices, format); err != nil {
				return err
			}
			limits := manifest.StreamLimits{Nodes: spec.Nodes, Pods: spec.Pods + devices.Claims, DeviceObjects: devices.Claims}
			s, err := timeDeviceSteps(text.Bytes(), limits)
			if err != nil {
				return err
			}
			steps[i] = s
			fmt.Printf("   %-4s %-10s %6.1f MB: decode %s, load %s, verdicts %s\n", format,
				map[bool]string{false: "node-only", true: "devices"}[withDevices], float64(text.Len())/1e6, seconds(s.decode), seconds(s.load), seconds(s.verdicts))
		}
		ratio := func(d func(deviceSteps) time.Duration) float64 { return d(steps[1]).Seconds() / d(steps[0]).Seconds() }
		decode := ratio(func(s deviceSteps) time.Duration { return s.decode })
		fmt.Printf("   %-4s devices ÷ node-only: decode ×%.2f (target ≤ ×%.0f), load ×%.2f, verdicts ×%.2f, all ×%.2f\n", format, decode, deviceDecodeTarget,
			ratio(func(s deviceSteps) time.Duration { return s.load }), ratio(func(s deviceSteps) time.Duration { return s.verdicts }),
			ratio(func(s deviceSteps) time.Duration { return s.decode + s.load + s.verdicts }))
		r.targets.add(fmt.Sprintf("device cluster's %s decoding ÷ node-only's (issue 23)", format), fmt.Sprintf("×%.2f", decode),
			fmt.Sprintf("≤ ×%.0f", deviceDecodeTarget), decode <= deviceDecodeTarget)
	}
	fmt.Println()
	return nil
}

// deviceSteps are the least CPU times of one snapshot's steps.
type deviceSteps struct{ decode, load, verdicts time.Duration }

// timeDeviceSteps decodes, loads and judges text deviceRuns times, with a
// collection before each step so that none pays for the one before.
func timeDeviceSteps(text []byte, limits manifest.StreamLimits) (deviceSteps, error) {
	var decode, load, verdicts []time.Duration
	for range deviceRuns {
		runtime.GC()
		start := cpuTime()
		s, err := manifest.DecodeStream(bytes.NewReader(text), core.NewProblemCap(), limits, nil)
		if err != nil {
			return deviceSteps{}, err
		}
		decode = append(decode, cpuTime()-start)
		runtime.GC()
		start = cpuTime()
		ws := engine.LoadDecoded(engine.Decoded{Nodes: s.Nodes, Pods: s.Pods, Inventory: s.Inventory, Claims: s.Claims, Diagnostics: s.Diagnostics},
			core.DefaultOptions(), core.NewProblemCap(), len(s.Nodes)*len(s.Pods))
		load = append(load, cpuTime()-start)
		runtime.GC()
		start = cpuTime()
		v := ws.Verdicts()
		verdicts = append(verdicts, cpuTime()-start)
		if v.Summary.Errors > 0 || v.Summary.Pods != limits.Pods {
			return deviceSteps{}, fmt.Errorf("the snapshot judged %d pods of %d, with %d error(s)", v.Summary.Pods, limits.Pods, v.Summary.Errors)
		}
	}
	return deviceSteps{decode: slices.Min(decode), load: slices.Min(load), verdicts: slices.Min(verdicts)}, nil
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

// cpuTime is the user and system time this process has used so far.
func cpuTime() time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}
