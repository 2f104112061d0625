package core

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cpuMemory builds requests or limits from cpu and memory quantities, ""
// leaving one out, as upstream's qos_test getResourceList does.
func cpuMemory(cpu, memory string) map[string]string {
	out := map[string]string{}
	if cpu != "" {
		out["cpu"] = cpu
	}
	if memory != "" {
		out["memory"] = memory
	}
	return out
}

func withResource(name, value string, list map[string]string) map[string]string {
	list[name] = value
	return list
}

func container(requests, limits map[string]string) Resources {
	return Resources{Requests: requests, Limits: limits}
}

// TestComputePodQOS runs upstream's cases; each is named after its pod.
// Source: k/k pkg/apis/core/v1/helper/qos/qos_test.go (TestComputePodQOS, as
// generated into pkg/apis/core/helper/qos/qos_generated_test.go @8d01d1e9),
// Apache-2.0. Pod-level cases there run with PodLevelResources on, as v1.37 does.
func TestComputePodQOS(t *testing.T) {
	tests := []struct {
		name string
		pod  Pod
		want string
	}{
		{name: "guaranteed", pod: Pod{Containers: []Resources{
			container(cpuMemory("100m", "100Mi"), cpuMemory("100m", "100Mi")),
		}}, want: QOSGuaranteed},
		{name: "guaranteed-guaranteed", pod: Pod{Containers: []Resources{
			container(cpuMemory("100m", "100Mi"), cpuMemory("100m", "100Mi")),
			container(cpuMemory("100m", "100Mi"), cpuMemory("100m", "100Mi")),
		}}, want: QOSGuaranteed},
		{name: "best-effort-best-effort", pod: Pod{Containers: []Resources{
			container(cpuMemory("", ""), cpuMemory("", "")),
			container(cpuMemory("", ""), cpuMemory("", "")),
		}}, want: QOSBestEffort},
		{name: "best-effort", pod: Pod{Containers: []Resources{
			container(cpuMemory("", ""), cpuMemory("", "")),
		}}, want: QOSBestEffort},
		{name: "best-effort-burstable", pod: Pod{Containers: []Resources{
			container(cpuMemory("", ""), cpuMemory("", "")),
			container(cpuMemory("1", ""), cpuMemory("2", "")),
		}}, want: QOSBurstable},
		{name: "best-effort-guaranteed", pod: Pod{Containers: []Resources{
			container(cpuMemory("", ""), cpuMemory("", "")),
			container(cpuMemory("10m", "100Mi"), cpuMemory("10m", "100Mi")),
		}}, want: QOSBurstable},
		{name: "burstable-cpu-guaranteed-memory", pod: Pod{Containers: []Resources{
			container(cpuMemory("", "100Mi"), cpuMemory("", "100Mi")),
		}}, want: QOSBurstable},
		{name: "burstable-no-limits", pod: Pod{Containers: []Resources{
			container(cpuMemory("100m", "100Mi"), cpuMemory("", "")),
		}}, want: QOSBurstable},
		{name: "burstable-guaranteed", pod: Pod{Containers: []Resources{
			container(cpuMemory("1", "100Mi"), cpuMemory("2", "100Mi")),
			container(cpuMemory("100m", "100Mi"), cpuMemory("100m", "100Mi")),
		}}, want: QOSBurstable},
		{name: "burstable-unbounded-but-requests-match-limits", pod: Pod{Containers: []Resources{
			container(cpuMemory("100m", "100Mi"), cpuMemory("200m", "200Mi")),
			container(cpuMemory("100m", "100Mi"), cpuMemory("", "")),
		}}, want: QOSBurstable},
		{name: "burstable-1", pod: Pod{Containers: []Resources{
			container(cpuMemory("10m", "100Mi"), cpuMemory("100m", "200Mi")),
		}}, want: QOSBurstable},
		{name: "burstable-2", pod: Pod{Containers: []Resources{
			container(cpuMemory("0", "0"), cpuMemory("100m", "200Mi")),
		}}, want: QOSBurstable},
		{name: "best-effort-hugepages", pod: Pod{Containers: []Resources{
			container(withResource("hugepages-2Mi", "1Gi", cpuMemory("0", "0")), withResource("hugepages-2Mi", "1Gi", cpuMemory("0", "0"))),
		}}, want: QOSBestEffort},
		{name: "init-container", pod: Pod{
			Containers:     []Resources{container(cpuMemory("", ""), cpuMemory("", ""))},
			InitContainers: []Resources{container(cpuMemory("10m", "100Mi"), cpuMemory("100m", "200Mi"))},
		}, want: QOSBurstable},
		{name: "guaranteed-with-pod-level-resources", pod: Pod{
			Containers:   []Resources{container(cpuMemory("", ""), cpuMemory("", ""))},
			PodResources: &Resources{Requests: cpuMemory("10m", "100Mi"), Limits: cpuMemory("10m", "100Mi")},
		}, want: QOSGuaranteed},
		{name: "guaranteed-with-pod-and-container-level-resources", pod: Pod{
			Containers:   []Resources{container(cpuMemory("3m", "10Mi"), cpuMemory("5m", "20Mi"))},
			PodResources: &Resources{Requests: cpuMemory("10m", "100Mi"), Limits: cpuMemory("10m", "100Mi")},
		}, want: QOSGuaranteed},
		{name: "burstable-with-pod-level-resources", pod: Pod{
			Containers:   []Resources{container(cpuMemory("", ""), cpuMemory("", ""))},
			PodResources: &Resources{Requests: cpuMemory("10m", "10Mi"), Limits: cpuMemory("20m", "50Mi")},
		}, want: QOSBurstable},
		{name: "burstable-with-pod-and-container-level-resources", pod: Pod{
			Containers:   []Resources{container(cpuMemory("5m", "10Mi"), cpuMemory("5m", "10Mi"))},
			PodResources: &Resources{Requests: cpuMemory("10m", "10Mi"), Limits: cpuMemory("20m", "50Mi")},
		}, want: QOSBurstable},
		{name: "burstable-with-pod-and-container-level-requests", pod: Pod{
			Containers:   []Resources{container(cpuMemory("5m", "10Mi"), cpuMemory("", ""))},
			PodResources: &Resources{Requests: cpuMemory("10m", "10Mi"), Limits: cpuMemory("", "")},
		}, want: QOSBurstable},
		{name: "burstable-with-pod-and-container-level-resources-2", pod: Pod{
			Containers: []Resources{
				container(cpuMemory("5m", "10Mi"), cpuMemory("", "")),
				container(cpuMemory("5m", "10Mi"), cpuMemory("5m", "10Mi")),
			},
			PodResources: &Resources{Requests: cpuMemory("10m", "10Mi"), Limits: cpuMemory("5m", "")},
		}, want: QOSBurstable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, QOSClass(&tc.pod)); diff != "" {
				t.Errorf("QOSClass (-want +got):\n%s", diff)
			}
		})
	}
}

// TestQOSClassWithDefaulting covers what the upstream unit test skips: the API
// server's defaulting, status.qosClass, and pod-level defaulting.
func TestQOSClassWithDefaulting(t *testing.T) {
	tests := []struct {
		name string
		pod  Pod
		want string
	}{
		{name: "limits without requests default the requests, so the pod is Guaranteed", pod: Pod{Containers: []Resources{
			container(nil, cpuMemory("500m", "128Mi")),
		}}, want: QOSGuaranteed},
		{name: "a request keeps its own value when a limit is also set", pod: Pod{Containers: []Resources{
			container(cpuMemory("250m", ""), cpuMemory("500m", "128Mi")),
		}}, want: QOSBurstable},
		{name: "status.qosClass as pasted wins", pod: Pod{
			Containers:     []Resources{container(cpuMemory("", ""), cpuMemory("", ""))},
			StatusQOSClass: QOSGuaranteed,
		}, want: QOSGuaranteed},
		{name: "quantities round up to millis before they are compared", pod: Pod{Containers: []Resources{
			container(cpuMemory("1.0001", "1Gi"), cpuMemory("1.0002", "1Gi")),
		}}, want: QOSGuaranteed},
		{name: "equal values written differently are equal", pod: Pod{Containers: []Resources{
			container(cpuMemory("0.5", "1024Mi"), cpuMemory("500m", "1Gi")),
		}}, want: QOSGuaranteed},
		{name: "an unparsable quantity counts as zero", pod: Pod{Containers: []Resources{
			container(cpuMemory("lots", "1Gi"), cpuMemory("", "1Gi")),
		}}, want: QOSBurstable},
		{name: "only extended resources leave a pod BestEffort", pod: Pod{Containers: []Resources{
			container(map[string]string{"example.com/gpu": "1"}, map[string]string{"example.com/gpu": "1"}),
		}}, want: QOSBestEffort},
		{name: "a BestEffort init container makes a Guaranteed pod Burstable", pod: Pod{
			Containers:     []Resources{container(nil, cpuMemory("1", "1Gi"))},
			InitContainers: []Resources{container(nil, nil)},
		}, want: QOSBurstable},
		{name: "empty pod-level resources are ignored", pod: Pod{
			Containers:   []Resources{container(nil, cpuMemory("1", "1Gi"))},
			PodResources: &Resources{},
		}, want: QOSGuaranteed},
		{name: "pod-level limits alone default the pod-level requests", pod: Pod{
			Containers:   []Resources{container(nil, nil)},
			PodResources: &Resources{Limits: cpuMemory("1", "1Gi")},
		}, want: QOSGuaranteed},
		{name: "pod-level requests default from the containers' sum", pod: Pod{
			Containers:   []Resources{container(cpuMemory("250m", "256Mi"), nil), container(cpuMemory("250m", "256Mi"), nil)},
			PodResources: &Resources{Limits: cpuMemory("500m", "512Mi")},
		}, want: QOSGuaranteed},
		{name: "an init container larger than the sum sets the pod-level request", pod: Pod{
			Containers:     []Resources{container(cpuMemory("250m", "256Mi"), nil)},
			InitContainers: []Resources{container(cpuMemory("1", "256Mi"), nil)},
			PodResources:   &Resources{Limits: cpuMemory("500m", "256Mi")},
		}, want: QOSBurstable},
		{name: "pod-level limits default from the containers' limits", pod: Pod{
			Containers:   []Resources{container(nil, cpuMemory("250m", "1Gi")), container(nil, cpuMemory("750m", "1Gi"))},
			PodResources: &Resources{Requests: cpuMemory("1", "2Gi")},
		}, want: QOSGuaranteed},
		{name: "pod-level limits stay unset unless every container has one", pod: Pod{
			Containers:   []Resources{container(nil, cpuMemory("1", "2Gi")), container(nil, nil)},
			PodResources: &Resources{Requests: cpuMemory("1", "2Gi")},
		}, want: QOSBurstable},
		{name: "a pod without containers is BestEffort", pod: Pod{}, want: QOSBestEffort},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, QOSClass(&tc.pod)); diff != "" {
				t.Errorf("QOSClass (-want +got):\n%s", diff)
			}
		})
	}
}
