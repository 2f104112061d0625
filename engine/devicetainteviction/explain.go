package devicetainteviction

import (
	"strconv"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// explain says in one sentence why the pod gets its verdict, as
// tainteviction.Eviction.Reason does for node taints, naming the decisive
// taint, where it comes from, the claim and device, and the toleration that
// sets the deadline.
func explain(e *Eviction, pod *core.ClaimPod) string {
	switch e.Kind {
	case tainteviction.EvictNone:
		if pod.NodeName == "" {
			return "The pod has no spec.nodeName, so the device taint eviction controller leaves it alone."
		}
		return "No device allocated to a claim the pod uses has a NoExecute taint, so the device taint eviction controller leaves the pod alone."
	case tainteviction.EvictNever:
		return "Every NoExecute taint on the devices of the pod's claims is tolerated by a NoExecute toleration without tolerationSeconds, so the pod is never evicted."
	}
	if e.Decisive < 0 {
		return ""
	}
	r := &e.Reasons[e.Decisive]
	what := "The NoExecute taint " + r.Taint.String() + " (" + origin(r) + ") on device " +
		r.Driver + "/" + r.Pool + "/" + r.Device + " of claim " + r.Claim
	var grace string
	if r.Toleration < 0 {
		grace = " is not tolerated by any NoExecute toleration of its allocation result"
	} else {
		grace = " is tolerated for " + strconv.FormatInt(r.Seconds, 10) + " s by toleration #" +
			strconv.Itoa(r.Toleration+1) + " of its allocation result (request " + r.Request + ")"
	}
	deadline := r.Deadline.UTC().Format(time.RFC3339)
	if e.Kind == tainteviction.EvictNow {
		return what + grace + ", so its deadline was " + deadline + " and the controller deletes the pod at once."
	}
	return what + grace + ", so the controller deletes the pod at " + deadline + ", in " +
		strconv.FormatInt(e.Seconds, 10) + " s, unless the taints or tolerations change before."
}

// origin names where the taint comes from.
func origin(r *Reason) string {
	if r.Rule != "" {
		return "from DeviceTaintRule " + r.Rule
	}
	return "from ResourceSlice " + r.Slice
}
