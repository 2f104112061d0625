package core

import (
	"slices"
	"strings"
)

// The QoS classes (core/v1 PodQOSClass).
const (
	QOSBestEffort = "BestEffort"
	QOSBurstable  = "Burstable"
	QOSGuaranteed = "Guaranteed"
)

// Resource names the QoS class and pod-level resources look at.
const (
	resourceCPU         = "cpu"
	resourceMemory      = "memory"
	resourceHugePagesPx = "hugepages-"
)

// qosResources are the only resources that decide the QoS class.
var qosResources = [...]string{resourceCPU, resourceMemory}

// QOSClass computes the pod's QoS class as a v1.37 cluster would report it in
// status.qosClass:
//
//  1. status.qosClass, when the pasted object has one, wins (upstream GetPodQOS).
//  2. Otherwise the API server's defaulting is applied first, because users paste
//     manifests rather than stored objects (see defaultedResources): a limit
//     without a request makes the request equal the limit, so a limits-only
//     pod is Guaranteed, not Burstable.
//  3. Then upstream ComputePodQOS (pkg/apis/core/v1/helper/qos, with the
//     PodLevelResources and PodLevelResourcesFixKubeletQOSClass gates on, as in
//     v1.37): pod-level resources naming cpu, memory or hugepages-* decide
//     alone; otherwise each init and regular container gets a class from its
//     own cpu and memory, and the pod is that class when all agree, Burstable
//     when they do not.
//
// A container's class: BestEffort when cpu and memory have neither request nor
// limit, Guaranteed when both have request equal to a non-zero limit, Burstable
// otherwise. A quantity that does not parse counts as zero; validation reports it.
func QOSClass(pod *Pod) string {
	if pod.StatusQOSClass != "" {
		return pod.StatusQOSClass
	}
	res := defaultedResources(pod)
	if res.pod != nil && res.pod.namesPodLevelResource() {
		return res.pod.qosClass()
	}
	class := ""
	for _, c := range slices.Concat(res.initContainers, res.containers) {
		switch containerClass := c.qosClass(); {
		case containerClass == QOSBurstable:
			return QOSBurstable
		case class == "":
			class = containerClass
		case class != containerClass:
			return QOSBurstable
		}
	}
	if class == "" {
		return QOSBestEffort
	}
	return class
}

// resourceList maps resource names to parsed quantities.
type resourceList map[string]Quantity

// requirements are one container's (or the pod's) requests and limits.
type requirements struct {
	requests, limits resourceList
}

// podRequirements are a pod's parsed resources.
type podRequirements struct {
	containers, initContainers []requirements
	// pod is spec.resources, nil when absent.
	pod *requirements
}

func parseResourceList(in map[string]string) resourceList {
	out := make(resourceList, len(in))
	for name, value := range in {
		q, _ := ParseQuantity(value)
		out[name] = q
	}
	return out
}

func parseRequirements(r Resources) requirements {
	return requirements{requests: parseResourceList(r.Requests), limits: parseResourceList(r.Limits)}
}

// qosClass is upstream's requirementsQOS: the class of one set of requirements.
func (r requirements) qosClass() string {
	if len(r.requests) == 0 && len(r.limits) == 0 {
		return QOSBestEffort
	}
	class := ""
	for _, name := range qosResources {
		request, limit := r.requests[name], r.limits[name]
		resourceClass := QOSGuaranteed
		switch {
		case !request.Equal(limit):
			return QOSBurstable
		case request.IsZero():
			resourceClass = QOSBestEffort
		}
		if class == "" {
			class = resourceClass
		} else if class != resourceClass {
			return QOSBurstable
		}
	}
	return class
}

// isPodLevelResource reports whether pod-level resources may name the resource
// (component-helpers IsSupportedPodLevelResource).
func isPodLevelResource(name string) bool {
	return name == resourceCPU || name == resourceMemory || strings.HasPrefix(name, resourceHugePagesPx)
}

// isOvercommittable reports whether a resource is native and not huge pages
// (upstream IsOvercommitAllowed): only those default pod-level values from the
// containers' sums.
func isOvercommittable(name string) bool {
	return isNativeResource(name) && !strings.HasPrefix(name, resourceHugePagesPx)
}

func hasPodLevelResource(list resourceList) bool {
	for name := range list {
		if isPodLevelResource(name) {
			return true
		}
	}
	return false
}

// namesPodLevelResource is component-helpers IsPodLevelResourcesSet: pod-level
// resources count only when they name cpu, memory or hugepages-*, even at zero.
func (r *requirements) namesPodLevelResource() bool {
	return hasPodLevelResource(r.requests) || hasPodLevelResource(r.limits)
}

// defaultedResources parses the pod's resources and applies the defaulting the
// API server applies when the pod is created (pkg/apis/core/v1 SetObjectDefaults_Pod),
// in its order:
//
//  1. Each container and init container: a limit without a request sets the
//     request to the limit.
//  2. Pod-level resources (PodLevelResources, on in v1.37), only when spec.resources
//     is present: hugepages limits from the containers, then missing pod-level
//     requests from the containers' aggregate requests or else the pod-level
//     limits, then missing pod-level limits from the containers' aggregate
//     limits when every container has one.
//  3. Every quantity rounds up, away from zero, to a multiple of 10^-3.
//
// Sidecars (init containers with restartPolicy Always) are not modelled: every
// init container counts as a plain one when requests are aggregated.
func defaultedResources(pod *Pod) podRequirements {
	var res podRequirements
	for _, c := range pod.Containers {
		res.containers = append(res.containers, parseRequirements(c).withRequestsFromLimits())
	}
	for _, c := range pod.InitContainers {
		res.initContainers = append(res.initContainers, parseRequirements(c).withRequestsFromLimits())
	}
	if pod.PodResources != nil {
		r := parseRequirements(*pod.PodResources)
		res.pod = &r
		res.defaultHugePagesPodLimits()
		res.defaultPodRequests()
		res.defaultPodLimits()
	}
	for _, r := range res.all() {
		roundUpToMilli(r.requests)
		roundUpToMilli(r.limits)
	}
	return res
}

// all lists every set of requirements: containers, init containers, pod.
func (res *podRequirements) all() []requirements {
	if res.pod == nil {
		return slices.Concat(res.containers, res.initContainers)
	}
	return slices.Concat(res.containers, res.initContainers, []requirements{*res.pod})
}

// withRequestsFromLimits defaults each missing request to its limit.
func (r requirements) withRequestsFromLimits() requirements {
	for name, limit := range r.limits {
		if _, ok := r.requests[name]; !ok {
			r.requests[name] = limit
		}
	}
	return r
}

// aggregate sums one side (requests or limits) over the regular containers and
// takes, per resource, the larger of that sum and each init container's value,
// as component-helpers AggregateContainerRequests/Limits do without sidecars.
func (res *podRequirements) aggregate(side func(requirements) resourceList) resourceList {
	sum := resourceList{}
	for _, c := range res.containers {
		for name, q := range side(c) {
			sum[name] = sum[name].Add(q)
		}
	}
	for _, c := range res.initContainers {
		for name, q := range side(c) {
			if current, ok := sum[name]; !ok || q.Cmp(current) > 0 {
				sum[name] = q
			}
		}
	}
	return sum
}

func requestsOf(r requirements) resourceList { return r.requests }
func limitsOf(r requirements) resourceList   { return r.limits }

// defaultHugePagesPodLimits is upstream defaultHugePagePodLimits: with
// pod-level resources present, a hugepages limit the containers set but the
// pod does not (neither as request nor limit) becomes the pod-level limit.
func (res *podRequirements) defaultHugePagesPodLimits() {
	pod := res.pod
	if len(pod.requests) == 0 && len(pod.limits) == 0 {
		return
	}
	for name, q := range res.aggregate(limitsOf) {
		_, requested := pod.requests[name]
		_, limited := pod.limits[name]
		if strings.HasPrefix(name, resourceHugePagesPx) && !requested && !limited {
			pod.limits[name] = q
		}
	}
}

// defaultPodRequests is upstream defaultPodRequests: with pod-level limits set,
// a missing pod-level request takes the containers' aggregate request (cpu,
// memory) or else the pod-level limit.
func (res *podRequirements) defaultPodRequests() {
	pod := res.pod
	if len(pod.limits) == 0 {
		return
	}
	for name, q := range res.aggregate(requestsOf) {
		if _, ok := pod.requests[name]; !ok && isPodLevelResource(name) && isOvercommittable(name) {
			pod.requests[name] = q
		}
	}
	for name, q := range pod.limits {
		if _, ok := pod.requests[name]; !ok && isPodLevelResource(name) {
			pod.requests[name] = q
		}
	}
}

// defaultPodLimits is upstream defaultPodLimits: with pod-level requests but no
// pod-level limits, a cpu or memory limit every container sets adds up to the
// pod-level limit.
func (res *podRequirements) defaultPodLimits() {
	pod := res.pod
	if hasPodLevelResource(pod.limits) || !hasPodLevelResource(pod.requests) {
		return
	}
	for name, q := range res.aggregate(limitsOf) {
		if _, ok := pod.limits[name]; !ok && isPodLevelResource(name) && isOvercommittable(name) && res.allContainersLimit(name) {
			pod.limits[name] = q
		}
	}
}

// allContainersLimit reports whether every container and init container has a
// limit for the resource.
func (res *podRequirements) allContainersLimit(name string) bool {
	for _, c := range slices.Concat(res.containers, res.initContainers) {
		if _, ok := c.limits[name]; !ok {
			return false
		}
	}
	return true
}

// milliExp is the scale the API server rounds resource quantities up to
// (SetDefaults_ResourceList).
const milliExp = -3

func roundUpToMilli(list resourceList) {
	for name, q := range list {
		list[name] = q.roundUpMagnitude(milliExp)
	}
}
