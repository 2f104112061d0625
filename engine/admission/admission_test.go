package admission

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/messagetest"
)

// ignoreWhy leaves the explanatory sentences to the tests that are about them.
// The sentences as data are checked by TestWhyIsAMessage.
var (
	ignoreWhy        = cmpopts.IgnoreFields(core.Toleration{}, "Why", "WhyMessage")
	ignoreWhyMessage = cmpopts.IgnoreFields(core.Toleration{}, "WhyMessage")
)

// Upstream's alpha taint keys, which DefaultTolerationSeconds does not treat
// as the current ones.
const (
	deprecatedTaintNodeNotReady    = "node.alpha.kubernetes.io/notReady"
	deprecatedTaintNodeUnreachable = "node.alpha.kubernetes.io/unreachable"
)

// TestForgivenessAdmission runs upstream's DefaultTolerationSeconds cases.
// Source: k/k plugin/pkg/admission/defaulttolerationseconds/admission_test.go
// (the version with the alpha-key cases), Apache-2.0.
func TestForgivenessAdmission(t *testing.T) {
	defaultNotReady := core.Toleration{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute,
		TolerationSeconds: new(int64(300)), AddedBy: AddedByDefaultTolerationSeconds}
	defaultUnreachable := core.Toleration{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute,
		TolerationSeconds: new(int64(300)), AddedBy: AddedByDefaultTolerationSeconds}
	tests := []struct {
		name        string
		tolerations []core.Toleration
		want        []core.Toleration
	}{
		{
			name: "pod has no tolerations, expect add tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`",
			want: []core.Toleration{defaultNotReady, defaultUnreachable},
		},
		{
			name: "pod has alpha tolerations, expect add tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`" +
				", the alpha tolerations will not be touched",
			tolerations: []core.Toleration{
				{Key: deprecatedTaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
				{Key: deprecatedTaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
			},
			want: []core.Toleration{
				{Key: deprecatedTaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
				{Key: deprecatedTaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
				defaultNotReady, defaultUnreachable,
			},
		},
		{
			name: "pod has alpha not-ready toleration, expect add tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`" +
				", the alpha tolerations will not be touched",
			tolerations: []core.Toleration{
				{Key: deprecatedTaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
			},
			want: []core.Toleration{
				{Key: deprecatedTaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
				defaultNotReady, defaultUnreachable,
			},
		},
		{
			name: "pod has alpha unreachable toleration, expect add tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`" +
				", the alpha tolerations will not be touched",
			tolerations: []core.Toleration{
				{Key: deprecatedTaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
			},
			want: []core.Toleration{
				{Key: deprecatedTaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300))},
				defaultNotReady, defaultUnreachable,
			},
		},
		{
			name: "pod has tolerations, but none is for taint `not-ready:NoExecute` or `unreachable:NoExecute`, expect add tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`",
			tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule, TolerationSeconds: new(int64(700))},
			},
			want: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule, TolerationSeconds: new(int64(700))},
				defaultNotReady, defaultUnreachable,
			},
		},
		{
			name: "pod specified a toleration for taint `not-ready:NoExecute`, expect add toleration for `unreachable:NoExecute`",
			tolerations: []core.Toleration{
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
			},
			want: []core.Toleration{
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
				defaultUnreachable,
			},
		},
		{
			name: "pod specified a toleration for taint `unreachable:NoExecute`, expect add toleration for `not-ready:NoExecute`",
			tolerations: []core.Toleration{
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
			},
			want: []core.Toleration{
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
				defaultNotReady,
			},
		},
		{
			name: "pod specified tolerations for both `not-ready:NoExecute` and `unreachable:NoExecute`, expect no change",
			tolerations: []core.Toleration{
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
			},
			want: []core.Toleration{
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(700))},
			},
		},
		{
			name: "pod specified toleration for taint `unreachable`, expect add toleration for `not-ready:NoExecute`",
			tolerations: []core.Toleration{
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, TolerationSeconds: new(int64(700))},
			},
			want: []core.Toleration{
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, TolerationSeconds: new(int64(700))},
				defaultNotReady,
			},
		},
		{
			name: "pod has wildcard toleration for all kind of taints, expect no change",
			tolerations: []core.Toleration{
				{Operator: core.TolerationOpExists, TolerationSeconds: new(int64(700))},
			},
			want: []core.Toleration{
				{Operator: core.TolerationOpExists, TolerationSeconds: new(int64(700))},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pod := core.Pod{Kind: "Pod", Tolerations: tc.tolerations}
			Admit(&pod, core.Options{DefaultTolerationSeconds: true})
			if diff := cmp.Diff(tc.want, pod.Tolerations, ignoreWhy); diff != "" {
				t.Errorf("tolerations (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDefaultTolerationSecondsRules covers SEMANTICS §6 beyond upstream's
// cases: what counts as already tolerating, and the apiserver flags.
func TestDefaultTolerationSecondsRules(t *testing.T) {
	tests := []struct {
		name        string
		opts        core.Options
		tolerations []core.Toleration
		want        []core.Toleration
	}{
		{
			name: "the flags set the seconds",
			opts: core.Options{DefaultTolerationSeconds: true, NotReadySeconds: 30, UnreachableSeconds: 60},
			want: []core.Toleration{
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(30)), AddedBy: AddedByDefaultTolerationSeconds,
					Why: "DefaultTolerationSeconds adds this because no toleration covers node.kubernetes.io/not-ready:NoExecute, so the pod is evicted 30s after its node becomes not ready."},
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(60)), AddedBy: AddedByDefaultTolerationSeconds,
					Why: "DefaultTolerationSeconds adds this because no toleration covers node.kubernetes.io/unreachable:NoExecute, so the pod is evicted 60s after its node becomes unreachable."},
			},
		},
		{
			name: "an Equal toleration with any value counts as tolerating",
			opts: core.Options{DefaultTolerationSeconds: true},
			tolerations: []core.Toleration{
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpEqual, Value: "x", Effect: core.TaintEffectNoExecute},
				{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(0))},
			},
			want: []core.Toleration{
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpEqual, Value: "x", Effect: core.TaintEffectNoExecute},
				{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(0))},
			},
		},
		{
			name: "a wildcard for NoSchedule does not count",
			opts: core.Options{DefaultTolerationSeconds: true},
			tolerations: []core.Toleration{
				{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			},
			want: []core.Toleration{
				{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300)), AddedBy: AddedByDefaultTolerationSeconds},
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(300)), AddedBy: AddedByDefaultTolerationSeconds},
			},
		},
		{
			name:        "off means off",
			opts:        core.Options{},
			tolerations: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}},
			want:        []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pod := core.Pod{Kind: "Pod", Tolerations: tc.tolerations}
			Admit(&pod, tc.opts)
			opts := []cmp.Option{ignoreWhyMessage}
			if tc.want != nil && tc.want[0].Why == "" {
				opts = append(opts, ignoreWhy)
			}
			if diff := cmp.Diff(tc.want, pod.Tolerations, opts...); diff != "" {
				t.Errorf("tolerations (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExtendedResourceTolerationAdmit runs upstream's ExtendedResourceToleration
// cases. Source: k/k plugin/pkg/admission/extendedresourcetoleration/admission_test.go
// (TestAdmit) @490ffa43, Apache-2.0.
func TestExtendedResourceTolerationAdmit(t *testing.T) {
	const extendedResource1, extendedResource2 = "example.com/device-ek", "example.com/device-do"
	containerRequestingCPU := core.Resources{Requests: map[string]string{"cpu": "2"}}
	containerRequestingMemory := core.Resources{Requests: map[string]string{"memory": "2048"}}
	containerRequestingExtendedResource1 := core.Resources{Requests: map[string]string{extendedResource1: "1"}}
	containerRequestingExtendedResource2 := core.Resources{Requests: map[string]string{extendedResource2: "2"}}
	added := func(key string) core.Toleration {
		return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule, AddedBy: AddedByExtendedResourceToleration}
	}
	tests := []struct {
		name string
		pod  core.Pod
		want []core.Toleration
	}{
		{
			name: "empty pod without any extended resources, expect no change in tolerations",
		},
		{
			name: "pod with container without any extended resources, expect no change in tolerations",
			pod:  core.Pod{Containers: []core.Resources{containerRequestingCPU}},
		},
		{
			name: "pod with init container without any extended resources, expect no change in tolerations",
			pod:  core.Pod{InitContainers: []core.Resources{containerRequestingMemory}},
		},
		{
			name: "pod with container with extended resource, expect toleration to be added",
			pod:  core.Pod{Containers: []core.Resources{containerRequestingExtendedResource1}},
			want: []core.Toleration{added(extendedResource1)},
		},
		{
			name: "pod with init container with extended resource, expect toleration to be added",
			pod:  core.Pod{InitContainers: []core.Resources{containerRequestingExtendedResource2}},
			want: []core.Toleration{added(extendedResource2)},
		},
		{
			name: "pod with existing tolerations and container with extended resource, expect existing tolerations to be preserved and new toleration to be added",
			pod: core.Pod{
				Containers:  []core.Resources{containerRequestingCPU, containerRequestingExtendedResource1},
				Tolerations: []core.Toleration{{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule}},
			},
			want: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule},
				added(extendedResource1),
			},
		},
		{
			name: "pod with multiple extended resources, expect multiple tolerations to be added",
			pod: core.Pod{
				Containers:     []core.Resources{containerRequestingMemory, containerRequestingExtendedResource1},
				InitContainers: []core.Resources{containerRequestingCPU, containerRequestingExtendedResource2},
			},
			// Note the order, it's sorted by the Key
			want: []core.Toleration{added(extendedResource2), added(extendedResource1)},
		},
		{
			name: "pod with container requesting extended resource and existing correct toleration, expect no change in tolerations",
			pod: core.Pod{
				Containers:  []core.Resources{containerRequestingCPU, containerRequestingMemory, containerRequestingExtendedResource1},
				Tolerations: []core.Toleration{{Key: extendedResource1, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}},
			},
			want: []core.Toleration{{Key: extendedResource1, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}},
		},
		{
			name: "pod with container requesting extended resource and existing toleration with the same key but different effect and value, expect existing tolerations to be preserved and new toleration to be added",
			pod: core.Pod{
				Containers:  []core.Resources{containerRequestingCPU, containerRequestingMemory, containerRequestingExtendedResource1},
				Tolerations: []core.Toleration{{Key: extendedResource1, Operator: core.TolerationOpEqual, Value: "foo", Effect: core.TaintEffectNoExecute}},
			},
			want: []core.Toleration{
				{Key: extendedResource1, Operator: core.TolerationOpEqual, Value: "foo", Effect: core.TaintEffectNoExecute},
				added(extendedResource1),
			},
		},
		{
			name: "pod with wildcard toleration and container requesting extended resource, expect existing tolerations to be preserved and new toleration to be added",
			pod: core.Pod{
				Containers:  []core.Resources{containerRequestingCPU, containerRequestingMemory, containerRequestingExtendedResource1},
				Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}},
			},
			want: []core.Toleration{{Operator: core.TolerationOpExists}, added(extendedResource1)},
		},
		// Not upstream's: the apiserver defaults requests from limits before
		// admission (SetDefaults_Pod), so a limits-only GPU gets its toleration.
		{
			name: "pod with container setting only a limit on an extended resource, expect toleration to be added after request defaulting",
			pod:  core.Pod{Containers: []core.Resources{{Limits: map[string]string{extendedResource1: "1"}}}},
			want: []core.Toleration{added(extendedResource1)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pod := tc.pod
			Admit(&pod, core.Options{ExtendedResourceToleration: true})
			if diff := cmp.Diff(tc.want, pod.Tolerations, ignoreWhy); diff != "" {
				t.Errorf("tolerations (-want +got):\n%s", diff)
			}
		})
	}
}

func TestIsExtendedResourceName(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{name: "a domain-prefixed resource is extended", in: "example.com/gpu", want: true},
		{name: "an unprefixed resource is native", in: "cpu", want: false},
		{name: "the kubernetes.io namespace is native", in: "kubernetes.io/anything", want: false},
		{name: "a kubernetes.io subdomain is native too", in: "example.kubernetes.io/anything", want: false},
		{name: "the quota prefix is refused", in: "requests.example.com/gpu", want: false},
		{name: "an invalid qualified name is refused", in: "example.com/-gpu", want: false},
		{name: "huge pages are native", in: "hugepages-2Mi", want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := core.IsExtendedResourceName(tc.in); got != tc.want {
				t.Errorf("isExtendedResourceName(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func daemonToleration(key string, effect core.TaintEffect) core.Toleration {
	return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: effect, AddedBy: AddedByDaemonSetController}
}

// defaultDaemonTolerations are the six the DaemonSet controller always adds,
// in its order (SEMANTICS §8; no upstream unit test asserts this list).
var defaultDaemonTolerations = []core.Toleration{
	daemonToleration(core.TaintNodeNotReady, core.TaintEffectNoExecute),
	daemonToleration(core.TaintNodeUnreachable, core.TaintEffectNoExecute),
	daemonToleration(core.TaintNodeDiskPressure, core.TaintEffectNoSchedule),
	daemonToleration(core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule),
	daemonToleration(core.TaintNodePIDPressure, core.TaintEffectNoSchedule),
	daemonToleration(core.TaintNodeUnschedulable, core.TaintEffectNoSchedule),
}

func TestDaemonPodTolerations(t *testing.T) {
	written := core.Source{Editor: core.EditorPods, Line: 12, Field: "spec.template.spec.tolerations[0]"}
	tests := []struct {
		name string
		pod  core.Pod
		want []core.Toleration
	}{
		{
			name: "a daemon pod gets the six default tolerations",
			pod:  core.Pod{Kind: "DaemonSet"},
			want: defaultDaemonTolerations,
		},
		{
			name: "hostNetwork adds network-unavailable",
			pod:  core.Pod{Kind: "DaemonSet", HostNetwork: true},
			want: append(defaultDaemonTolerations[:6:6], daemonToleration(core.TaintNodeNetworkUnavailable, core.TaintEffectNoSchedule)),
		},
		{
			name: "a Deployment's pod gets none",
			pod:  core.Pod{Kind: "Deployment"},
		},
		{
			name: "an identical twin is replaced in place and loses its tolerationSeconds",
			pod: core.Pod{Kind: "DaemonSet", Tolerations: []core.Toleration{
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(60)), Source: written},
			}},
			want: []core.Toleration{
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, Source: written, AddedBy: AddedByDaemonSetController,
					Why: "DaemonSet controller replaced this toleration in place with its own copy, which has no tolerationSeconds: the 60s written here no longer apply and the taint is tolerated forever."},
				daemonToleration(core.TaintNodeNotReady, core.TaintEffectNoExecute),
				daemonToleration(core.TaintNodeDiskPressure, core.TaintEffectNoSchedule),
				daemonToleration(core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule),
				daemonToleration(core.TaintNodePIDPressure, core.TaintEffectNoSchedule),
				daemonToleration(core.TaintNodeUnschedulable, core.TaintEffectNoSchedule),
			},
		},
		{
			name: "a twin without tolerationSeconds is left as written",
			pod: core.Pod{Kind: "DaemonSet", Tolerations: []core.Toleration{
				{Key: core.TaintNodeUnschedulable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule, Source: written},
			}},
			want: []core.Toleration{
				{Key: core.TaintNodeUnschedulable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule, Source: written},
				daemonToleration(core.TaintNodeNotReady, core.TaintEffectNoExecute),
				daemonToleration(core.TaintNodeUnreachable, core.TaintEffectNoExecute),
				daemonToleration(core.TaintNodeDiskPressure, core.TaintEffectNoSchedule),
				daemonToleration(core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule),
				daemonToleration(core.TaintNodePIDPressure, core.TaintEffectNoSchedule),
			},
		},
		{
			name: "an empty operator is not Exists, so that toleration stays and the default is appended after it",
			pod: core.Pod{Kind: "DaemonSet", Tolerations: []core.Toleration{
				{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
			}},
			want: append([]core.Toleration{{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))}}, defaultDaemonTolerations...),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pod := tc.pod
			Admit(&pod, core.Options{DaemonSetTolerations: true})
			opts := []cmp.Option{ignoreWhy}
			if len(tc.want) > 0 && tc.want[0].Why != "" {
				opts = []cmp.Option{ignoreWhyMessage}
				for i := range pod.Tolerations[1:] {
					pod.Tolerations[i+1].Why = ""
				}
			}
			if diff := cmp.Diff(tc.want, pod.Tolerations, opts...); diff != "" {
				t.Errorf("tolerations (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPodTolerationRestriction(t *testing.T) {
	burstable := []core.Resources{{Requests: map[string]string{"cpu": "100m"}}}
	memoryPressure := core.Toleration{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule, AddedBy: AddedByPodTolerationRestriction}
	tests := []struct {
		name        string
		pod         core.Pod
		want        []core.Toleration
		wantDropped []core.Toleration
	}{
		{
			name: "a BestEffort pod gets nothing",
			pod:  core.Pod{Tolerations: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}}},
			want: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}},
		},
		{
			name: "a Burstable pod gets memory-pressure after its own tolerations",
			pod:  core.Pod{Containers: burstable, Tolerations: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}}},
			want: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}, memoryPressure},
		},
		{
			name: "a wildcard already covers memory-pressure, so nothing is added",
			pod:  core.Pod{Containers: burstable, Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}},
			want: []core.Toleration{{Operator: core.TolerationOpExists}},
		},
		{
			name: "the merge drops a pod toleration that a later one covers",
			pod: core.Pod{Containers: burstable, Tolerations: []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
				{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
			}},
			want: []core.Toleration{{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}, memoryPressure},
			wantDropped: []core.Toleration{{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10)),
				AddedBy: AddedByPodTolerationRestriction,
				Why:     `PodTolerationRestriction dropped this toleration because the toleration "foo with any value, NoExecute" tolerates everything it does.`}},
		},
		{
			name: "an Equal memory-pressure toleration gives way to the Exists one",
			pod: core.Pod{Containers: burstable, Tolerations: []core.Toleration{
				{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpEqual, Effect: core.TaintEffectNoSchedule},
			}},
			want: []core.Toleration{memoryPressure},
			wantDropped: []core.Toleration{{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpEqual, Effect: core.TaintEffectNoSchedule,
				AddedBy: AddedByPodTolerationRestriction,
				Why:     `PodTolerationRestriction dropped this toleration because the toleration "node.kubernetes.io/memory-pressure with any value, NoSchedule" tolerates everything it does.`}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pod := tc.pod
			Admit(&pod, core.Options{PodTolerationRestriction: true})
			if diff := cmp.Diff(tc.want, pod.Tolerations, ignoreWhy); diff != "" {
				t.Errorf("tolerations (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantDropped, pod.DroppedTolerations, ignoreWhyMessage); diff != "" {
				t.Errorf("dropped tolerations (-want +got):\n%s", diff)
			}
		})
	}
}

// mergeFixtures are upstream's named tolerations. Source: k/k
// pkg/util/tolerations/tolerations_test.go, Apache-2.0.
var mergeFixtures = map[string]core.Toleration{
	"all":               {Operator: core.TolerationOpExists},
	"all-nosched":       {Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	"all-noexec":        {Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
	"foo":               {Key: "foo", Operator: core.TolerationOpExists},
	"foo-bar":           {Key: "foo", Operator: core.TolerationOpEqual, Value: "bar"},
	"foo-nosched":       {Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	"foo-bar-nosched":   {Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule},
	"foo-baz-nosched":   {Key: "foo", Operator: core.TolerationOpEqual, Value: "baz", Effect: core.TaintEffectNoSchedule},
	"faz-nosched":       {Key: "faz", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	"faz-baz-nosched":   {Key: "faz", Operator: core.TolerationOpEqual, Value: "baz", Effect: core.TaintEffectNoSchedule},
	"foo-prefnosched":   {Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectPreferNoSchedule},
	"foo-noexec":        {Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
	"foo-bar-noexec":    {Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute},
	"foo-noexec-10":     {Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
	"foo-noexec-0":      {Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(0))},
	"foo-bar-noexec-10": {Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(10))},
}

func mergeFixtureList(names []string) []core.Toleration {
	out := []core.Toleration{}
	for _, name := range names {
		out = append(out, mergeFixtures[name])
	}
	return out
}

// TestIsSuperset is upstream's, case names verbatim (its typo
// "foo-prenosched" names no fixture, so it is the empty toleration).
// Source: k/k pkg/util/tolerations/tolerations_test.go, Apache-2.0.
func TestIsSuperset(t *testing.T) {
	tests := []struct {
		name string
		ss   []string // name should be a superset of these
	}{
		{"all", []string{"all-nosched", "all-noexec", "foo", "foo-bar", "foo-nosched", "foo-bar-nosched", "foo-baz-nosched", "faz-nosched", "faz-baz-nosched", "foo-prefnosched", "foo-noexec", "foo-bar-noexec", "foo-noexec-10", "foo-noexec-0", "foo-bar-noexec-10"}},
		{"all-nosched", []string{"foo-nosched", "foo-bar-nosched", "foo-baz-nosched", "faz-nosched", "faz-baz-nosched"}},
		{"all-noexec", []string{"foo-noexec", "foo-bar-noexec", "foo-noexec-10", "foo-noexec-0", "foo-bar-noexec-10"}},
		{"foo", []string{"foo-bar", "foo-nosched", "foo-bar-nosched", "foo-baz-nosched", "foo-prefnosched", "foo-noexec", "foo-bar-noexec", "foo-noexec-10", "foo-noexec-0", "foo-bar-noexec-10"}},
		{"foo-bar", []string{"foo-bar-nosched", "foo-bar-noexec", "foo-bar-noexec-10"}},
		{"foo-nosched", []string{"foo-bar-nosched", "foo-baz-nosched"}},
		{"foo-bar-nosched", nil},
		{"faz-nosched", []string{"faz-baz-nosched"}},
		{"faz-baz-nosched", nil},
		{"foo-prenosched", nil},
		{"foo-noexec", []string{"foo-noexec", "foo-bar-noexec", "foo-noexec-10", "foo-noexec-0", "foo-bar-noexec-10"}},
		{"foo-bar-noexec", []string{"foo-bar-noexec-10"}},
		{"foo-noexec-10", []string{"foo-noexec-0", "foo-bar-noexec-10"}},
		{"foo-noexec-0", nil},
		{"foo-bar-noexec-10", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			super := mergeFixtures[tc.name]
			for name, sub := range mergeFixtures {
				want := name == tc.name || contains(tc.ss, name)
				if got := isSuperset(&super, &sub); got != want {
					t.Errorf("isSuperset(%s, %s) = %v, want %v", tc.name, name, got, want)
				}
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestMergeTolerations is upstream's. Source: k/k
// pkg/util/tolerations/tolerations_test.go, Apache-2.0.
func TestMergeTolerations(t *testing.T) {
	tests := []struct {
		name     string
		a, b     []string
		expected []string
	}{{
		name:     "disjoint",
		a:        []string{"foo-bar-nosched", "faz-baz-nosched", "foo-noexec-10"},
		b:        []string{"foo-prefnosched", "foo-baz-nosched"},
		expected: []string{"foo-bar-nosched", "faz-baz-nosched", "foo-noexec-10", "foo-prefnosched", "foo-baz-nosched"},
	}, {
		name:     "duplicate",
		a:        []string{"foo-bar-nosched", "faz-baz-nosched", "foo-noexec-10"},
		b:        []string{"foo-bar-nosched", "faz-baz-nosched", "foo-noexec-10"},
		expected: []string{"foo-bar-nosched", "faz-baz-nosched", "foo-noexec-10"},
	}, {
		name:     "merge redundant",
		a:        []string{"foo-bar-nosched", "foo-baz-nosched"},
		b:        []string{"foo-nosched", "faz-baz-nosched"},
		expected: []string{"foo-nosched", "faz-baz-nosched"},
	}, {
		name:     "merge all",
		a:        []string{"foo-bar-nosched", "foo-baz-nosched", "foo-noexec-10"},
		b:        []string{"all"},
		expected: []string{"all"},
	}, {
		name:     "merge into all",
		a:        []string{"all"},
		b:        []string{"foo-bar-nosched", "foo-baz-nosched", "foo-noexec-10"},
		expected: []string{"all"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			merged, _ := mergeTolerations(mergeFixtureList(tc.a), mergeFixtureList(tc.b))
			if diff := cmp.Diff(mergeFixtureList(tc.expected), merged); diff != "" {
				t.Errorf("mergeTolerations (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzMergeTolerations checks upstream TestFuzzed's property: every input
// toleration is covered by one the merge keeps, and cover names one that covers it.
func FuzzMergeTolerations(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		effects := []core.TaintEffect{"", core.TaintEffectNoExecute, core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule}
		var first, second []core.Toleration
		for i := 0; i+2 < len(data) && i < 60; i += 3 {
			tol := core.Toleration{Effect: effects[data[i]%4], Key: string("abc"[data[i+1]%3])}
			switch data[i+1] % 5 {
			case 0:
				tol = core.Toleration{Operator: core.TolerationOpExists, Effect: tol.Effect}
			case 1, 2:
				tol.Operator = core.TolerationOpExists
			default:
				tol.Operator = core.TolerationOpEqual
				tol.Value = string("xy"[data[i+2]%2])
			}
			if tol.Effect == core.TaintEffectNoExecute && data[i+2]%3 > 0 {
				tol.TolerationSeconds = new(int64(data[i+2] % 7))
			}
			if data[i]%2 == 0 {
				first = append(first, tol)
			} else {
				second = append(second, tol)
			}
		}
		merged, cover := mergeTolerations(first, second)
		for i, tol := range append(first, second...) {
			kept := false
			for j := range merged {
				kept = kept || isSuperset(&merged[j], &tol)
			}
			if !kept {
				t.Fatalf("%+v is covered by nothing in %+v", tol, merged)
			}
			if cover[i] != nil && !isSuperset(cover[i], &tol) {
				t.Fatalf("cover %+v does not cover %+v", cover[i], tol)
			}
		}
	})
}

// TestAdmit runs every option on a DaemonSet pod to show the order in which
// tolerations are added and what each records.
func TestAdmit(t *testing.T) {
	written := core.Source{Editor: core.EditorPods, Line: 20, Field: "spec.template.spec.tolerations[0]"}
	pod := core.Pod{
		Kind:        "DaemonSet",
		HostNetwork: true,
		Containers:  []core.Resources{{Requests: map[string]string{"cpu": "100m", "example.com/gpu": "1"}}},
		Tolerations: []core.Toleration{
			{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(30)), Source: written},
		},
	}
	Admit(&pod, core.Options{DaemonSetTolerations: true, DefaultTolerationSeconds: true, PodTolerationRestriction: true, ExtendedResourceToleration: true})
	daemon := func(key string, effect core.TaintEffect, why string) core.Toleration {
		return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: effect, AddedBy: AddedByDaemonSetController, Why: why}
	}
	want := []core.Toleration{
		{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, Source: written, AddedBy: AddedByDaemonSetController,
			Why: "DaemonSet controller replaced this toleration in place with its own copy, which has no tolerationSeconds: the 30s written here no longer apply and the taint is tolerated forever."},
		daemon(core.TaintNodeUnreachable, core.TaintEffectNoExecute, "The DaemonSet controller adds this so that daemon pods are never evicted from a node that is unreachable."),
		daemon(core.TaintNodeDiskPressure, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under disk pressure."),
		daemon(core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under memory pressure."),
		daemon(core.TaintNodePIDPressure, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on nodes under PID pressure."),
		daemon(core.TaintNodeUnschedulable, core.TaintEffectNoSchedule, "The DaemonSet controller adds this so that daemon pods still run on cordoned (unschedulable) nodes."),
		daemon(core.TaintNodeNetworkUnavailable, core.TaintEffectNoSchedule, "The DaemonSet controller adds this because the pod uses hostNetwork, which works while the node's pod network is unavailable."),
		{Key: "example.com/gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule, AddedBy: AddedByExtendedResourceToleration,
			Why: "ExtendedResourceToleration adds this because the pod requests the extended resource example.com/gpu, so it may run on nodes tainted for it."},
	}
	if diff := cmp.Diff(want, pod.Tolerations, ignoreWhyMessage); diff != "" {
		t.Errorf("tolerations (-want +got):\n%s", diff)
	}
	if len(pod.DroppedTolerations) != 0 {
		t.Errorf("dropped %+v, want none", pod.DroppedTolerations)
	}
}

// TestWhyIsAMessage admits pods that get most sentences of messages.go and
// checks that each toleration's Why is its WhyMessage in English and that
// the message renders in every language.
func TestWhyIsAMessage(t *testing.T) {
	burstable := []core.Resources{{Requests: map[string]string{"cpu": "1", "example.com/gpu": "1"}}}
	pods := []core.Pod{
		{Kind: "DaemonSet", HostNetwork: true, Tolerations: []core.Toleration{
			{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(60))},
		}},
		{Kind: "Pod", Containers: burstable, Tolerations: []core.Toleration{
			{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpEqual, Effect: core.TaintEffectNoSchedule},
		}},
	}
	emitted := 0
	for i := range pods {
		Admit(&pods[i], core.Options{DaemonSetTolerations: true, DefaultTolerationSeconds: true, ExtendedResourceToleration: true, PodTolerationRestriction: true})
		for _, tol := range slices.Concat(pods[i].Tolerations, pods[i].DroppedTolerations) {
			if tol.AddedBy == "" {
				continue
			}
			if got := message.InEnglish(tol.WhyMessage); got != tol.Why {
				t.Errorf("%s renders %q, Why is %q", tol.WhyMessage.ID, got, tol.Why)
			}
			messagetest.CheckRenders(t, tol.WhyMessage)
			emitted++
		}
	}
	if emitted < 10 {
		t.Errorf("only %d tolerations were added, replaced or dropped: the pods no longer reach the sentences", emitted)
	}
}

// TestAdmissionWritesNoSentences: why a toleration was added is a message
// (messages.go).
func TestAdmissionWritesNoSentences(t *testing.T) {
	for _, path := range []string{"admission.go", "daemonset.go"} {
		messagetest.CheckNoSentences(t, path)
	}
}
