package core

import "time"

// TaintEffect is what a taint does to pods that do not tolerate it.
type TaintEffect string

// The taint effects the API accepts.
const (
	// TaintEffectNoSchedule keeps new pods off the node; running pods stay.
	TaintEffectNoSchedule TaintEffect = "NoSchedule"
	// TaintEffectPreferNoSchedule makes the scheduler avoid the node when it can.
	TaintEffectPreferNoSchedule TaintEffect = "PreferNoSchedule"
	// TaintEffectNoExecute keeps new pods off and evicts running ones.
	TaintEffectNoExecute TaintEffect = "NoExecute"
)

// Taint mirrors core/v1 Taint, plus where it came from.
type Taint struct {
	Key    string      `json:"key"`
	Value  string      `json:"value,omitempty"`
	Effect TaintEffect `json:"effect"`
	// TimeAdded is informational: no scheduler or eviction rule reads it. The page may
	// use it to anchor the countdown clock, and says so when it does.
	TimeAdded *time.Time `json:"timeAdded,omitempty"`

	Source Source `json:"source"`
	// Origin says who put the taint there when it was not written by hand: for
	// example "spec.unschedulable" or "condition Ready=False". Empty for taints in
	// the pasted text.
	Origin string `json:"origin,omitempty"`
}

// MatchTaint reports whether two taints have the same key and effect; taints on a
// node are unique by that pair (upstream Taint.MatchTaint).
func (t *Taint) MatchTaint(other *Taint) bool {
	return t.Key == other.Key && t.Effect == other.Effect
}

// String renders the taint as kubectl prints it: key=value:Effect, key:Effect,
// key, or key=value: (upstream Taint.ToString).
func (t *Taint) String() string {
	if len(t.Effect) == 0 {
		if len(t.Value) == 0 {
			return t.Key
		}
		return t.Key + "=" + t.Value + ":"
	}
	if len(t.Value) == 0 {
		return t.Key + ":" + string(t.Effect)
	}
	return t.Key + "=" + t.Value + ":" + string(t.Effect)
}

// AnyTaint reports whether any of the taints passes the filter.
func AnyTaint(taints []Taint, include func(*Taint) bool) bool {
	for i := range taints {
		if include(&taints[i]) {
			return true
		}
	}
	return false
}
