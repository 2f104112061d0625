package engine

import (
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/deviceselector"
)

// DeviceInput gathers what DeviceVerdicts reads from the workspace, for the
// time now (zero: DeviceClock):
//
//  1. The inventory's slices and rules, a taint without timeAdded added now
//     (withTimesAdded), and the claims of the Pods editor,
//     each claim and pod in its namespace as the apiserver defaults it
//     ("default" for none), so that a claim finds its pods either way.
//  2. For each pod's template entry whose status.resourceClaimStatuses names
//     a claim the text does not hold, the claim the ResourceClaim controller
//     generates under that name: the template's requests, unallocated, with
//     the pod as its controller.
//  3. The pods that use claims (Pod.Claims), in pod order.
//  4. Candidates: the published devices that the request's DeviceClass's
//     selectors and the request's own pick (deviceCandidates).
func (w *Workspace) DeviceInput(now time.Time) *DeviceInput {
	if now.IsZero() {
		now = w.DeviceClock()
	}
	in := &DeviceInput{Now: now, Claims: make([]core.ResourceClaim, len(w.Claims))}
	in.Slices, in.Rules = withTimesAdded(w.Slices, w.DeviceTaintRules, now)
	for i := range w.Claims {
		in.Claims[i] = w.Claims[i]
		in.Claims[i].Namespace = namespaceOrDefault(w.Claims[i].Namespace)
	}
	for i := range w.Pods {
		if pod := w.Pods[i].Claims; pod != nil {
			in.Pods = append(in.Pods, *pod)
			in.Pods[len(in.Pods)-1].Namespace = namespaceOrDefault(pod.Namespace)
		}
	}
	in.Claims = append(in.Claims, generatedClaims(in.Pods, in.Claims, w.ClaimTemplates)...)
	in.Candidates = newCandidatePicker(in.Slices, w.DeviceClasses).pick
	return in
}

// DeviceClock is the time device verdicts are for when the caller names
// none: the newest timeAdded of the inventory's taints, the moment the last
// taint was added, as a node verdict reads its taints at the moment they
// are added (the clock's zero). Without any timeAdded it is the Unix epoch,
// so that a verdict never depends on when it is computed.
func (w *Workspace) DeviceClock() time.Time {
	clock := time.Unix(0, 0).UTC()
	newest := func(t *core.DeviceTaint) {
		if t.TimeAdded != nil && t.TimeAdded.After(clock) {
			clock = *t.TimeAdded
		}
	}
	for i := range w.Slices {
		for d := range w.Slices[i].Devices {
			for t := range w.Slices[i].Devices[d].Taints {
				newest(&w.Slices[i].Devices[d].Taints[t])
			}
		}
	}
	for i := range w.DeviceTaintRules {
		newest(&w.DeviceTaintRules[i].Taint)
	}
	return clock
}

// addDeviceVerdicts puts the device verdicts beside the node verdicts, and
// the rules' statuses after them, only for a workspace with devices: a
// node-only one answers as it always did.
func (w *Workspace) addDeviceVerdicts(v *Verdicts) {
	if w.HasDevices() {
		in := w.DeviceInput(w.Now)
		v.AddDeviceVerdicts(DeviceVerdicts(in))
		v.DeviceRules = DeviceRuleStatuses(in)
	}
}

// generatedClaims are the claims named by pods' status (pods and claims
// in their defaulted namespaces) for a template whose claim the text does
// not hold (step 2 of DeviceInput), as upstream's
// ResourceClaim controller creates them: the template's spec, owned by the pod.
func generatedClaims(pods []core.ClaimPod, claims []core.ResourceClaim, templates []core.ResourceClaimTemplate) []core.ResourceClaim {
	have := map[[2]string]bool{}
	for i := range claims {
		have[[2]string{claims[i].Namespace, claims[i].Name}] = true
	}
	var out []core.ResourceClaim
	for p := range pods {
		pod := &pods[p]
		for _, entry := range pod.ResourceClaims {
			name := statusClaimName(pod, entry)
			key := [2]string{pod.Namespace, name}
			if name == "" || have[key] {
				continue
			}
			if t := findTemplate(templates, key[0], *entry.ResourceClaimTemplateName); t != nil {
				have[key] = true
				out = append(out, core.ResourceClaim{Namespace: pod.Namespace, Name: name, Requests: t.Requests, Source: t.Source,
					Controller: &core.ControllerReference{APIVersion: "v1", Kind: "Pod", Name: pod.Name, UID: pod.UID}})
			}
		}
	}
	return out
}

// statusClaimName is the claim name status.resourceClaimStatuses gives a
// template entry of spec.resourceClaims; empty for a claim by name, or when
// the status names none yet.
func statusClaimName(pod *core.ClaimPod, entry core.PodResourceClaim) string {
	if entry.ResourceClaimTemplateName == nil {
		return ""
	}
	for _, st := range pod.ResourceClaimStatuses {
		if st.Name == entry.Name && st.ResourceClaimName != nil {
			return *st.ResourceClaimName
		}
	}
	return ""
}

func findTemplate(templates []core.ResourceClaimTemplate, namespace, name string) *core.ResourceClaimTemplate {
	for i := range templates {
		if namespaceOrDefault(templates[i].Namespace) == namespace && templates[i].Name == name {
			return &templates[i]
		}
	}
	return nil
}

// candidatePicker runs the DeviceClasses' and the requests' selectors over
// the published devices, each expression compiled once.
type candidatePicker struct {
	devices  *deviceIndex
	classes  map[string]*core.DeviceClass
	compiled map[string]*deviceselector.Expression
}

func newCandidatePicker(slices []core.ResourceSlice, classes []core.DeviceClass) *candidatePicker {
	c := &candidatePicker{devices: indexDevices(slices), classes: map[string]*core.DeviceClass{},
		compiled: map[string]*deviceselector.Expression{}}
	for i := range classes {
		c.classes[classes[i].Name] = &classes[i]
	}
	return c
}

// pick lists a request's candidates ("name", or "name/sub"): the devices
// that every selector of its class and of the request matches, or that one
// outside the subset leaves Unknown (with why). A request whose class is not
// in the text is matched by its own selectors alone: the page shows what it
// holds rather than an empty list.
func (c *candidatePicker) pick(claim *core.ResourceClaim, request string) []Candidate {
	selection := requestSelection(claim, request)
	if selection == nil {
		return nil
	}
	var selectors []*deviceselector.Expression
	if class := c.classes[selection.DeviceClassName]; class != nil {
		selectors = c.compile(selectors, class.Selectors)
	}
	selectors = c.compile(selectors, selection.Selectors)
	var out []Candidate
	for _, ref := range c.devices.order {
		pub := c.devices.byName[ref]
		d := deviceselector.Device{Driver: ref.Driver, Attributes: pub.device.Attributes, Capacity: pub.device.Capacity}
		switch result, why := deviceselector.MatchAll(selectors, &d); result {
		case deviceselector.Match:
			out = append(out, Candidate{DeviceRef: ref})
		case deviceselector.Unknown:
			out = append(out, Candidate{DeviceRef: ref, Unknown: why})
		}
	}
	return out
}

func (c *candidatePicker) compile(out []*deviceselector.Expression, selectors []core.DeviceSelector) []*deviceselector.Expression {
	for _, s := range selectors {
		e, ok := c.compiled[s.Expression]
		if !ok {
			e = deviceselector.Compile(s.Expression)
			c.compiled[s.Expression] = e
		}
		out = append(out, e)
	}
	return out
}

// requestSelection finds a request's class and selectors by the name
// DeviceVerdicts gives it: "name" for an exactly request, "name/sub" for a
// firstAvailable entry.
func requestSelection(claim *core.ResourceClaim, request string) *core.DeviceSelection {
	for i := range claim.Requests {
		r := &claim.Requests[i]
		if r.Exactly != nil && r.Name == request {
			return r.Exactly
		}
		for j := range r.FirstAvailable {
			if r.Name+"/"+r.FirstAvailable[j].Name == request {
				return &r.FirstAvailable[j].Selection
			}
		}
	}
	return nil
}
