package tainteviction

import (
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// The IDs of NoExecuteEviction's and Simulate's reasons. Each has a template in every
// catalog (engine/message/en.json and engine/message/catalog). Arguments:
// taint as key=value:Effect; n a toleration's number (from 1) and plugin the
// admission plugin that added it; seconds, written (as the pod wrote
// tolerationSeconds) and max (MaxDurationSeconds) in seconds.
const (
	msgNone                 message.ID = "eviction.none"
	msgUntolerated          message.ID = "eviction.untolerated"
	msgNever                message.ID = "eviction.never"
	msgNeverMaxInt64        message.ID = "eviction.never.max-int64"
	msgAfter                message.ID = "eviction.after"
	msgNowZero              message.ID = "eviction.now.zero-seconds"
	msgOverflowNever        message.ID = "eviction.overflow.never"
	msgOverflowNow          message.ID = "eviction.overflow.now"
	msgOverflowAfterYears   message.ID = "eviction.overflow.after.years"
	msgOverflowAfterDays    message.ID = "eviction.overflow.after.days"
	msgAfterAddedBy         message.ID = "eviction.after.added-by"
	msgNowZeroAddedBy       message.ID = "eviction.now.zero-seconds.added-by"
	msgOverflowNeverAddedBy message.ID = "eviction.overflow.never.added-by"
	msgOverflowNowAddedBy   message.ID = "eviction.overflow.now.added-by"
	msgOverflowYearsAddedBy message.ID = "eviction.overflow.after.years.added-by"
	msgOverflowDaysAddedBy  message.ID = "eviction.overflow.after.days.added-by"

	// The timeline's own reasons (Simulate): at and scheduledAt are times in
	// seconds from the simulation's start, as the timeline writes them.
	msgCancelledNoTaint message.ID = "timeline.cancelled.no-taint"
	msgCancelledForever message.ID = "timeline.cancelled.forever"
	msgKept             message.ID = "timeline.kept"
	msgRanOut           message.ID = "timeline.ran-out"
	msgRanOutAddedBy    message.ID = "timeline.ran-out.added-by"
)

// addedByID is the ID of the same sentence for a toleration an admission
// plugin added, which the sentence names.
var addedByID = map[message.ID]message.ID{
	msgAfter:              msgAfterAddedBy,
	msgNowZero:            msgNowZeroAddedBy,
	msgOverflowNever:      msgOverflowNeverAddedBy,
	msgOverflowNow:        msgOverflowNowAddedBy,
	msgOverflowAfterYears: msgOverflowYearsAddedBy,
	msgOverflowAfterDays:  msgOverflowDaysAddedBy,
	msgRanOut:             msgRanOutAddedBy,
}

// byToleration is the sentence id about the taint, naming the toleration at
// index j by its number and the plugin that added it, with the other
// arguments args.
func byToleration(id message.ID, taint *core.Taint, t *core.Toleration, j int, args ...string) message.Message {
	return namingToleration(id, j, t.AddedBy, append(args, "taint", taint.String())...)
}

// namingToleration is the sentence id naming the toleration at index j, which
// the admission plugin addedBy added (if not ""), with the other arguments.
func namingToleration(id message.ID, j int, addedBy string, args ...string) message.Message {
	args = append(args, "n", strconv.Itoa(j+1))
	if addedBy != "" {
		id = addedByID[id]
		args = append(args, "plugin", addedBy)
	}
	return message.New(id, args...)
}

// withReason is e with its reason m, as data and in English.
func withReason(e Eviction, m message.Message) Eviction {
	e.ReasonMessage, e.Reason = m, message.InEnglish(m)
	return e
}
