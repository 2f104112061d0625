package cli

import (
	"io"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// The device block's words.
const (
	wordNoDevice          words.ID = "devices.no-device"
	wordDeviceEvicts      words.ID = "devices.evicts"
	wordDevicesVerdict    words.ID = "devices.verdict"
	wordClaim             words.ID = "devices.claim"
	wordRequestCandidates words.ID = "devices.request.candidates"
	wordDeviceOnNode      words.ID = "devices.on-node"
	wordCountedCandidate  words.ID = "devices.counted-as-candidate"
	wordDeviceEntry       words.ID = "devices.timeline-entry"
)

// The engine's verdicts as the device block names them.
const (
	wordVerdictSchedulable   words.ID = "verdict.schedulable"
	wordVerdictUnschedulable words.ID = "verdict.unschedulable"
	wordVerdictStays         words.ID = "verdict.stays"
	wordVerdictEvictedNow    words.ID = "verdict.evicted-now"
	wordVerdictEvictedLater  words.ID = "verdict.evicted-later"
	wordVerdictNotAdmitted   words.ID = "verdict.not-admitted"
	wordVerdictUnknownNode   words.ID = "verdict.unknown-node"
	wordVerdictRejected      words.ID = "verdict.rejected"
)

// verdictWords names each engine verdict.
var verdictWords = map[string]words.ID{
	engine.VerdictSchedulable:   wordVerdictSchedulable,
	engine.VerdictUnschedulable: wordVerdictUnschedulable,
	engine.VerdictStays:         wordVerdictStays,
	engine.VerdictEvictedNow:    wordVerdictEvictedNow,
	engine.VerdictEvictedLater:  wordVerdictEvictedLater,
	engine.VerdictNotAdmitted:   wordVerdictNotAdmitted,
	engine.VerdictUnknownNode:   wordVerdictUnknownNode,
	engine.VerdictRejected:      wordVerdictRejected,
}

// verdictWord is an engine verdict in the table's language; a verdict
// without words as the engine spells it.
func verdictWord(s *speech, verdict string) string {
	if id, ok := verdictWords[verdict]; ok {
		return s.say(id)
	}
	return verdict
}

// deviceHeadline prints the end of a pod's first line when its devices, not
// its node, decide its verdict (AddDeviceVerdicts): a pending pod that fits
// a node but gets no device, or a running pod a device taint evicts first.
// It reports whether it printed.
func deviceHeadline(w io.Writer, s *speech, p *engine.PodVerdict, verdict string) bool {
	d := p.Devices
	if d == nil || d.Verdict != verdict {
		return false
	}
	switch {
	case verdict == engine.VerdictUnschedulable && len(p.Fits) > 0:
		s.line(w, wordNoDevice, "nodes", names(s, p.Fits, len(p.Fits)))
	case p.Eviction != nil && deviceEvictsFirst(d.Eviction, p.Eviction):
		s.line(w, wordDeviceEvicts, "node", p.NodeName,
			"eviction", evictionWords(s, &tainteviction.Eviction{Kind: d.Eviction.Kind, Seconds: d.Eviction.Seconds}), "nodeEviction", evictionWords(s, p.Eviction))
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
// from and what they do, the explanations in s's language.
func writePodDevices(w io.Writer, s *speech, d *engine.PodDevices) {
	io.WriteString(w, "  ")
	s.line(w, wordDevicesVerdict, "verdict", verdictWord(s, d.Verdict), "reason", s.render(d.Reason))
	for c := range d.Claims {
		claim := &d.Claims[c]
		io.WriteString(w, "  ")
		s.line(w, wordClaim, "claim", claim.Claim, "field", claim.Field, "reason", s.render(claim.Reason))
		for r := range claim.Requests {
			req := &claim.Requests[r]
			if !claim.Allocated {
				io.WriteString(w, "    ")
				s.line(w, wordRequestCandidates, "request", req.Request, "candidates", req.Candidates, "allocatable", req.Allocatable)
			}
			for i := range req.Devices {
				writeDevice(w, s, req.Request, &req.Devices[i])
			}
		}
	}
}

// writeDevice prints one device of a request and its taints.
func writeDevice(w io.Writer, s *speech, request string, d *engine.DeviceVerdict) {
	printf(w, "    %s: %s", request, d.DeviceRef.String())
	if d.Node != "" {
		s.write(w, wordDeviceOnNode, "node", d.Node)
	}
	if d.Reason != nil {
		printf(w, ": %s", s.render(*d.Reason))
	}
	printf(w, "\n")
	if d.Unknown != "" {
		io.WriteString(w, "      ")
		s.line(w, wordCountedCandidate, "why", d.Unknown)
	}
	for t := range d.Taints {
		taint := &d.Taints[t]
		printf(w, "      %s (%s): %s\n", taint.Taint.String(), taint.TrackedDeviceTaint.String(), s.render(taint.Reason))
	}
}

// writeRuleStatuses prints, after the pods, what each DeviceTaintRule's
// status means (in the reader's language, naming the rule) and the condition the device
// taint eviction controller writes, its message verbatim as kubectl shows it.
func writeRuleStatuses(w io.Writer, s *speech, rules []engine.DeviceRuleStatus) {
	for i := range rules {
		c := &rules[i].Status
		printf(w, "%s\n", s.render(rules[i].Reason))
		printf(w, "  status: %s=%s (%s): %s\n", c.Type, c.Status, c.Reason, c.Message)
	}
}

// entryReason is why a timeline entry happens: the node controller's
// reason, or for the device taint eviction controller's, the device and
// the engine's explanation.
func entryReason(s *speech, e *tainteviction.TimelineEntry) string {
	if e.Device == "" {
		return e.Reason
	}
	return s.say(wordDeviceEntry, "device", e.Device, "reason", e.Reason)
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
