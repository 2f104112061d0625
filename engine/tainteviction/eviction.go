package tainteviction

import (
	"math"
	"strconv"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// IsNoExecute keeps the taints the taint-eviction controller reads (upstream
// getNoExecuteTaints). NoSchedule and PreferNoSchedule taints never evict.
func IsNoExecute(t *core.Taint) bool {
	return t.Effect == core.TaintEffectNoExecute
}

// GetMatchingTolerations finds, for each taint in order, the first toleration in
// pod order that tolerates it, as the taint-eviction controller does (upstream
// v1helper.GetMatchingTolerations):
//
//  1. No taints: true, nothing used.
//  2. Taints but no tolerations: false.
//  3. A taint that no toleration tolerates: false, nothing used.
//  4. Otherwise true and used[i], the index in tolerations of the toleration
//     used for taints[i]. Only that first match counts, so a later toleration
//     with a shorter tolerationSeconds is shadowed.
func GetMatchingTolerations(taints []core.Taint, tolerations []core.Toleration, comparisonOperators bool) (allTolerated bool, used []int) {
	if len(taints) == 0 {
		return true, nil
	}
	if len(tolerations) == 0 {
		return false, nil
	}
	used = make([]int, len(taints))
	for i := range taints {
		used[i] = core.FirstTolerating(tolerations, &taints[i], comparisonOperators)
		if used[i] < 0 {
			return false, nil
		}
	}
	return true, used
}

// MinTolerationTime is how long the used tolerations (indexes into tolerations,
// as GetMatchingTolerations returns them) let the pod stay, as upstream
// getMinTolerationTime computes it:
//
//  1. Nothing used: 0 s, evict at once.
//  2. A toleration without tolerationSeconds is skipped: it tolerates forever.
//  3. The first tolerationSeconds ≤ 0 gives 0 s at once.
//  4. Otherwise the smallest positive tolerationSeconds; forever is true when
//     every used toleration is skipped (or holds math.MaxInt64, upstream's
//     "none yet" marker).
//  5. Upstream turns the seconds into a time.Duration, in nanoseconds, which
//     wraps around above 9,223,372,036 s (about 292 years); a value that wraps
//     to a negative duration is taken as forever, and one that wraps to a
//     positive duration is used as such.
//
// by is the position in used of the toleration that decides the result, or -1.
func MinTolerationTime(tolerations []core.Toleration, used []int) (seconds int64, by int, forever bool) {
	if len(used) == 0 {
		return 0, -1, false
	}
	minimum := int64(math.MaxInt64)
	by = -1
	for k, j := range used {
		s := tolerations[j].TolerationSeconds
		if s == nil {
			continue
		}
		if *s <= 0 {
			return 0, k, false
		}
		if *s < minimum {
			minimum, by = *s, k
		}
	}
	if minimum == math.MaxInt64 {
		return 0, -1, true
	}
	delay := time.Duration(minimum) * time.Second
	if delay < 0 {
		return 0, by, true
	}
	return int64(delay / time.Second), by, false
}

// NoExecuteEviction is what the taint-eviction controller decides for a pod
// bound to a node with these taints, at the moment it first observes both, with
// no eviction scheduled yet (upstream processPodOnNode):
//
//  1. Only NoExecute taints count; with none the pod is left alone (EvictNone).
//  2. If one is tolerated by no toleration, the pod is deleted at once
//     (EvictNow, Taint is the first such taint in node order, Toleration -1).
//  3. Otherwise MinTolerationTime over the first matching toleration of each
//     taint: forever gives EvictNever; 0 s gives EvictNow naming the toleration;
//     N s gives EvictAfter, N seconds after the controller sees the state.
//
// Taint indexes are into taints; Toleration indexes into tolerations.
func NoExecuteEviction(taints []core.Taint, tolerations []core.Toleration, comparisonOperators bool) Eviction {
	var noExecute []core.Taint
	var at []int
	for i := range taints {
		if IsNoExecute(&taints[i]) {
			noExecute = append(noExecute, taints[i])
			at = append(at, i)
		}
	}
	if len(noExecute) == 0 {
		return withReason(Eviction{Kind: EvictNone, Toleration: -1, Taint: -1}, message.New(msgNone))
	}
	allTolerated, used := GetMatchingTolerations(noExecute, tolerations, comparisonOperators)
	if !allTolerated {
		i := core.FindMatchingUntoleratedTaint(taints, tolerations, IsNoExecute, comparisonOperators)
		return withReason(Eviction{Kind: EvictNow, Toleration: -1, Taint: i}, message.New(msgUntolerated, "taint", taints[i].String()))
	}
	seconds, by, forever := MinTolerationTime(tolerations, used)
	if by < 0 {
		reason := message.New(msgNever)
		for _, j := range used {
			if s := tolerations[j].TolerationSeconds; s != nil && *s == math.MaxInt64 {
				reason = message.New(msgNeverMaxInt64, "written", strconv.FormatInt(*s, 10))
				break
			}
		}
		return withReason(Eviction{Kind: EvictNever, Toleration: -1, Taint: -1}, reason)
	}
	j, i := used[by], at[by]
	written := *tolerations[j].TolerationSeconds
	args := []string{"seconds", strconv.FormatInt(seconds, 10), "written", strconv.FormatInt(written, 10)}
	if written > MaxDurationSeconds {
		return overflowEviction(&taints[i], tolerations, i, j, seconds, forever, args)
	}
	if seconds == 0 {
		return withReason(Eviction{Kind: EvictNow, Toleration: j, Taint: i}, byToleration(msgNowZero, &taints[i], &tolerations[j], j, args...))
	}
	return withReason(Eviction{Kind: EvictAfter, Seconds: seconds, Toleration: j, Taint: i}, byToleration(msgAfter, &taints[i], &tolerations[j], j, args...))
}

// overflowEviction is NoExecuteEviction's verdict when the tolerationSeconds
// that decides is above MaxDurationSeconds, so that upstream's duration wraps
// around: to forever, to 0 s or to some seconds later.
func overflowEviction(taint *core.Taint, tolerations []core.Toleration, i, j int, seconds int64, forever bool, args []string) Eviction {
	args = append(args, "max", strconv.FormatInt(MaxDurationSeconds, 10))
	e := Eviction{Kind: EvictAfter, Seconds: seconds, Toleration: j, Taint: i}
	id := msgOverflowAfterDays
	switch {
	case forever:
		e, id = Eviction{Kind: EvictNever, Toleration: -1, Taint: -1}, msgOverflowNever
	case seconds == 0:
		e.Kind, id = EvictNow, msgOverflowNow
	default:
		count, years := aboutYears(seconds)
		args = append(args, "count", count)
		if years {
			id = msgOverflowAfterYears
		}
	}
	return withReason(e, byToleration(id, taint, &tolerations[j], j, args...))
}

// MaxDurationSeconds is the largest tolerationSeconds a time.Duration holds
// in nanoseconds (about 292 years); upstream's larger values wrap around
// (MinTolerationTime, step 5).
const MaxDurationSeconds = int64(math.MaxInt64 / time.Second)

// aboutYears counts seconds in whole years, or in days below a year.
func aboutYears(seconds int64) (count string, years bool) {
	const day, year = 86400, 365.25 * 86400
	if seconds < year {
		return strconv.FormatInt(seconds/day, 10), false
	}
	return strconv.FormatInt(int64(float64(seconds)/year), 10), true
}

// untolerated reports whether the eviction is immediate because a NoExecute
// taint is not tolerated at all, rather than because a grace ran out or was 0.
func (e *Eviction) untolerated() bool {
	return e.Kind == EvictNow && e.Toleration < 0
}

// Eviction is what the taint-eviction controller does to a pod running on a node.
type Eviction struct {
	// Kind is EvictNone (the node has no NoExecute taint), EvictNever (all are
	// tolerated forever), EvictNow or EvictAfter.
	Kind string `json:"kind"`
	// Seconds is the delay for EvictAfter: the minimum tolerationSeconds of the
	// tolerations used (the first matching one per NoExecute taint).
	Seconds int64 `json:"seconds,omitempty"`
	// Toleration is the index in the pod's tolerations that sets Seconds, or -1.
	Toleration int `json:"toleration"`
	// Taint is the index in the node's taints of the untolerated NoExecute taint
	// (EvictNow for that reason), or of the taint whose toleration sets Seconds; -1 if none.
	Taint  int    `json:"taint"`
	Reason string `json:"reason"`
	// ReasonMessage is Reason as data, for the page's and the command line's
	// languages (issue 24).
	ReasonMessage message.Message `json:"reasonMessage,omitzero"`
}

// Eviction kinds.
const (
	EvictNone  = "none"
	EvictNever = "never"
	EvictNow   = "now"
	EvictAfter = "after"
)
