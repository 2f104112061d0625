package core

// KubernetesVersion is the Kubernetes release whose behaviour the engine
// reproduces; the page shows it and share links carry it.
const KubernetesVersion = "v1.37"

// Options are the cluster settings that change verdicts. Feature gates and
// admission plugins are explicit here, never globals, so one link shows the same
// verdicts to everyone.
type Options struct {
	// ComparisonOperators is the TaintTolerationComparisonOperators feature gate
	// (alpha, off by default): it enables the Lt and Gt toleration operators.
	ComparisonOperators bool `json:"comparisonOperators"`

	// DefaultTolerationSeconds turns on the admission plugin of that name (on by
	// default in a real cluster). NotReadySeconds and UnreachableSeconds are the
	// apiserver's --default-not-ready-toleration-seconds and
	// --default-unreachable-toleration-seconds (300 when zero).
	DefaultTolerationSeconds bool  `json:"defaultTolerationSeconds"`
	NotReadySeconds          int64 `json:"notReadySeconds,omitempty"`
	UnreachableSeconds       int64 `json:"unreachableSeconds,omitempty"`

	// DaemonSetTolerations adds the DaemonSet controller's tolerations to pods
	// that come from a DaemonSet.
	DaemonSetTolerations bool `json:"daemonSetTolerations"`
	// PodTolerationRestriction adds the memory-pressure toleration to pods whose
	// QoS class is not BestEffort.
	PodTolerationRestriction bool `json:"podTolerationRestriction"`
	// ExtendedResourceToleration adds a toleration for each extended resource the
	// pod requests.
	ExtendedResourceToleration bool `json:"extendedResourceToleration"`
	// ConditionTaints adds the taints the node lifecycle controller derives from
	// node conditions and spec.unschedulable.
	ConditionTaints bool `json:"conditionTaints"`
}

// DefaultOptions are the settings of a default cluster: DefaultTolerationSeconds
// and the DaemonSet and node-condition taints on, the alpha gate and the
// optional admission plugins off.
func DefaultOptions() Options {
	return Options{
		DefaultTolerationSeconds: true,
		NotReadySeconds:          300,
		UnreachableSeconds:       300,
		DaemonSetTolerations:     true,
		ConditionTaints:          true,
	}
}
