package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

// parseDevices reads -devices, NODESxDEVICESxCLAIMS; nil for "".
func parseDevices(flag string) (*clustersnapshot.DeviceSpec, error) {
	if flag == "" {
		return nil, nil
	}
	spec := clustersnapshot.DeviceSpec{Seed: 1}
	if _, err := fmt.Sscanf(flag, "%dx%dx%d", &spec.Nodes, &spec.DevicesPerNode, &spec.Claims); err != nil {
		return nil, fmt.Errorf("-devices %q is not NODESxDEVICESxCLAIMS", flag)
	}
	return &spec, nil
}

// measureDevices times check on the device cluster of devices
// (clustersnapshot.WriteDeviceCluster: the nodes' DaemonSet pods, a pod per
// claim, the ResourceSlices, DeviceClass, DeviceTaintRules and claims)
// against the node-only snapshot of the same nodes and pods, in each
// format: issue 23 asks that the devices cost the same order of time.
func measureDevices(dir string, b binaries, devices clustersnapshot.DeviceSpec, managedFields bool, formats []string) error {
	spec := clustersnapshot.Spec{Nodes: devices.Nodes, Pods: 2 * devices.Nodes, Seed: 1, ManagedFields: managedFields}
	fmt.Printf("\nDevice cluster: %d nodes × %d GPUs (ResourceSlices), %d ResourceClaims and their pods, 3 DeviceTaintRules, beside the node-only snapshot of the same %d nodes and %d pods\n",
		devices.Nodes, devices.DevicesPerNode, devices.Claims, spec.Nodes, spec.Pods+devices.Claims)
	for _, format := range formats {
		var nodeOnly result
		for _, withDevices := range []bool{false, true} {
			name := map[bool]string{false: "node-only", true: "devices"}[withDevices]
			file := filepath.Join(dir, fmt.Sprintf("%s.%s", name, format))
			size, err := writeDeviceCluster(file, spec, devices, withDevices, clustersnapshot.Format(format))
			if err != nil {
				return err
			}
			r := child(nil, b.cli, "check", "-f", file, "-o", "json")
			os.Remove(file)
			against := ""
			if withDevices {
				against = r.against(nodeOnly, "node-only")
			} else {
				nodeOnly = r
			}
			fmt.Printf("  %-64s %s%s\n", fmt.Sprintf("%s, %s, %.1f MB: taint-playground check -o json", name, format, float64(size)/1e6), r, against)
		}
	}
	return nil
}

// writeDeviceCluster writes one snapshot of measureDevices to file and
// returns its size.
func writeDeviceCluster(file string, spec clustersnapshot.Spec, devices clustersnapshot.DeviceSpec, withDevices bool, format clustersnapshot.Format) (int64, error) {
	out, err := os.Create(file)
	if err != nil {
		return 0, err
	}
	werr := clustersnapshot.WriteDeviceCluster(out, spec, devices, withDevices, format)
	if err := out.Close(); werr != nil || err != nil {
		return 0, fmt.Errorf("writing %s: %v %v", file, werr, err)
	}
	info, err := os.Stat(file)
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}
