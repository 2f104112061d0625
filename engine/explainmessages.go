package engine

import "github.com/taint-playground/taint-playground/engine/message"

// The IDs of ExplainTaint's sentences. Each has a template in every catalog
// (engine/message/en.json and engine/message/catalog), whose test fails when
// an ID here lacks a language or a catalog holds an ID not declared here.
// Arguments: n is a toleration's number (from 1); toleration is its compact
// description, a part (core.TolerationDescription); values and keys are quoted as the
// input wrote them (strconv.Quote); operator and effect are the API's words.
const (
	// A near miss: one toleration that fails because of one field.
	msgMissOperatorGateOff    message.ID = "taint.near-miss.operator.gate-off"
	msgMissOperatorIn         message.ID = "taint.near-miss.operator.in"
	msgMissOperatorLookalike  message.ID = "taint.near-miss.operator.lookalike"
	msgMissOperatorDidYouMean message.ID = "taint.near-miss.operator.did-you-mean"
	msgMissOperatorUnknown    message.ID = "taint.near-miss.operator.unknown"
	msgMissValueTaintHasNone  message.ID = "taint.near-miss.value.taint-has-none"
	msgMissValueTolHasNone    message.ID = "taint.near-miss.value.toleration-has-none"
	msgMissValueLookalike     message.ID = "taint.near-miss.value.lookalike"
	msgMissValueDiffers       message.ID = "taint.near-miss.value.differs"
	msgMissCompareNotInteger  message.ID = "taint.near-miss.comparison.not-integer"
	msgMissCompareTaintNotInt message.ID = "taint.near-miss.comparison.taint-not-integer"
	msgMissCompareLtEqual     message.ID = "taint.near-miss.comparison.lt.equal"
	msgMissCompareGtEqual     message.ID = "taint.near-miss.comparison.gt.equal"
	msgMissCompareLtFails     message.ID = "taint.near-miss.comparison.lt.fails"
	msgMissCompareGtFails     message.ID = "taint.near-miss.comparison.gt.fails"
	msgMissEffectOther        message.ID = "taint.near-miss.effect.other"
	msgMissEffectLookalike    message.ID = "taint.near-miss.effect.lookalike"
	msgMissEffectDidYouMean   message.ID = "taint.near-miss.effect.did-you-mean"
	msgMissEffectUnknown      message.ID = "taint.near-miss.effect.unknown"
	msgMissKeyCase            message.ID = "taint.near-miss.key.case"
	msgMissKeyLookalike       message.ID = "taint.near-miss.key.lookalike"
	msgMissKeyTypo            message.ID = "taint.near-miss.key.typo"
	// The reason of an untolerated taint whose first near miss is one of the
	// above: "not tolerated: " and the near miss.
	msgNotOperatorGateOff      message.ID = "taint.not-tolerated.operator.gate-off"
	msgNotOperatorIn           message.ID = "taint.not-tolerated.operator.in"
	msgNotOperatorLookalike    message.ID = "taint.not-tolerated.operator.lookalike"
	msgNotOperatorDidYouMean   message.ID = "taint.not-tolerated.operator.did-you-mean"
	msgNotOperatorUnknown      message.ID = "taint.not-tolerated.operator.unknown"
	msgNotValueTaintHasNone    message.ID = "taint.not-tolerated.value.taint-has-none"
	msgNotValueTolHasNone      message.ID = "taint.not-tolerated.value.toleration-has-none"
	msgNotValueLookalike       message.ID = "taint.not-tolerated.value.lookalike"
	msgNotValueDiffers         message.ID = "taint.not-tolerated.value.differs"
	msgNotCompareNotInteger    message.ID = "taint.not-tolerated.comparison.not-integer"
	msgNotCompareTaintNotInt   message.ID = "taint.not-tolerated.comparison.taint-not-integer"
	msgNotCompareLtEqual       message.ID = "taint.not-tolerated.comparison.lt.equal"
	msgNotCompareGtEqual       message.ID = "taint.not-tolerated.comparison.gt.equal"
	msgNotCompareLtFails       message.ID = "taint.not-tolerated.comparison.lt.fails"
	msgNotCompareGtFails       message.ID = "taint.not-tolerated.comparison.gt.fails"
	msgNotEffectOther          message.ID = "taint.not-tolerated.effect.other"
	msgNotEffectLookalike      message.ID = "taint.not-tolerated.effect.lookalike"
	msgNotEffectDidYouMean     message.ID = "taint.not-tolerated.effect.did-you-mean"
	msgNotEffectUnknown        message.ID = "taint.not-tolerated.effect.unknown"
	msgNotKeyCase              message.ID = "taint.not-tolerated.key.case"
	msgNotKeyLookalike         message.ID = "taint.not-tolerated.key.lookalike"
	msgNotKeyTypo              message.ID = "taint.not-tolerated.key.typo"
	msgNotToleratedNoneAtAll   message.ID = "taint.not-tolerated.no-tolerations"
	msgNotToleratedManyFields  message.ID = "taint.not-tolerated.more-than-one-field"
	msgNotToleratedNoKey       message.ID = "taint.not-tolerated.no-key"
	msgToleratedBy             message.ID = "taint.tolerated.by"
	msgToleratedByOthers       message.ID = "taint.tolerated.by.others"
	msgToleratedByOthersFirst  message.ID = "taint.tolerated.by.others.first-match"
	msgToleratedAfter          message.ID = "taint.tolerated.by.evicted-after"
	msgToleratedNow            message.ID = "taint.tolerated.by.evicted-now"
	msgToleratedNeverMaxInt64  message.ID = "taint.tolerated.by.never-evicted.max-int64"
	msgToleratedNeverOverflow  message.ID = "taint.tolerated.by.never-evicted.overflow"
	msgToleratedAfterOverflow  message.ID = "taint.tolerated.by.evicted-after.overflow"
	msgToleratedNowOverflow    message.ID = "taint.tolerated.by.evicted-now.overflow"
	msgToleratedOthersAfter    message.ID = "taint.tolerated.by.others.evicted-after"
	msgToleratedOthersNow      message.ID = "taint.tolerated.by.others.evicted-now"
	msgToleratedOthersNeverMax message.ID = "taint.tolerated.by.others.never-evicted.max-int64"
	msgToleratedOthersNeverOvf message.ID = "taint.tolerated.by.others.never-evicted.overflow"
	msgToleratedOthersAfterOvf message.ID = "taint.tolerated.by.others.evicted-after.overflow"
	msgToleratedOthersNowOvf   message.ID = "taint.tolerated.by.others.evicted-now.overflow"
)

// notToleratedBecause is the reason's ID for a taint whose first near miss has
// the key's ID: the same sentence, as the reason why the taint is not tolerated.
var notToleratedBecause = map[message.ID]message.ID{
	msgMissOperatorGateOff:    msgNotOperatorGateOff,
	msgMissOperatorIn:         msgNotOperatorIn,
	msgMissOperatorLookalike:  msgNotOperatorLookalike,
	msgMissOperatorDidYouMean: msgNotOperatorDidYouMean,
	msgMissOperatorUnknown:    msgNotOperatorUnknown,
	msgMissValueTaintHasNone:  msgNotValueTaintHasNone,
	msgMissValueTolHasNone:    msgNotValueTolHasNone,
	msgMissValueLookalike:     msgNotValueLookalike,
	msgMissValueDiffers:       msgNotValueDiffers,
	msgMissCompareNotInteger:  msgNotCompareNotInteger,
	msgMissCompareTaintNotInt: msgNotCompareTaintNotInt,
	msgMissCompareLtEqual:     msgNotCompareLtEqual,
	msgMissCompareGtEqual:     msgNotCompareGtEqual,
	msgMissCompareLtFails:     msgNotCompareLtFails,
	msgMissCompareGtFails:     msgNotCompareGtFails,
	msgMissEffectOther:        msgNotEffectOther,
	msgMissEffectLookalike:    msgNotEffectLookalike,
	msgMissEffectDidYouMean:   msgNotEffectDidYouMean,
	msgMissEffectUnknown:      msgNotEffectUnknown,
	msgMissKeyCase:            msgNotKeyCase,
	msgMissKeyLookalike:       msgNotKeyLookalike,
	msgMissKeyTypo:            msgNotKeyTypo,
}

// toleratedClause is how a tolerated taint's reason ends: nothing more, that
// the eviction controller uses the first of several matches, or when a
// running pod is evicted (toleratedAfter and the others, which follow the
// first-match clause when several tolerations match).
type toleratedClause int

const (
	toleratedPlain toleratedClause = iota
	toleratedFirstMatch
	toleratedAfter
	toleratedNow
	toleratedNeverMaxInt64
	toleratedNeverOverflow
	toleratedAfterOverflow
	toleratedNowOverflow
)

// toleratedIDs is the reason's ID by its clause, for one tolerating
// toleration and for several.
var toleratedIDs = [...][2]message.ID{
	toleratedPlain:         {msgToleratedBy, msgToleratedByOthers},
	toleratedFirstMatch:    {msgToleratedBy, msgToleratedByOthersFirst},
	toleratedAfter:         {msgToleratedAfter, msgToleratedOthersAfter},
	toleratedNow:           {msgToleratedNow, msgToleratedOthersNow},
	toleratedNeverMaxInt64: {msgToleratedNeverMaxInt64, msgToleratedOthersNeverMax},
	toleratedNeverOverflow: {msgToleratedNeverOverflow, msgToleratedOthersNeverOvf},
	toleratedAfterOverflow: {msgToleratedAfterOverflow, msgToleratedOthersAfterOvf},
	toleratedNowOverflow:   {msgToleratedNowOverflow, msgToleratedOthersNowOvf},
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
