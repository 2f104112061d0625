package core

import (
	"strconv"
	"strings"
)

// The resource API's name checks (k8s.io/kubernetes/pkg/apis/resource/validation,
// v1.37.2): a driver is a CSI driver name, a device and a request a DNS-1123
// label, a device class a DNS-1123 subdomain, a pool one or more subdomains
// joined by "/".
const (
	driverNameMaxLength = 63
	errTooLong          = "Too long"
)

// ValidateResourceSliceSpec checks a slice's driver, pool and devices as
// upstream validateResourceSliceSpec does on create, with its messages:
//
//  1. spec.driver is a CSI driver name (driverErrors).
//  2. spec.pool.name is a pool name (poolNameErrors); spec.pool.generation
//     must be ≥ 0.
//  3. Each device name is a DNS-1123 label, and unique in the slice
//     (Duplicate value on spec.devices[i]).
//  4. Each device's taints are checked by ValidateDeviceTaints.
//
// The node selection (exactly one of nodeName, nodeSelector, allNodes,
// perDeviceNodeSelection) is checked by the decoder, which sees which of
// them are written; counters, attributes and capacities are not checked.
func ValidateResourceSliceSpec(s *ResourceSlice, poolSliceCount int64) []Diagnostic {
	var errs []fieldError
	errs = append(errs, driverErrors("spec.driver", s.Driver)...)
	errs = append(errs, poolNameErrors("spec.pool.name", s.Pool)...)
	if poolSliceCount <= 0 {
		errs = append(errs, fieldError{field: "spec.pool.resourceSliceCount", at: "spec.pool.resourceSliceCount", kind: errInvalid,
			badValue: strconv.FormatInt(poolSliceCount, 10), detail: "must be greater than zero"})
	}
	if s.PoolGeneration < 0 {
		errs = append(errs, fieldError{field: "spec.pool.generation", at: "spec.pool.generation", kind: errInvalid,
			badValue: strconv.FormatInt(s.PoolGeneration, 10), detail: "must be greater than or equal to zero"})
	}
	diags := fieldDiagnostics(errs, "", withoutField(s.Source))
	seen := make(map[string]bool, len(s.Devices))
	for i := range s.Devices {
		device := &s.Devices[i]
		path := "spec.devices[" + strconv.Itoa(i) + "]"
		deviceErrs := contentErrors("name", device.Name, isDNS1123Label, labelErrors)
		if seen[device.Name] {
			deviceErrs = append(deviceErrs, fieldError{kind: errDuplicate, badValue: strconv.Quote(device.Name)})
		}
		seen[device.Name] = true
		diags = append(diags, fieldDiagnostics(deviceErrs, path, device.Source)...)
		diags = append(diags, ValidateDeviceTaints(device.Taints, path+".taints", device.Source)...)
	}
	return diags
}

// ValidateDeviceTaintRuleSpec checks a rule's spec as upstream
// validateDeviceTaintRuleSpec does on create: each selector field that is
// set is checked as the field it names (driver, pool, device), then the
// taint by ValidateDeviceTaint under spec.taint.
func ValidateDeviceTaintRuleSpec(r *DeviceTaintRule) []Diagnostic {
	var errs []fieldError
	if sel := r.Selector; sel != nil {
		if sel.Driver != nil {
			errs = append(errs, driverErrors("spec.deviceSelector.driver", *sel.Driver)...)
		}
		if sel.Pool != nil {
			errs = append(errs, poolNameErrors("spec.deviceSelector.pool", *sel.Pool)...)
		}
		if sel.Device != nil {
			errs = append(errs, contentErrors("spec.deviceSelector.device", *sel.Device, isDNS1123Label, labelErrors)...)
		}
	}
	diags := fieldDiagnostics(errs, "", withoutField(r.Source))
	return append(diags, ValidateDeviceTaint(&r.Taint, "spec.taint")...)
}

// ValidateDeviceRequests checks a claim's (or a template's) requests under
// path ("spec.devices.requests" or "spec.spec.devices.requests") as upstream
// validateDeviceRequest does, after defaulting:
//
//  1. The name is a DNS-1123 label, unique among the requests.
//  2. Exactly one of exactly and firstAvailable is set.
//  3. A selection (exactly, or each sub-request, whose names are labels
//     unique in the list) needs a deviceClassName that is a DNS-1123
//     subdomain, an allocation mode of ExactCount (count > 0) or All (no
//     count), and valid tolerations (ValidateDeviceTolerations).
//
// CEL selectors are not compiled here: see package deviceselector.
func ValidateDeviceRequests(requests []DeviceRequest, path string) []Diagnostic {
	var diags []Diagnostic
	seen := make(map[string]bool, len(requests))
	for i := range requests {
		r := &requests[i]
		at := path + "[" + strconv.Itoa(i) + "]"
		errs := contentErrors("name", r.Name, isDNS1123Label, labelErrors)
		switch {
		case r.Exactly == nil && len(r.FirstAvailable) == 0:
			errs = append(errs, fieldError{kind: errRequired, detail: "exactly one of `exactly` or `firstAvailable` is required"})
		case r.Exactly != nil && len(r.FirstAvailable) > 0:
			errs = append(errs, fieldError{kind: errInvalid, badValue: "null", detail: "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set"})
		case r.Exactly != nil:
			errs = append(errs, selectionErrors("exactly.", r.Exactly)...)
		}
		if seen[r.Name] {
			errs = append(errs, fieldError{kind: errDuplicate, badValue: strconv.Quote(r.Name)})
		}
		seen[r.Name] = true
		diags = append(diags, fieldDiagnostics(errs, at, r.Source)...)
		if r.Exactly != nil && len(r.FirstAvailable) == 0 {
			diags = append(diags, ValidateDeviceTolerations(r.Tolerations, at+".exactly.tolerations")...)
		}
		if r.Exactly == nil {
			diags = append(diags, validateSubRequests(r.FirstAvailable, at+".firstAvailable")...)
		}
	}
	return diags
}

// validateSubRequests checks a prioritized list as ValidateDeviceRequests
// checks a request's exactly.
func validateSubRequests(subs []DeviceSubRequest, path string) []Diagnostic {
	var diags []Diagnostic
	seen := make(map[string]bool, len(subs))
	for j := range subs {
		sub := &subs[j]
		at := path + "[" + strconv.Itoa(j) + "]"
		errs := contentErrors("name", sub.Name, isDNS1123Label, labelErrors)
		errs = append(errs, selectionErrors("", &sub.Selection)...)
		if seen[sub.Name] {
			errs = append(errs, fieldError{kind: errDuplicate, badValue: strconv.Quote(sub.Name)})
		}
		seen[sub.Name] = true
		diags = append(diags, fieldDiagnostics(errs, at, sub.Source)...)
		diags = append(diags, ValidateDeviceTolerations(sub.Tolerations, at+".tolerations")...)
	}
	return diags
}

// selectionErrors is upstream's validateDeviceClass and
// validateDeviceAllocationMode for one selection, its fields under prefix.
func selectionErrors(prefix string, s *DeviceSelection) []fieldError {
	var errs []fieldError
	if s.DeviceClassName == "" {
		errs = append(errs, fieldError{field: prefix + "deviceClassName", at: prefix + "deviceClassName", kind: errRequired})
	} else {
		errs = append(errs, contentErrors(prefix+"deviceClassName", s.DeviceClassName, isDNS1123Subdomain, subdomainErrors)...)
	}
	count := prefix + "count"
	switch s.AllocationMode {
	case DeviceAllocationModeAll:
		if s.Count != 0 {
			errs = append(errs, fieldError{field: count, at: count, kind: errInvalid, badValue: strconv.FormatInt(s.Count, 10),
				detail: "must not be specified when allocationMode is 'All'"})
		}
	case DeviceAllocationModeExactCount:
		if s.Count <= 0 {
			errs = append(errs, fieldError{field: count, at: count, kind: errInvalid, badValue: strconv.FormatInt(s.Count, 10),
				detail: "must be greater than zero"})
		}
	default:
		errs = append(errs, notSupported(prefix+"allocationMode", string(s.AllocationMode),
			[]string{string(DeviceAllocationModeAll), string(DeviceAllocationModeExactCount)}))
	}
	return errs
}

// driverErrors is upstream's ValidateCSIDriverName: required, at most 63
// bytes, and a DNS-1123 subdomain once lower-cased.
func driverErrors(path, driver string) []fieldError {
	if driver == "" {
		return []fieldError{{field: path, at: path, kind: errRequired}}
	}
	var errs []fieldError
	if len(driver) > driverNameMaxLength {
		errs = append(errs, fieldError{field: path, at: path, kind: errTooLong, detail: "may not be more than " + strconv.Itoa(driverNameMaxLength) + " bytes"})
	}
	for _, msg := range subdomainErrors(strings.ToLower(driver)) {
		errs = append(errs, invalidValue(path, strconv.Quote(driver), msg))
	}
	return errs
}

// poolNameErrors is upstream's validatePoolName: required, at most 253
// bytes, each "/"-separated part a DNS-1123 subdomain.
func poolNameErrors(path, pool string) []fieldError {
	if pool == "" {
		return []fieldError{{field: path, at: path, kind: errRequired}}
	}
	var errs []fieldError
	if len(pool) > dnsSubdomainMaxLength {
		errs = append(errs, fieldError{field: path, at: path, kind: errTooLong, detail: "may not be more than " + strconv.Itoa(dnsSubdomainMaxLength) + " bytes"})
	}
	for _, part := range strings.Split(pool, "/") {
		for _, msg := range subdomainErrors(part) {
			errs = append(errs, invalidValue(path, strconv.Quote(part), msg))
		}
	}
	return errs
}

// withoutField is an object's source with no field path, so that the
// errors of fieldDiagnostics name their own full path.
func withoutField(src Source) Source {
	src.Field = ""
	return src
}
