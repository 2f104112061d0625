package engine

import (
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
)

// Devices is what the editors hold of Dynamic Resource Allocation (device
// taints, KEP-5055): the Nodes editor's inventory (slices, rules, classes)
// and the Pods editor's claims and templates, each decoded strictly and
// validated as the apiserver does (manifest.DecodeInventory and
// DecodeClaims), their diagnostics among the Workspace's. The pods' side,
// which claims each pod uses, is on each Pod (Pod.Claims).
type Devices struct {
	Slices           []core.ResourceSlice
	DeviceTaintRules []core.DeviceTaintRule
	DeviceClasses    []core.DeviceClass
	Claims           []core.ResourceClaim
	ClaimTemplates   []core.ResourceClaimTemplate
}

// devicesOf joins what the two editors decoded.
func devicesOf(inventory manifest.Inventory, claims manifest.Claims) Devices {
	return Devices{Slices: inventory.Slices, DeviceTaintRules: inventory.DeviceTaintRules,
		DeviceClasses: inventory.DeviceClasses, Claims: claims.Claims, ClaimTemplates: claims.Templates}
}

// HasDevices reports whether the workspace holds any device object: the
// page and the report show device sections only then.
func (d *Devices) HasDevices() bool {
	return len(d.Slices) > 0 || len(d.DeviceTaintRules) > 0 || len(d.DeviceClasses) > 0 ||
		len(d.Claims) > 0 || len(d.ClaimTemplates) > 0
}
