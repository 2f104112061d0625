package manifest

import (
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
)

// yamlResourceClaim reads a ResourceClaim: metadata (namespace, name, uid,
// the controller among ownerReferences), spec.devices.requests,
// status.allocation.devices.results and status.reservedFor, then validates
// the requests as the apiserver does (core.ValidateDeviceRequests). A claim
// whose metadata cannot be read is skipped; a request, result or consumer
// with a field that cannot be read is left out.
func (d *decoder) yamlResourceClaim(obj yamlField) (core.ResourceClaim, bool) {
	meta := obj.field("metadata")
	namespace, name, ok := d.namespacedName(obj)
	uid, uidOK := meta.field("uid").str()
	if !ok || !uidOK {
		return core.ResourceClaim{}, false
	}
	claim := core.ResourceClaim{Namespace: namespace, Name: name, UID: uid, Source: obj.source()}
	claim.Controller = claimController(meta.field("ownerReferences"))
	if spec := obj.field("spec"); spec.mapping() {
		claim.Requests = d.deviceRequests(spec, "spec.devices.requests")
	}
	status := obj.field("status")
	if !status.mapping() {
		return claim, true
	}
	if allocation := status.field("allocation"); allocation.present() && allocation.mapping() {
		claim.Allocation = &core.AllocationResult{Results: d.allocationResults(allocation.field("devices"))}
	}
	for _, item := range status.field("reservedFor").items() {
		if !item.mapping() {
			continue
		}
		group, groupOK := item.field("apiGroup").str()
		resource, resourceOK := item.field("resource").str()
		consumer, consumerOK := item.field("name").str()
		consumerUID, consumerUIDOK := item.field("uid").str()
		if groupOK && resourceOK && consumerOK && consumerUIDOK {
			claim.ReservedFor = append(claim.ReservedFor, core.ResourceClaimConsumerReference{
				APIGroup: group, Resource: resource, Name: consumer, UID: consumerUID})
		}
	}
	return claim, true
}

// yamlResourceClaimTemplate reads a ResourceClaimTemplate: namespace, name
// and spec.spec.devices.requests, validated as a claim's.
func (d *decoder) yamlResourceClaimTemplate(obj yamlField) (core.ResourceClaimTemplate, bool) {
	namespace, name, ok := d.namespacedName(obj)
	if !ok {
		return core.ResourceClaimTemplate{}, false
	}
	template := core.ResourceClaimTemplate{Namespace: namespace, Name: name, Source: obj.source()}
	if spec := obj.field("spec"); spec.mapping() {
		if claimSpec := spec.field("spec"); claimSpec.mapping() {
			template.Requests = d.deviceRequests(claimSpec, "spec.spec.devices.requests")
		}
	}
	return template, true
}

// namespacedName reads and checks a namespaced object's namespace and name
// (generateName followed by "…" when only that is given).
func (d *decoder) namespacedName(obj yamlField) (namespace, name string, ok bool) {
	meta := obj.field("metadata")
	if !meta.mapping() {
		return "", "", false
	}
	nameField, generateName, namespaceField := meta.field("name"), meta.field("generateName"), meta.field("namespace")
	name, nameOK := nameField.str()
	prefix, prefixOK := generateName.str()
	namespace, namespaceOK := namespaceField.str()
	d.checkObjectMeta(obj, true, metaValue{nameField, name, nameOK}, metaValue{generateName, prefix, prefixOK},
		metaValue{namespaceField, namespace, namespaceOK})
	if name == "" && prefix != "" {
		name = prefix + "…"
	}
	return namespace, name, nameOK && prefixOK && namespaceOK
}

// claimController is the ownerReferences entry marked controller: true,
// with its UID, which IsForPod compares; nil when there is none.
func claimController(refs yamlField) *core.ControllerReference {
	for _, ref := range refs.items() {
		if !ref.mapping() || !ref.field("controller").bool() {
			continue
		}
		var c core.ControllerReference
		c.APIVersion, _ = ref.field("apiVersion").str()
		c.Kind, _ = ref.field("kind").str()
		c.Name, _ = ref.field("name").str()
		c.UID, _ = ref.field("uid").str()
		return &c
	}
	return nil
}

// deviceRequests reads the requests of a claim spec (spec.devices.requests
// of a claim, under path), defaulted as the apiserver stores them, and
// validates them.
func (d *decoder) deviceRequests(claimSpec yamlField, path string) []core.DeviceRequest {
	devices := claimSpec.field("devices")
	if !devices.mapping() {
		return nil
	}
	list := devices.field("requests")
	var requests []core.DeviceRequest
	for _, item := range list.items() {
		if !item.mapping() {
			continue
		}
		name, ok := item.field("name").str()
		if !ok {
			continue
		}
		request := core.DeviceRequest{Name: name, Source: withFieldsBelow(item.source("name"), item.field("exactly"))}
		if exactly := item.field("exactly"); exactly.present() && exactly.mapping() {
			selection, ok := d.deviceSelection(exactly)
			if !ok {
				continue
			}
			request.Exactly = &selection
			request.Tolerations = d.yamlDeviceTolerations(exactly.field("tolerations"))
		}
		for _, sub := range item.field("firstAvailable").items() {
			if !sub.mapping() {
				continue
			}
			subName, nameOK := sub.field("name").str()
			selection, selectionOK := d.deviceSelection(sub)
			if nameOK && selectionOK {
				request.FirstAvailable = append(request.FirstAvailable, core.DeviceSubRequest{Name: subName,
					Selection: selection, Tolerations: d.yamlDeviceTolerations(sub.field("tolerations")),
					Source: sub.source("name", "deviceClassName", "allocationMode", "count")})
			}
		}
		requests = append(requests, request)
	}
	d.addDiagnostics(core.ValidateDeviceRequests(requests, path))
	return requests
}

// withFieldsBelow adds to a request's Source the positions of its
// exactly's fields, keyed "exactly.deviceClassName" as core's validation
// names them.
func withFieldsBelow(src core.Source, exactly yamlField) core.Source {
	if !exactly.present() || exactly.node.Kind != yaml3.MappingNode {
		return src
	}
	for _, name := range []string{"deviceClassName", "allocationMode", "count"} {
		if f := exactly.field(name); f.key != nil {
			if src.Fields == nil {
				src.Fields, src.Columns = map[string]int{}, map[string]int{}
			}
			src.Fields["exactly."+name], src.Columns["exactly."+name] = f.line(), f.column()
		}
	}
	return src
}

// deviceSelection reads what a request's exactly, or a sub-request, asks
// for, defaulted (core.SetDefaultsDeviceSelection).
func (d *decoder) deviceSelection(f yamlField) (core.DeviceSelection, bool) {
	class, classOK := f.field("deviceClassName").str()
	mode, modeOK := f.field("allocationMode").str()
	count, countOK := f.field("count").int64()
	if !classOK || !modeOK || !countOK {
		return core.DeviceSelection{}, false
	}
	s := core.DeviceSelection{DeviceClassName: class, AllocationMode: core.DeviceAllocationMode(mode),
		Selectors: d.yamlDeviceSelectors(f.field("selectors"))}
	if count != nil {
		s.Count = *count
	}
	core.SetDefaultsDeviceSelection(&s)
	return s, true
}

// allocationResults reads status.allocation.devices.results: each device's
// request, driver, pool and name, and the tolerations the allocator copied.
func (d *decoder) allocationResults(devices yamlField) []core.DeviceRequestAllocationResult {
	if !devices.mapping() {
		return nil
	}
	var results []core.DeviceRequestAllocationResult
	for _, item := range devices.field("results").items() {
		if !item.mapping() {
			continue
		}
		request, requestOK := item.field("request").str()
		driver, driverOK := item.field("driver").str()
		pool, poolOK := item.field("pool").str()
		device, deviceOK := item.field("device").str()
		if !requestOK || !driverOK || !poolOK || !deviceOK {
			continue
		}
		result := core.DeviceRequestAllocationResult{Request: request, Driver: driver, Pool: pool, Device: device,
			Tolerations: d.yamlDeviceTolerations(item.field("tolerations")), Source: item.source("request", "driver", "pool", "device")}
		results = append(results, result)
	}
	return results
}
