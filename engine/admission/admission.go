package admission

import (
	"slices"
	"sort"
	"strconv"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// Names recorded in Toleration.AddedBy: the controller and the admission
// plugins that add tolerations.
const (
	AddedByDaemonSetController        = "DaemonSet controller"
	AddedByDefaultTolerationSeconds   = "DefaultTolerationSeconds"
	AddedByPodTolerationRestriction   = "PodTolerationRestriction"
	AddedByExtendedResourceToleration = "ExtendedResourceToleration"
)

// defaultTolerationSeconds is what the apiserver's
// --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds default to.
const defaultTolerationSeconds = 300

// kindDaemonSet is the workload kind whose pods get the DaemonSet controller's tolerations.
const kindDaemonSet = "DaemonSet"

// Admit adds the tolerations a real cluster adds to a pod before any node sees
// it, in the order they are added:
//
//  1. The DaemonSet controller's, when opts.DaemonSetTolerations is on and the
//     pod comes from a DaemonSet (see addDaemonPodTolerations).
//  2. The mutating admission plugins, in kube-apiserver's AllOrderedPlugins
//     order (pkg/kubeapiserver/options/plugins.go), each only when its option
//     is on: DefaultTolerationSeconds, then PodTolerationRestriction, then
//     ExtendedResourceToleration.
//
// Each added toleration records AddedBy and Why and has no Source.
func Admit(pod *core.Pod, opts core.Options) {
	if opts.DaemonSetTolerations && pod.Kind == kindDaemonSet {
		addDaemonPodTolerations(pod)
	}
	if opts.DefaultTolerationSeconds {
		addDefaultTolerationSeconds(pod, opts.NotReadySeconds, opts.UnreachableSeconds)
	}
	if opts.PodTolerationRestriction {
		restrictPodTolerations(pod)
	}
	if opts.ExtendedResourceToleration {
		addExtendedResourceTolerations(pod)
	}
}

// addOrUpdateExistsToleration is upstream AddOrUpdateTolerationInPod(Spec) for
// the tolerations controllers add: {key, Exists, effect} without
// tolerationSeconds.
//
//  1. Every toleration with the same key, operator, value and effect
//     (MatchToleration) is replaced in place by the new one, so it loses its
//     tolerationSeconds; it keeps its Source, and when that changes it, AddedBy
//     and Why say so.
//  2. When none matches, the new toleration is appended with AddedBy and why.
func addOrUpdateExistsToleration(pod *core.Pod, key string, effect core.TaintEffect, addedBy string, why message.Message) {
	added := core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: effect, AddedBy: addedBy}
	added.Explain(why)
	replaced := false
	for i := range pod.Tolerations {
		t := &pod.Tolerations[i]
		if !t.MatchToleration(&added) {
			continue
		}
		replaced = true
		if t.TolerationSeconds != nil {
			t.Explain(message.New(msgReplaced, "plugin", addedBy, "seconds", strconv.FormatInt(*t.TolerationSeconds, 10)))
			t.TolerationSeconds = nil
			t.AddedBy = addedBy
		}
	}
	if !replaced {
		pod.Tolerations = append(pod.Tolerations, added)
	}
}

// addDefaultTolerationSeconds is the DefaultTolerationSeconds admission plugin
// (plugin/pkg/admission/defaulttolerationseconds):
//
//  1. A toleration "already tolerates" not-ready when its key is
//     node.kubernetes.io/not-ready or empty and its effect is NoExecute or
//     empty; operator, value and tolerationSeconds are not looked at. The same
//     test with node.kubernetes.io/unreachable decides unreachable.
//  2. For each of the two that nothing already tolerates, it appends
//     {key, Exists, NoExecute, tolerationSeconds}, not-ready first; the seconds
//     are the apiserver's --default-not-ready-toleration-seconds and
//     --default-unreachable-toleration-seconds, 300 when zero.
func addDefaultTolerationSeconds(pod *core.Pod, notReadySeconds, unreachableSeconds int64) {
	toleratesNotReady, toleratesUnreachable := false, false
	for _, t := range pod.Tolerations {
		if t.Effect != core.TaintEffectNoExecute && t.Effect != "" {
			continue
		}
		toleratesNotReady = toleratesNotReady || t.Key == core.TaintNodeNotReady || t.Key == ""
		toleratesUnreachable = toleratesUnreachable || t.Key == core.TaintNodeUnreachable || t.Key == ""
	}
	if !toleratesNotReady {
		pod.Tolerations = append(pod.Tolerations, defaultNoExecuteToleration(core.TaintNodeNotReady, msgDefaultNotReady, notReadySeconds))
	}
	if !toleratesUnreachable {
		pod.Tolerations = append(pod.Tolerations, defaultNoExecuteToleration(core.TaintNodeUnreachable, msgDefaultUnreachable, unreachableSeconds))
	}
}

func defaultNoExecuteToleration(key string, condition message.ID, seconds int64) core.Toleration {
	if seconds == 0 {
		seconds = defaultTolerationSeconds
	}
	t := core.Toleration{
		Key: key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &seconds,
		AddedBy: AddedByDefaultTolerationSeconds,
	}
	t.Explain(message.New(condition, "key", key, "seconds", strconv.FormatInt(seconds, 10)))
	return t
}

// restrictPodTolerations is the part of the PodTolerationRestriction admission
// plugin (plugin/pkg/admission/podtolerationrestriction) that needs no
// namespace annotations: a pod whose QoS class is not BestEffort gets
// {node.kubernetes.io/memory-pressure, Exists, NoSchedule}, merged into its
// tolerations by mergeTolerations. The merge also drops the pod's own
// tolerations that another one covers; those move to pod.DroppedTolerations
// with the reason.
func restrictPodTolerations(pod *core.Pod) {
	class := core.QOSClass(pod)
	if class == core.QOSBestEffort {
		return
	}
	memoryPressure := core.Toleration{
		Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule,
		AddedBy: AddedByPodTolerationRestriction,
	}
	memoryPressure.Explain(message.New(msgMemoryPressure, "class", class))
	merged, cover := mergeTolerations(pod.Tolerations, []core.Toleration{memoryPressure})
	for i, t := range pod.Tolerations {
		if cover[i] == nil {
			continue
		}
		dropped := message.New(msgDropped)
		if t.AddedBy != "" {
			dropped = message.New(msgDroppedAddedBy, "plugin", t.AddedBy)
		}
		t.Explain(dropped.With("toleration", core.TolerationDescription(cover[i])))
		t.AddedBy = AddedByPodTolerationRestriction
		pod.DroppedTolerations = append(pod.DroppedTolerations, t)
	}
	pod.Tolerations = merged
}

// mergeTolerations is upstream MergeTolerations (pkg/util/tolerations):
//
//  1. first then second are walked in order;
//  2. a toleration is dropped when one already kept covers it (isSuperset),
//     or when a later, different one covers it; of equal ones the first stays.
//
// cover[i] is the toleration that covers the i-th of first+second, nil when
// that one is kept.
func mergeTolerations(first, second []core.Toleration) (merged []core.Toleration, cover []*core.Toleration) {
	all := slices.Concat(first, second)
	cover = make([]*core.Toleration, len(all))
next:
	for i := range all {
		for j := range merged {
			if isSuperset(&merged[j], &all[i]) {
				covering := merged[j]
				cover[i] = &covering
				continue next
			}
		}
		for j := i + 1; j < len(all); j++ {
			if !sameToleration(&all[i], &all[j]) && isSuperset(&all[j], &all[i]) {
				cover[i] = &all[j]
				continue next
			}
		}
		merged = append(merged, all[i])
	}
	return merged, cover
}

// isSuperset is upstream isSuperset (pkg/util/tolerations): whether ss
// tolerates everything t tolerates.
//
//  1. Equal tolerations cover each other.
//  2. The keys must match, unless ss is {key: "", operator: Exists}.
//  3. The effects must match, unless ss has no effect.
//  4. A NoExecute ss with tolerationSeconds covers only a t with at most as many.
//  5. An Equal (or "") ss covers an Equal t with the same value (a t with
//     operator "" is not Equal here); an Exists ss covers any value; any other
//     operator covers nothing.
func isSuperset(ss, t *core.Toleration) bool {
	if sameToleration(ss, t) {
		return true
	}
	if t.Key != ss.Key && (ss.Key != "" || ss.Operator != core.TolerationOpExists) {
		return false
	}
	if t.Effect != ss.Effect && ss.Effect != "" {
		return false
	}
	if ss.Effect == core.TaintEffectNoExecute && ss.TolerationSeconds != nil {
		if t.TolerationSeconds == nil || *t.TolerationSeconds > *ss.TolerationSeconds {
			return false
		}
	}
	switch ss.Operator {
	case core.TolerationOpEqual, "":
		return t.Operator == core.TolerationOpEqual && t.Value == ss.Value
	case core.TolerationOpExists:
		return true
	default:
		return false
	}
}

// sameToleration compares the API fields of two tolerations, as upstream's
// Semantic.DeepEqual does (tolerationSeconds by value).
func sameToleration(a, b *core.Toleration) bool {
	if !a.MatchToleration(b) {
		return false
	}
	if a.TolerationSeconds == nil || b.TolerationSeconds == nil {
		return a.TolerationSeconds == nil && b.TolerationSeconds == nil
	}
	return *a.TolerationSeconds == *b.TolerationSeconds
}

// addExtendedResourceTolerations is the ExtendedResourceToleration admission
// plugin (plugin/pkg/admission/extendedresourcetoleration): for every extended
// resource named in the requests of a container or init container, in sorted
// order, AddOrUpdateTolerationInPod {resource, Exists, NoSchedule}. The plugin
// reads requests only, but it runs after API defaulting (SetDefaults_Pod), which
// copies every limit without a request into requests — so a limits-only
// extended resource (as NVIDIA's docs write GPUs) counts too. Other tolerations
// (a wildcard, or the same key with another effect) do not stop the addition.
func addExtendedResourceTolerations(pod *core.Pod) {
	var resources []string
	for _, c := range slices.Concat(pod.Containers, pod.InitContainers) {
		for _, names := range []map[string]string{c.Requests, c.Limits} {
			for name := range names {
				if core.IsExtendedResourceName(name) && !slices.Contains(resources, name) {
					resources = append(resources, name)
				}
			}
		}
	}
	sort.Strings(resources)
	for _, name := range resources {
		addOrUpdateExistsToleration(pod, name, core.TaintEffectNoSchedule, AddedByExtendedResourceToleration,
			message.New(msgExtendedResource, "resource", name))
	}
}
