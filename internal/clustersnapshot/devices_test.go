package clustersnapshot

import (
	"bytes"
	"testing"

	"github.com/taint-playground/taint-playground/engine/manifest"
)

// TestDevicesReadAsWritten decodes a small inventory and its claims, in
// both formats, with the engine's decoders: every slice, device and claim
// is read, nothing is reported, and the claims point at devices that exist.
func TestDevicesReadAsWritten(t *testing.T) {
	spec := DeviceSpec{Nodes: 12, DevicesPerNode: 8, Claims: 100, Seed: 3}
	for _, format := range []Format{YAML, JSON} {
		var inventory, claims bytes.Buffer
		if err := WriteInventory(&inventory, spec, format); err != nil {
			t.Fatal(err)
		}
		if err := WriteClaims(&claims, spec, format); err != nil {
			t.Fatal(err)
		}
		_, inv, diags := manifest.DecodeInventory(inventory.String(), nil)
		if len(diags) != 0 || len(inv.Slices) != spec.Nodes || len(inv.DeviceClasses) != 1 || len(inv.DeviceTaintRules) != 1 {
			t.Fatalf("%s: %d slices, %d classes, %d rules, diagnostics %v", format, len(inv.Slices), len(inv.DeviceClasses), len(inv.DeviceTaintRules), diags)
		}
		devices := map[string]bool{}
		for _, s := range inv.Slices {
			for _, d := range s.Devices {
				devices[s.Pool+"/"+d.Name] = true
			}
		}
		_, read, diags := manifest.DecodeClaims(claims.String(), nil)
		if len(diags) != 0 || len(read.Claims) != spec.Claims {
			t.Fatalf("%s: %d claims, diagnostics %v", format, len(read.Claims), diags)
		}
		for _, c := range read.Claims {
			result := c.Allocation.Results[0]
			if !devices[result.Pool+"/"+result.Device] || len(c.ReservedFor) != 1 {
				t.Fatalf("%s: claim %s is allocated %s/%s, which the inventory does not have", format, c.Name, result.Pool, result.Device)
			}
		}
	}
}

func TestSameDeviceSpecWritesSameBytes(t *testing.T) {
	spec := DeviceSpec{Nodes: 5, DevicesPerNode: 4, Claims: 10, Seed: 9}
	var a, b bytes.Buffer
	if err := WriteInventory(&a, spec, YAML); err != nil {
		t.Fatal(err)
	}
	if err := WriteInventory(&b, spec, YAML); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same DeviceSpec wrote different inventories")
	}
}
