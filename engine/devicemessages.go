package engine

import (
	"strconv"
	"time"

	"github.com/taint-playground/taint-playground/engine/message"
)

// The IDs of the device verdicts' explanations. Each has a template in every
// catalog of engine/message/catalog, whose test fails when an ID here lacks a
// language or a catalog holds an ID not declared here.
const (
	// Pod: one per pod, the verdict's reason.
	msgPodSchedules      message.ID = "device.pod.schedules"
	msgPodAllocated      message.ID = "device.pod.allocated"
	msgPodCannotSchedule message.ID = "device.pod.cannot-schedule"
	msgPodClaimMissing   message.ID = "device.pod.claim-missing"
	msgPodStays          message.ID = "device.pod.stays"
	msgPodStaysForever   message.ID = "device.pod.stays.forever"
	msgPodEvictedNow     message.ID = "device.pod.evicted.now"
	msgPodEvictedAfter   message.ID = "device.pod.evicted.after"

	// Rule status: what a DeviceTaintRule's status condition means.
	msgRuleDryRun         message.ID = "device.rule.dry-run"
	msgRuleDryRunNothing  message.ID = "device.rule.dry-run.nothing"
	msgRulePending        message.ID = "device.rule.pending"
	msgRulePendingNothing message.ID = "device.rule.pending.nothing"
	msgRuleOtherEffect    message.ID = "device.rule.other-effect"

	// Claim: how the pod's claim counts.
	msgClaimNotFound     message.ID = "device.claim.not-found"
	msgClaimNotAllocated message.ID = "device.claim.not-allocated"
	msgClaimNotOwner     message.ID = "device.claim.not-owner"
	msgClaimNotReserved  message.ID = "device.claim.not-reserved"
	msgClaimAllocated    message.ID = "device.claim.allocated"
	msgClaimUnallocated  message.ID = "device.claim.unallocated"

	// Device: a candidate of an unallocated claim's request.
	msgCandidateAllocatable message.ID = "device.candidate.allocatable"
	msgCandidateBlocked     message.ID = "device.candidate.blocked"

	// Taint: one per taint of a device.
	msgTaintNone                message.ID = "device.taint.none"
	msgTaintNoneRule            message.ID = "device.taint.none.rule"
	msgTaintUnknown             message.ID = "device.taint.unknown"
	msgTaintTolerated           message.ID = "device.taint.tolerated"
	msgTaintUntolerated         message.ID = "device.taint.untolerated"
	msgTaintNoScheduleAllocated message.ID = "device.taint.noschedule.allocated"
	msgTaintForever             message.ID = "device.taint.noexecute.forever"
	msgTaintSeconds             message.ID = "device.taint.noexecute.seconds"
	msgTaintNoExecuteUntol      message.ID = "device.taint.noexecute.untolerated"
	msgTaintEmptyEffect         message.ID = "device.taint.noexecute.empty-effect"

	// What-if: a DeviceTaintRule's blast radius.
	msgWhatIfNone       message.ID = "device.whatif.none"
	msgWhatIfNoSchedule message.ID = "device.whatif.noschedule"
	msgWhatIfNoExecute  message.ID = "device.whatif.noexecute"
)

// apiTime writes a time as the API does (RFC 3339, UTC, seconds).
func apiTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
