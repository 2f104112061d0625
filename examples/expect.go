package examples

// Expect is what upstream Kubernetes does with a scenario, written by a person
// from its rules, never copied from the engine's output. Pods and nodes are
// named, taints are written as kubectl prints them (key=value:Effect), and a
// field left out is not checked.
type Expect struct {
	// Cells are verdicts for pod/node pairs.
	Cells []CellExpectation `yaml:"cells"`
	// Timeline is every entry Workspace.Simulate gives up to the file's until,
	// in order; checked when until is set.
	Timeline []TimelineExpectation `yaml:"timeline"`
	// Added maps a pod's name to every toleration a controller or admission
	// plugin added or rewrote on it, in pod order.
	Added map[string][]TolerationExpectation `yaml:"added"`
	// Errors are every error diagnostic the input gives (none when left out):
	// a scenario may show a validation error on purpose.
	Errors []DiagnosticExpectation `yaml:"errors"`
	// Warnings, when given (even empty), are every warning diagnostic.
	Warnings *[]DiagnosticExpectation `yaml:"warnings"`
	// Devices are the device verdicts of the pods that use ResourceClaims,
	// every one of them, in pod order.
	Devices []DeviceExpectation `yaml:"devices"`
	// DryRun maps a DeviceTaintRule of effect None to the pods it would
	// evict were its effect NoExecute, as its status counts them.
	DryRun map[string][]string `yaml:"dryRun"`
}

// DeviceExpectation is a pod's device verdict: schedulable or
// unschedulable for a pending pod; stays, evicted-now or evicted-later for
// a running one, with the device taint eviction controller's eviction and
// the device whose taint decides it.
type DeviceExpectation struct {
	Pod      string               `yaml:"pod"`
	Verdict  string               `yaml:"verdict"`
	Eviction *EvictionExpectation `yaml:"eviction"`
	Device   string               `yaml:"device"`
}

// CellExpectation is the verdict for one pod on one node.
type CellExpectation struct {
	Pod  string `yaml:"pod"`
	Node string `yaml:"node"`
	// Fits: the scheduler may bind the pod to the node.
	Fits *bool `yaml:"fits"`
	// Taints is the TaintToleration plugin's outcome: tolerated, prefer-avoid
	// or blocked.
	Taints string `yaml:"taints"`
	// BlockedBy is the untolerated taint the plugin reports, "" for none.
	BlockedBy *string `yaml:"blockedBy"`
	// Unschedulable: the node is cordoned and the pod does not tolerate it.
	Unschedulable *bool `yaml:"unschedulable"`
	// Message is the scheduler's status when the pod does not fit.
	Message *string `yaml:"message"`
	// Score is the TaintToleration score, 0 to 100, across the pod's nodes.
	Score *int `yaml:"score"`
	// Eviction is what the taint-eviction controller does to the pod running
	// on the node.
	Eviction *EvictionExpectation `yaml:"eviction"`
}

// EvictionExpectation is an eviction verdict: kind none, never, now or after,
// and for after the seconds.
type EvictionExpectation struct {
	Kind    string `yaml:"kind"`
	Seconds int64  `yaml:"seconds"`
}

// TimelineExpectation is one timeline entry: kind scheduled, kept, cancelled
// or evicted, at a time, with the deadline of a scheduled or kept countdown.
type TimelineExpectation struct {
	At       float64 `yaml:"at"`
	Kind     string  `yaml:"kind"`
	Pod      string  `yaml:"pod"`
	Deadline float64 `yaml:"deadline"`
}

// TolerationExpectation is a toleration with who added it.
type TolerationExpectation struct {
	Key               string `yaml:"key"`
	Operator          string `yaml:"operator"`
	Value             string `yaml:"value"`
	Effect            string `yaml:"effect"`
	TolerationSeconds *int64 `yaml:"tolerationSeconds"`
	AddedBy           string `yaml:"addedBy"`
}

// DiagnosticExpectation is an error or warning by code and where it points.
type DiagnosticExpectation struct {
	Code   string `yaml:"code"`
	Editor string `yaml:"editor"`
	Line   int    `yaml:"line"`
	Field  string `yaml:"field"`
}
