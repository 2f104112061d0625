package manifest

import "github.com/taint-playground/taint-playground/engine/core"

// yamlDeviceTaintRule reads a DeviceTaintRule: metadata.name and uid,
// spec.deviceSelector (driver, pool, device; absent selects nothing, {}
// everything) and spec.taint, then validates it as the apiserver does
// (core.ValidateDeviceTaintRuleSpec). A rule whose name, selector or taint
// cannot be read is skipped: a half-read rule would taint other devices.
func (d *decoder) yamlDeviceTaintRule(obj yamlField) (core.DeviceTaintRule, bool) {
	name, ok := d.clusterScopedName(obj)
	uid, uidOK := obj.field("metadata").field("uid").str()
	spec := obj.field("spec")
	if !ok || !uidOK || !spec.mapping() {
		return core.DeviceTaintRule{}, false
	}
	rule := core.DeviceTaintRule{Name: name, UID: uid, Source: obj.source()}
	if selector := spec.field("deviceSelector"); selector.present() {
		if !selector.mapping() {
			return core.DeviceTaintRule{}, false
		}
		driver, driverOK := optionalString(selector.field("driver"))
		pool, poolOK := optionalString(selector.field("pool"))
		device, deviceOK := optionalString(selector.field("device"))
		if !driverOK || !poolOK || !deviceOK {
			return core.DeviceTaintRule{}, false
		}
		rule.Selector = &core.DeviceTaintSelector{Driver: driver, Pool: pool, Device: device}
		rule.Source.Fields, rule.Source.Columns = fieldPositions(selector.field("driver"), selector.field("pool"), selector.field("device"))
	}
	taint := spec.field("taint")
	if !taint.present() {
		// The field is required (no omitempty on the wire, no default):
		// upstream's validation then finds an empty key and effect.
		rule.Taint.Source = obj.source()
		if spec.key != nil {
			rule.Taint.Source = spec.source()
		}
		rule.Taint.Source.Field = "spec.taint"
	} else if t, ok := d.yamlDeviceTaint(taint); ok {
		rule.Taint = t
	} else {
		return core.DeviceTaintRule{}, false
	}
	d.addDiagnostics(core.ValidateDeviceTaintRuleSpec(&rule))
	return rule, true
}

// optionalString reads a *string field: nil when absent.
func optionalString(f yamlField) (*string, bool) {
	if !f.present() {
		return nil, true
	}
	s, ok := f.str()
	if !ok {
		return nil, false
	}
	return &s, true
}
