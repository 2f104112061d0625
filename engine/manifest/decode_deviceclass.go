package manifest

import "github.com/taint-playground/taint-playground/engine/core"

// yamlDeviceClass reads a DeviceClass: metadata.name, spec.selectors (each
// cel.expression, evaluated by package deviceselector) and
// spec.extendedResourceName. A class whose name cannot be read is skipped.
func (d *decoder) yamlDeviceClass(obj yamlField) (core.DeviceClass, bool) {
	name, ok := d.clusterScopedName(obj)
	spec := obj.field("spec")
	if !ok || !spec.mapping() {
		return core.DeviceClass{}, false
	}
	class := core.DeviceClass{Name: name, Source: obj.source()}
	class.Selectors = d.yamlDeviceSelectors(spec.field("selectors"))
	class.ExtendedResourceName, _ = spec.field("extendedResourceName").str()
	return class, true
}
