package clustersnapshot

import (
	"bytes"
	"slices"
	"sort"
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
		if err := WriteInventory(&inventory, spec, Part{}, format); err != nil {
			t.Fatal(err)
		}
		if err := WriteClaims(&claims, spec, Part{}, format); err != nil {
			t.Fatal(err)
		}
		_, inv, diags := manifest.DecodeInventory(inventory.String(), nil)
		if len(diags) != 0 || len(inv.Slices) != spec.Nodes || len(inv.DeviceClasses) != 1 || len(inv.DeviceTaintRules) != 3 {
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

// TestPartsMakeTheWhole checks that the same DeviceSpec writes the same
// bytes, and that its parts hold the whole's items, each once.
func TestPartsMakeTheWhole(t *testing.T) {
	spec := DeviceSpec{Nodes: 5, DevicesPerNode: 4, Claims: 10, Seed: 9}
	var whole, again bytes.Buffer
	if err := WriteInventory(&whole, spec, Part{}, YAML); err != nil {
		t.Fatal(err)
	}
	if err := WriteInventory(&again, spec, Part{}, YAML); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(whole.Bytes(), again.Bytes()) {
		t.Error("the same DeviceSpec wrote different inventories")
	}
	item := func(text []byte) []string {
		var items []string
		for _, chunk := range bytes.Split(text, []byte("\n- ")) {
			items = append(items, string(bytes.TrimSpace(bytes.TrimSuffix(chunk, []byte("kind: List\nmetadata:\n  resourceVersion: \"\"\n")))))
		}
		return items[1:]
	}
	var parts []string
	for _, part := range []Part{{First: 0, Count: 2}, {First: 2, Count: 3}} {
		var text bytes.Buffer
		if err := WriteInventory(&text, spec, part, YAML); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, item(text.Bytes())...)
	}
	want := item(whole.Bytes())
	// The class and the rule come after the first part's slices.
	sort.Strings(parts)
	sort.Strings(want)
	if !slices.Equal(parts, want) {
		t.Errorf("the parts hold other items than the whole:\n%q\n%q", parts, want)
	}
}
