package manifest

import (
	"fmt"
	"strings"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// yamlResourceSlice reads a ResourceSlice: metadata.name, spec.driver,
// spec.pool (name, generation), spec.nodeName, and each device's name,
// attributes, capacities and taints; then validates it as the apiserver
// does (core.ValidateResourceSliceSpec and the node selection, here).
// A slice whose name or spec cannot be read is skipped.
func (d *decoder) yamlResourceSlice(obj yamlField) (core.ResourceSlice, bool) {
	name, ok := d.clusterScopedName(obj)
	spec := obj.field("spec")
	if !ok || !spec.mapping() {
		return core.ResourceSlice{}, false
	}
	driver, driverOK := spec.field("driver").str()
	pool := spec.field("pool")
	if !driverOK || !pool.mapping() {
		return core.ResourceSlice{}, false
	}
	poolName, poolOK := pool.field("name").str()
	generation, generationOK := pool.field("generation").int64()
	count, countOK := pool.field("resourceSliceCount").int64()
	nodeName, nodeOK := spec.field("nodeName").str()
	if !poolOK || !generationOK || !countOK || !nodeOK {
		return core.ResourceSlice{}, false
	}
	slice := core.ResourceSlice{Name: name, Driver: driver, Pool: poolName, NodeName: nodeName, Source: obj.source()}
	slice.Source.Fields, slice.Source.Columns = fieldPositions(spec.field("driver"), pool.field("name"),
		pool.field("generation"), pool.field("resourceSliceCount"))
	if generation != nil {
		slice.PoolGeneration = *generation
	}
	for _, item := range spec.field("devices").items() {
		if device, ok := d.yamlDevice(item); ok {
			slice.Devices = append(slice.Devices, device)
		}
	}
	var sliceCount int64
	if count != nil {
		sliceCount = *count
	}
	d.addDiagnostics(core.ValidateResourceSliceSpec(&slice, sliceCount))
	d.checkNodeSelection(obj, spec)
	return slice, true
}

// clusterScopedName reads and checks the metadata.name of a cluster-scoped
// object (ResourceSlice, DeviceTaintRule, DeviceClass); ok is false when it
// cannot be read.
func (d *decoder) clusterScopedName(obj yamlField) (string, bool) {
	meta := obj.field("metadata")
	if !meta.mapping() {
		return "", false
	}
	nameField, generateName := meta.field("name"), meta.field("generateName")
	name, nameOK := nameField.str()
	prefix, prefixOK := generateName.str()
	d.checkObjectMeta(obj, false, metaValue{nameField, name, nameOK}, metaValue{generateName, prefix, prefixOK}, metaValue{ok: true})
	if name == "" && prefix != "" {
		name = prefix + "…"
	}
	return name, nameOK && prefixOK
}

// fieldPositions are the lines and columns of written fields, keyed by
// their path ("spec.pool.name"), for a Source's Fields and Columns: core's
// validation points its errors there.
func fieldPositions(fields ...yamlField) (map[string]int, map[string]int) {
	lines, columns := make(map[string]int, len(fields)), make(map[string]int, len(fields))
	for _, f := range fields {
		if f.key != nil {
			path := f.path()
			lines[path], columns[path] = f.line(), f.column()
		}
	}
	return lines, columns
}

// nodeSelectionFields are the fields of which a slice sets exactly one.
var nodeSelectionFields = []string{"nodeName", "nodeSelector", "allNodes", "perDeviceNodeSelection"}

// checkNodeSelection is upstream validateResourceSliceSpec's check that
// exactly one of nodeSelectionFields is set (an empty nodeName, or a false
// allNodes or perDeviceNodeSelection, is an error of its own), with its
// messages.
func (d *decoder) checkNodeSelection(obj yamlField, spec yamlField) {
	var set []string
	for _, name := range nodeSelectionFields {
		f := spec.field(name)
		if !f.present() {
			continue
		}
		var value any
		if f.node.Kind == yaml3.ScalarNode {
			value, _ = d.scalars.value(f.node)
		}
		switch {
		case name == "nodeName" && value == "":
			d.add(core.SeverityError, core.CodeInvalid, f.valueSource(), `spec.nodeName: Invalid value: "": must be either unset or set to a non-empty string`, "")
		case (name == "allNodes" || name == "perDeviceNodeSelection") && value == false:
			d.add(core.SeverityError, core.CodeInvalid, f.valueSource(), "spec."+name+": Invalid value: false: must be either unset or set to true", "")
		default:
			set = append(set, "`"+name+"`")
		}
	}
	const detail = "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required"
	src := spec.source()
	if spec.key == nil {
		src = obj.source()
		src.Field = "spec"
	}
	switch len(set) {
	case 0:
		d.add(core.SeverityError, core.CodeInvalid, src, "spec: Required value: "+detail, "")
	case 1:
	default:
		d.add(core.SeverityError, core.CodeInvalid, src, fmt.Sprintf("spec: Invalid value: %q: %s, but multiple fields are set", "{"+strings.Join(set, ", ")+"}", detail), "")
	}
}

// yamlDevice reads one of a slice's devices; one whose name cannot be read
// is left out.
func (d *decoder) yamlDevice(item yamlField) (core.Device, bool) {
	if !item.mapping() {
		return core.Device{}, false
	}
	name, ok := item.field("name").str()
	if !ok {
		return core.Device{}, false
	}
	device := core.Device{Name: name, Source: item.source("name")}
	device.Attributes = d.yamlAttributes(item.field("attributes"))
	if capacity := item.field("capacity"); capacity.present() && capacity.mapping() {
		device.Capacity = d.yamlCapacity(capacity)
	}
	for _, taint := range item.field("taints").items() {
		if t, ok := d.yamlDeviceTaint(taint); ok {
			device.Taints = append(device.Taints, t)
		}
	}
	return device, true
}

// yamlAttributes reads a device's attributes: each a map with one typed
// value (int, bool, string, version, or a list of them); an entry that
// cannot be read is reported and left out.
func (d *decoder) yamlAttributes(attributes yamlField) map[string]core.DeviceAttribute {
	if !attributes.present() || !attributes.mapping() {
		return nil
	}
	keys, values := yamltext.MappingPairs(attributes.node)
	m := make(map[string]core.DeviceAttribute, len(keys))
	for i, k := range keys {
		name, err := d.scalars.key(k)
		if err != nil {
			continue
		}
		entry := attributes.entryField(name, k, values[i])
		if !entry.mapping() {
			continue
		}
		if attribute, ok := d.yamlAttribute(entry); ok {
			m[name] = attribute
		}
	}
	return m
}

// entryField is the entry of a free map (attributes[model]) whose key k
// reads as name, and whose value v is a map.
func (f yamlField) entryField(name string, k, v *yaml3.Node) yamlField {
	return yamlField{d: f.d, node: yamltext.Resolved(v), key: k, up: f.d.pushPath(pathPart{up: f.ref(), name: name, entry: true})}
}

// yamlAttribute reads one attribute's typed values.
func (d *decoder) yamlAttribute(entry yamlField) (core.DeviceAttribute, bool) {
	var a core.DeviceAttribute
	ok := true
	read := func(name string) (*string, bool) {
		f := entry.field(name)
		if !f.present() {
			return nil, true
		}
		s, sOK := f.str()
		return &s, sOK
	}
	var intOK, stringOK, versionOK, listsOK bool
	a.Int, intOK = entry.field("int").int64()
	if f := entry.field("bool"); f.present() {
		b := f.bool()
		a.Bool = &b
	}
	a.String, stringOK = read("string")
	a.Version, versionOK = read("version")
	a.Strings, listsOK = entry.field("strings").stringList()
	versions, versionsOK := entry.field("versions").stringList()
	a.Versions = versions
	for _, item := range entry.field("ints").items() {
		if n, nOK := item.int64(); nOK && n != nil {
			a.Ints = append(a.Ints, *n)
		}
	}
	for _, item := range entry.field("bools").items() {
		a.Bools = append(a.Bools, item.bool())
	}
	ok = intOK && stringOK && versionOK && listsOK && versionsOK
	return a, ok
}

// yamlCapacity reads a device's capacities: each entry's value, a quantity.
func (d *decoder) yamlCapacity(capacity yamlField) map[string]string {
	keys, values := yamltext.MappingPairs(capacity.node)
	m := make(map[string]string, len(keys))
	for i, k := range keys {
		name, err := d.scalars.key(k)
		if err != nil {
			continue
		}
		entry := capacity.entryField(name, k, values[i])
		if !entry.mapping() {
			continue
		}
		if value := entry.field("value"); value.present() {
			if q, err := d.scalars.quantity(value.node); err != nil {
				value.errorf("%v", err)
			} else {
				m[name] = q
			}
		}
	}
	return m
}
