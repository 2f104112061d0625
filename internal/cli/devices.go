package cli

import (
	"io"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// render writes an engine explanation in the table's language: with the
// catalog explanations gives (nil for English), as translate writes the
// explanations that have an English text beside their message.
func render(lang message.Catalog, m message.Message) string {
	if lang == nil {
		lang = catalog.English()
	}
	return lang.Render(m)
}

// deviceHeadline prints the end of a pod's first line when its devices, not
// its node, decide its verdict (AddDeviceVerdicts): a pending pod that fits
// a node but gets no device, or a running pod a device taint evicts first.
// It reports whether it printed.
func deviceHeadline(w io.Writer, p *engine.PodVerdict, verdict string) bool {
	d := p.Devices
	if d == nil || d.Verdict != verdict {
		return false
	}
	switch {
	case verdict == engine.VerdictUnschedulable && len(p.Fits) > 0:
		printf(w, ": cannot schedule: it fits %s, but its claims get no device\n", names(p.Fits, len(p.Fits)))
	case p.Eviction != nil && deviceEvictsFirst(d.Eviction, p.Eviction):
		printf(w, ": runs on %s: %s by a device taint (its node's taints: %s)\n", p.NodeName,
			evictionWords(&tainteviction.Eviction{Kind: d.Eviction.Kind, Seconds: d.Eviction.Seconds}), evictionWords(p.Eviction))
	default:
		return false
	}
	return true
}

// deviceEvictsFirst reports whether the device taint eviction controller
// deletes the pod before the node's taint-eviction controller does.
func deviceEvictsFirst(device *engine.DeviceEviction, node *tainteviction.Eviction) bool {
	switch {
	case device == nil || (device.Kind != tainteviction.EvictNow && device.Kind != tainteviction.EvictAfter):
		return false
	case node.Kind == tainteviction.EvictNow:
		return false
	case device.Kind == tainteviction.EvictNow || node.Kind != tainteviction.EvictAfter:
		return true
	}
	return device.Seconds < node.Seconds
}

// writePodDevices prints a pod's device verdict under its node verdict: each
// claim, each request's devices (allocated, or the candidates with how many
// the allocator may take) and each device's taints with where they come
// from and what they do, the explanations in lang (render).
func writePodDevices(w io.Writer, lang message.Catalog, d *engine.PodDevices) {
	printf(w, "  devices: %s: %s\n", d.Verdict, render(lang, d.Reason))
	for c := range d.Claims {
		claim := &d.Claims[c]
		printf(w, "  claim %s (%s): %s\n", claim.Claim, claim.Field, render(lang, claim.Reason))
		for r := range claim.Requests {
			req := &claim.Requests[r]
			if !claim.Allocated {
				printf(w, "    request %s: %d candidate device(s), %d allocatable\n", req.Request, req.Candidates, req.Allocatable)
			}
			for i := range req.Devices {
				writeDevice(w, lang, req.Request, &req.Devices[i])
			}
		}
	}
}

// writeDevice prints one device of a request and its taints.
func writeDevice(w io.Writer, lang message.Catalog, request string, d *engine.DeviceVerdict) {
	where := ""
	if d.Node != "" {
		where = " on " + d.Node
	}
	printf(w, "    %s: %s%s", request, d.DeviceRef.String(), where)
	if d.Reason != nil {
		printf(w, ": %s", render(lang, *d.Reason))
	}
	printf(w, "\n")
	if d.Unknown != "" {
		printf(w, "      counted as a candidate: %s\n", d.Unknown)
	}
	for t := range d.Taints {
		taint := &d.Taints[t]
		printf(w, "      %s (%s): %s\n", taint.Taint.String(), taint.TrackedDeviceTaint.String(), render(lang, taint.Reason))
	}
}

// writeRuleStatuses prints, after the pods, what each DeviceTaintRule's
// status means (in lang, naming the rule) and the condition the device
// taint eviction controller writes, its message verbatim as kubectl shows it.
func writeRuleStatuses(w io.Writer, lang message.Catalog, rules []engine.DeviceRuleStatus) {
	for i := range rules {
		s := &rules[i].Status
		printf(w, "%s\n", render(lang, rules[i].Reason))
		printf(w, "  status: %s=%s (%s): %s\n", s.Type, s.Status, s.Reason, s.Message)
	}
}

// entryReason is why a timeline entry happens: the node controller's
// reason, or for the device taint eviction controller's, the device and
// the engine's explanation.
func entryReason(e *tainteviction.TimelineEntry) string {
	if e.Device == "" {
		return e.Reason
	}
	return "device " + e.Device + ": " + e.Reason
}

// podDevices is the device verdict of the workspace's pod p; nil for a pod
// that uses no claim, or a workspace without devices.
func podDevices(ws *engine.Workspace, p int) *engine.PodDevices {
	if !ws.HasDevices() || ws.Pods[p].Claims == nil {
		return nil
	}
	in := ws.DeviceInput(ws.Now)
	for _, d := range engine.DeviceVerdicts(in) {
		// The input's pods are the workspace's that use claims, in order.
		if &ws.Pods[p] == podOfClaims(ws, d.Pod) {
			return &d
		}
	}
	return nil
}

// devicesBlock reports whether a device verdict keeps the pod Pending or
// evicts it: explain's status is then 1, whatever its node does.
func devicesBlock(d *engine.PodDevices) bool {
	return d != nil && (d.Verdict == engine.VerdictUnschedulable || d.Verdict == engine.VerdictEvictedNow || d.Verdict == engine.VerdictEvictedLater)
}

// podOfClaims is the workspace's pod that is the i-th of those using
// claims, as DeviceInput lists them.
func podOfClaims(ws *engine.Workspace, i int) *core.Pod {
	for p := range ws.Pods {
		if ws.Pods[p].Claims == nil {
			continue
		}
		if i == 0 {
			return &ws.Pods[p]
		}
		i--
	}
	return nil
}
