package core

import (
	"strconv"

	"k8s.io/apimachinery/pkg/api/validate/content"
)

// DeviceTaintsMaxLength is the most taints a device may carry
// (resource.DeviceTaintsMaxLength).
const DeviceTaintsMaxLength = 16

// errTooMany is field.ErrorTypeTooMany as it prints.
const errTooMany = "Too many"

// The values upstream lists in its NotSupported errors: the effects come from
// a set and print sorted, the operators in declaration order.
var (
	supportedDeviceEffects   = []string{string(DeviceTaintEffectNoExecute), string(DeviceTaintEffectNoSchedule), string(DeviceTaintEffectNone)}
	supportedDeviceOperators = []string{string(DeviceTolerationOpEqual), string(DeviceTolerationOpExists)}
)

// ValidateDeviceTaints checks a device's spec.devices[i].taints as the
// apiserver's validateSlice does with validateDeviceTaint, with its exact
// messages under path (such as "spec.devices[0].taints"):
//
//  1. More than DeviceTaintsMaxLength taints is one Too many error on the
//     list, and nothing else is checked (upstream's guard against large
//     inputs).
//  2. Otherwise each taint is checked by ValidateDeviceTaint under path[i].
//
// Unlike node taints, duplicates are allowed.
func ValidateDeviceTaints(taints []DeviceTaint, path string, src Source) []Diagnostic {
	if len(taints) > DeviceTaintsMaxLength {
		fe := fieldError{kind: errTooMany, badValue: strconv.Itoa(len(taints)),
			detail: "must have at most " + strconv.Itoa(DeviceTaintsMaxLength) + " items"}
		return []Diagnostic{fe.diagnostic(path, path, src)}
	}
	var diags []Diagnostic
	for i := range taints {
		diags = append(diags, ValidateDeviceTaint(&taints[i], path+"["+strconv.Itoa(i)+"]")...)
	}
	return diags
}

// ValidateDeviceTaint checks one device taint, of a slice's device or of a
// DeviceTaintRule's spec.taint, as upstream validateDeviceTaint does on
// create (k8s.io/kubernetes/pkg/apis/resource/validation, v1.37.2), with
// its exact messages under path. Every rule is checked:
//
//  1. The key must be a qualified name (ValidateLabelName); an empty key
//     fails too, with two messages. One Invalid error on .key per message.
//  2. A non-empty value must be a label value: one Invalid error on .value
//     per message (node taints join them into one).
//  3. The effect is required, and must be NoExecute, NoSchedule or None.
func ValidateDeviceTaint(t *DeviceTaint, path string) []Diagnostic {
	var errs []fieldError
	errs = append(errs, keyErrors(t.Key)...)
	if t.Value != "" {
		errs = append(errs, labelValueErrors(t.Value)...)
	}
	switch {
	case t.Effect == "":
		errs = append(errs, fieldError{field: "effect", at: "effect", kind: errRequired})
	case !isDeviceTaintEffect(t.Effect):
		errs = append(errs, notSupported("effect", string(t.Effect), supportedDeviceEffects))
	}
	return fieldDiagnostics(errs, path, t.Source)
}

// ValidateDeviceTolerations checks a request's, a sub-request's or an
// allocation result's tolerations as upstream validateDeviceToleration does,
// with its exact messages under path (such as
// "spec.devices.requests[0].exactly.tolerations"). For each toleration,
// every rule checked:
//
//  1. A non-empty key must be a qualified name (one Invalid error on .key per
//     message). Unlike a pod's toleration, an empty key is valid with any
//     operator.
//  2. By operator: Exists needs an empty value (Invalid on .value, "must be
//     empty for operator `Exists`"); Equal needs a label value (one Invalid
//     on .value per message); "" is Required on .operator (the apiserver
//     defaults it to Equal first, so only an object built without defaulting
//     meets this); anything else is Unsupported on .operator.
//  3. A non-empty effect must be NoExecute, NoSchedule or None.
//
// tolerationSeconds is not checked: any value is valid with any effect.
func ValidateDeviceTolerations(tolerations []DeviceToleration, path string) []Diagnostic {
	var diags []Diagnostic
	for i := range tolerations {
		t := &tolerations[i]
		var errs []fieldError
		if t.Key != "" {
			errs = append(errs, keyErrors(t.Key)...)
		}
		switch t.Operator {
		case DeviceTolerationOpExists:
			if t.Value != "" {
				errs = append(errs, invalidValue("value", strconv.Quote(t.Value), "must be empty for operator `Exists`"))
			}
		case DeviceTolerationOpEqual:
			errs = append(errs, labelValueErrors(t.Value)...)
		case "":
			errs = append(errs, fieldError{field: "operator", at: "operator", kind: errRequired})
		default:
			errs = append(errs, notSupported("operator", string(t.Operator), supportedDeviceOperators))
		}
		if t.Effect != "" && !isDeviceTaintEffect(t.Effect) {
			errs = append(errs, notSupported("effect", string(t.Effect), supportedDeviceEffects))
		}
		diags = append(diags, fieldDiagnostics(errs, path+"["+strconv.Itoa(i)+"]", t.Source)...)
	}
	return diags
}

// labelValueErrors is upstream's validateLabelValue in the resource API:
// one Invalid error on .value per message of IsValidLabelValue.
func labelValueErrors(value string) []fieldError {
	return contentErrors("value", value, IsLabelValue, content.IsLabelValue)
}

func isDeviceTaintEffect(e DeviceTaintEffect) bool {
	return e == DeviceTaintEffectNone || e == DeviceTaintEffectNoSchedule || e == DeviceTaintEffectNoExecute
}

// fieldDiagnostics renders the errors of one item under its path, pointing
// the page at the item's source.
func fieldDiagnostics(errs []fieldError, path string, src Source) []Diagnostic {
	var diags []Diagnostic
	sourcePath := src.Field
	if sourcePath == "" {
		sourcePath = path
	}
	for _, fe := range errs {
		diags = append(diags, fe.diagnostic(path, sourcePath, src))
	}
	return diags
}
