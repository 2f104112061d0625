package core

// String writes the device taint as kubectl writes a node taint
// (upstream Taint.ToString): key=value:Effect, or key:Effect without a value.
// A device taint always has an effect; the page and the messages name it
// this way.
func (t *DeviceTaint) String() string {
	if t.Value == "" {
		return t.Key + ":" + string(t.Effect)
	}
	return t.Key + "=" + t.Value + ":" + string(t.Effect)
}
