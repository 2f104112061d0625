package manifest

import (
	"fmt"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
)

// resourceAPIVersion is the one version of resource.k8s.io the decoders
// read: v1, stable since Kubernetes v1.34, which device taints need.
const resourceAPIVersion = "resource.k8s.io/v1"

// Inventory is the Dynamic Resource Allocation side of the Nodes editor: the
// cluster's devices, as drivers publish them and administrators taint and
// classify them.
type Inventory struct {
	Slices           []core.ResourceSlice
	DeviceTaintRules []core.DeviceTaintRule
	DeviceClasses    []core.DeviceClass
}

// Claims is the Dynamic Resource Allocation side of the Pods editor: the
// claims pods use, and the templates claims are generated from.
type Claims struct {
	Claims    []core.ResourceClaim
	Templates []core.ResourceClaimTemplate
}

// inventoryKinds are the resource.k8s.io kinds the Nodes editor reads,
// claimKinds those the Pods editor reads.
var (
	inventoryKinds = map[string]bool{"ResourceSlice": true, "DeviceTaintRule": true, "DeviceClass": true}
	claimKinds     = map[string]bool{"ResourceClaim": true, "ResourceClaimTemplate": true}
)

// DecodeInventory reads the Nodes editor as DecodeNodesCapped does, and the
// resource.k8s.io/v1 objects in it (ResourceSlice, DeviceTaintRule,
// DeviceClass, alone, in their *List or in a v1 List), strictly, each
// error with its line and field, the apiserver's validation included.
func DecodeInventory(text string, problems *core.ProblemCap) ([]core.Node, Inventory, []core.Diagnostic) {
	d := newDecoder(core.EditorNodes, problems)
	nodes, diags := d.nodes(text)
	return nodes, d.inventory, diags
}

// DecodeClaims reads the Pods editor as DecodePodsCapped does, the pods'
// resourceClaims included (Pod.Claims), and the ResourceClaims and
// ResourceClaimTemplates in it.
func DecodeClaims(text string, problems *core.ProblemCap) ([]core.Pod, Claims, []core.Diagnostic) {
	d := newDecoder(core.EditorPods, problems)
	pods, diags := d.pods(text)
	return pods, d.claims, diags
}

// readsDeviceKind reports whether this editor reads objects of a
// resource.k8s.io kind.
func (d *decoder) readsDeviceKind(kind string) bool {
	if d.editor == core.EditorNodes {
		return inventoryKinds[kind]
	}
	return claimKinds[kind]
}

// deviceObject reads an object of a kind readsDeviceKind admits into the
// decoder's inventory or claims; it reports whether the kind was one.
// An object of another resource.k8s.io version is an error and is skipped:
// its fields differ from v1's.
func (d *decoder) deviceObject(obj yamlField, kind string) bool {
	if !d.readsDeviceKind(kind) {
		return false
	}
	if !d.isResourceV1(obj) {
		return true
	}
	if d.deviceObjects == d.maxDeviceObjects {
		d.report(core.SeverityError, core.CodeLimit, obj.source(), fmt.Sprintf("more than %d resource.k8s.io objects; the rest are not read", d.maxDeviceObjects))
		return true
	}
	d.deviceObjects++
	switch kind {
	case "ResourceSlice":
		if s, ok := d.yamlResourceSlice(obj); ok {
			d.inventory.Slices = append(d.inventory.Slices, s)
		}
	case "DeviceTaintRule":
		if r, ok := d.yamlDeviceTaintRule(obj); ok {
			d.inventory.DeviceTaintRules = append(d.inventory.DeviceTaintRules, r)
		}
	case "DeviceClass":
		if c, ok := d.yamlDeviceClass(obj); ok {
			d.inventory.DeviceClasses = append(d.inventory.DeviceClasses, c)
		}
	case "ResourceClaim":
		if c, ok := d.yamlResourceClaim(obj); ok {
			d.claims.Claims = append(d.claims.Claims, c)
		}
	case "ResourceClaimTemplate":
		if t, ok := d.yamlResourceClaimTemplate(obj); ok {
			d.claims.Templates = append(d.claims.Templates, t)
		}
	}
	return true
}

// writtenAsV1 reports whether an object's apiVersion is resource.k8s.io/v1
// or not written, without reporting anything: strict decoding checks only
// those against v1's fields.
func writtenAsV1(obj yamlField) bool {
	version := obj.field("apiVersion")
	if !version.present() || version.node.Kind != yaml3.ScalarNode {
		return !version.present()
	}
	return version.node.Value == resourceAPIVersion
}

// isResourceV1 reports whether an object's apiVersion, when written, is
// resource.k8s.io/v1; otherwise it says so.
func (d *decoder) isResourceV1(obj yamlField) bool {
	version := obj.field("apiVersion")
	written, ok := version.str()
	if !ok || written == "" || written == resourceAPIVersion {
		return ok
	}
	src := version.valueSource()
	d.report(core.SeverityError, core.CodeDecode, src, fmt.Sprintf("%q is not read: the device kinds are read as %s (Kubernetes v1.34 and later); skipped", written, resourceAPIVersion))
	return false
}

// wrongEditor names the editor an object of a kind belongs in, "" when it
// belongs in this one or in neither.
func (d *decoder) wrongEditor(kind string) string {
	switch {
	case kind == "Node" || inventoryKinds[kind]:
		if d.editor != core.EditorNodes {
			return "Nodes"
		}
	case isPodKind(kind) || claimKinds[kind]:
		if d.editor != core.EditorPods {
			return "Pods"
		}
	}
	return ""
}

// followedBy is the inventory with next's objects after its own, as a
// stream reads a wrapper's objects before its List's items.
func (inv Inventory) followedBy(next Inventory) Inventory {
	inv.Slices = append(inv.Slices, next.Slices...)
	inv.DeviceTaintRules = append(inv.DeviceTaintRules, next.DeviceTaintRules...)
	inv.DeviceClasses = append(inv.DeviceClasses, next.DeviceClasses...)
	return inv
}

// followedBy is the claims with next's after its own (see
// Inventory.followedBy).
func (c Claims) followedBy(next Claims) Claims {
	c.Claims = append(c.Claims, next.Claims...)
	c.Templates = append(c.Templates, next.Templates...)
	return c
}
