package engine

import (
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/deviceselector"
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

// SelectorDiagnostics warns of each CEL selector, of a class or of a
// request, outside the subset deviceselector evaluates, naming the part it
// does not read: the devices it would pick count as candidates, and the
// page says so rather than guess.
func (d *Devices) SelectorDiagnostics() []core.Diagnostic {
	var diags []core.Diagnostic
	check := func(selectors []core.DeviceSelector) {
		for _, s := range selectors {
			if err := deviceselector.Compile(s.Expression).Err(); err != nil {
				diags = append(diags, core.Diagnostic{Severity: core.SeverityWarning, Code: core.CodeSelectorSubset,
					Message: selectorMessage(s.Source, err.Error()+"; the devices it would select count as candidates"),
					Source:  s.Source})
			}
		}
	}
	for i := range d.DeviceClasses {
		check(d.DeviceClasses[i].Selectors)
	}
	requests := func(list []core.DeviceRequest) {
		for i := range list {
			if list[i].Exactly != nil {
				check(list[i].Exactly.Selectors)
			}
			for j := range list[i].FirstAvailable {
				check(list[i].FirstAvailable[j].Selection.Selectors)
			}
		}
	}
	for i := range d.Claims {
		requests(d.Claims[i].Requests)
	}
	for i := range d.ClaimTemplates {
		requests(d.ClaimTemplates[i].Requests)
	}
	return diags
}

// selectorMessage puts the line and the field before a message, as the
// decoders' diagnostics read.
func selectorMessage(src core.Source, msg string) string {
	return "line " + strconv.Itoa(src.Line) + ": " + src.Field + ": " + msg
}
