package manifest

import "github.com/taint-playground/taint-playground/engine/core"

// yamlDeviceTaint reads a device taint: a device's taints[i] or a rule's
// spec.taint. timeAdded is RFC 3339; an unreadable one is reported and
// left unset (the apiserver would set it). A taint with another field that
// cannot be read is left out.
func (d *decoder) yamlDeviceTaint(item yamlField) (core.DeviceTaint, bool) {
	if !item.mapping() {
		return core.DeviceTaint{}, false
	}
	key, keyOK := item.field("key").str()
	value, valueOK := item.field("value").str()
	effect, effectOK := item.field("effect").str()
	if !keyOK || !valueOK || !effectOK {
		return core.DeviceTaint{}, false
	}
	return core.DeviceTaint{Key: key, Value: value, Effect: core.DeviceTaintEffect(effect),
		TimeAdded: item.field("timeAdded").time(),
		Source:    item.source("key", "value", "effect", "timeAdded")}, true
}

// yamlDeviceTolerations reads a list of device tolerations, each defaulted
// as the apiserver stores it (an empty operator is Equal); one with a field
// that cannot be read is left out.
func (d *decoder) yamlDeviceTolerations(list yamlField) []core.DeviceToleration {
	var tolerations []core.DeviceToleration
	for _, item := range list.items() {
		if !item.mapping() {
			continue
		}
		key, keyOK := item.field("key").str()
		operator, operatorOK := item.field("operator").str()
		value, valueOK := item.field("value").str()
		effect, effectOK := item.field("effect").str()
		seconds, secondsOK := item.field("tolerationSeconds").int64()
		if !keyOK || !operatorOK || !valueOK || !effectOK || !secondsOK {
			continue
		}
		t := core.DeviceToleration{Key: key, Operator: core.DeviceTolerationOperator(operator), Value: value,
			Effect: core.DeviceTaintEffect(effect), TolerationSeconds: seconds,
			Source: item.source("key", "operator", "value", "effect", "tolerationSeconds")}
		core.SetDefaultsDeviceToleration(&t)
		tolerations = append(tolerations, t)
	}
	return tolerations
}

// yamlDeviceSelectors reads a list of selectors, each {cel: {expression}}.
func (d *decoder) yamlDeviceSelectors(list yamlField) []core.DeviceSelector {
	var selectors []core.DeviceSelector
	for _, item := range list.items() {
		if !item.mapping() {
			continue
		}
		cel := item.field("cel")
		if !cel.mapping() {
			continue
		}
		expression := cel.field("expression")
		text, ok := expression.str()
		if !ok {
			continue
		}
		src := item.source()
		if expression.key != nil {
			src = expression.valueSource()
		}
		selectors = append(selectors, core.DeviceSelector{Expression: text, Source: src})
	}
	return selectors
}

// addDiagnostics adds validation errors (core's) as the object's own: each
// is CodeInvalid, so the object is Rejected as the apiserver would refuse it.
func (d *decoder) addDiagnostics(diags []core.Diagnostic) {
	for _, diag := range diags {
		d.add(diag.Severity, diag.Code, diag.Source, diag.Message, "")
	}
}
