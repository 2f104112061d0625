package clustersnapshot

// pool is a node pool: its share of the nodes, the labels and taints its
// nodes share, and the machine type they run on.
type pool struct {
	name         string
	weight       int // share of the nodes, out of the pools' total
	instanceType string
	cpu, memory  string // capacity
	labels       map[string]string
	taints       []map[string]any
}

// taint is a spec.taints entry.
func taint(key, value, effect string) map[string]any {
	t := map[string]any{"key": key, "effect": effect}
	if value != "" {
		t["value"] = value
	}
	return t
}

// pools are the four node pools: on-demand machines, spot machines, GPU
// machines and the system pool, tainted as cloud providers and operators
// taint them.
var pools = []pool{
	{name: "general", weight: 60, instanceType: "m6i.2xlarge", cpu: "8", memory: "32386524Ki"},
	{name: "spot", weight: 25, instanceType: "m6i.2xlarge", cpu: "8", memory: "32386524Ki",
		labels: map[string]string{"node.kubernetes.io/lifecycle": "spot"},
		taints: []map[string]any{taint("cloud.example.com/spot", "true", "NoSchedule")}},
	{name: "gpu", weight: 10, instanceType: "p4d.24xlarge", cpu: "96", memory: "1176832000Ki",
		labels: map[string]string{"accelerator": "nvidia-a100", "nvidia.com/gpu.present": "true"},
		taints: []map[string]any{taint("nvidia.com/gpu", "present", "NoSchedule")}},
	{name: "system", weight: 5, instanceType: "m6i.large", cpu: "2", memory: "7934440Ki",
		taints: []map[string]any{taint("CriticalAddonsOnly", "true", "NoSchedule")}},
}

// workload is a Deployment (its pods come from a ReplicaSet) or a DaemonSet:
// the pod template its pods share.
type workload struct {
	name, namespace, kind string
	weight                int // share of the ReplicaSets' pods
	image                 string
	pools                 []string // the pools its pods run on
	nodeSelector          map[string]string
	// zones, when set, is a required node affinity to those zones.
	zones       []string
	tolerations []map[string]any
	// fitsNowhere: its tolerations tolerate none of its pools' taints, so
	// its pods are only ever pending.
	fitsNowhere bool
}

// toleration is a spec.tolerations entry; seconds < 0 leaves
// tolerationSeconds out.
func toleration(key, operator, value, effect string, seconds int) map[string]any {
	t := map[string]any{"operator": operator}
	for field, v := range map[string]string{"key": key, "value": value, "effect": effect} {
		if v != "" {
			t[field] = v
		}
	}
	if seconds >= 0 {
		t["tolerationSeconds"] = seconds
	}
	return t
}

// defaultTolerations are what the DefaultTolerationSeconds admission plugin
// adds to every pod that has neither: kubectl prints them on every pod.
var defaultTolerations = []map[string]any{
	toleration("node.kubernetes.io/not-ready", "Exists", "", "NoExecute", 300),
	toleration("node.kubernetes.io/unreachable", "Exists", "", "NoExecute", 300),
}

// daemonSets run one pod on every node, tolerating every taint, as
// kube-proxy and a node exporter do.
var daemonSets = []*workload{
	{name: "kube-proxy", namespace: "kube-system", kind: "DaemonSet", image: "registry.k8s.io/kube-proxy:v1.37.0",
		tolerations: []map[string]any{toleration("", "Exists", "", "", -1)}},
	{name: "node-exporter", namespace: "monitoring", kind: "DaemonSet", image: "quay.io/prometheus/node-exporter:v1.9.1",
		tolerations: []map[string]any{toleration("", "Exists", "", "NoSchedule", -1),
			toleration("", "Exists", "", "NoExecute", -1)}},
}

// deployments fill the nodes past the DaemonSets, drawn by weight.
var deployments = []*workload{
	{name: "web", namespace: "shop", weight: 30, image: "registry.example.com/shop/web:4.2.1", pools: []string{"general"}},
	{name: "api", namespace: "shop", weight: 20, image: "registry.example.com/shop/api:4.2.1", pools: []string{"general"},
		zones: []string{"us-east-1a", "us-east-1b"}},
	{name: "reports", namespace: "batch", weight: 20, image: "registry.example.com/batch/reports:1.8.0", pools: []string{"general", "spot"},
		tolerations: []map[string]any{toleration("cloud.example.com/spot", "Exists", "", "NoSchedule", -1)}},
	{name: "indexer", namespace: "search", weight: 15, image: "registry.example.com/search/indexer:2.0.3", pools: []string{"spot"},
		nodeSelector: map[string]string{"node.kubernetes.io/lifecycle": "spot"},
		tolerations:  []map[string]any{toleration("cloud.example.com/spot", "Equal", "true", "NoSchedule", -1)}},
	{name: "inference", namespace: "ml", weight: 8, image: "registry.example.com/ml/inference:0.9.0", pools: []string{"gpu"},
		nodeSelector: map[string]string{"accelerator": "nvidia-a100"},
		tolerations:  []map[string]any{toleration("nvidia.com/gpu", "Exists", "", "NoSchedule", -1)}},
	// training's toleration has a typo ("true" for "present"): its pods fit
	// no node, and the scheduler leaves them pending.
	{name: "training", namespace: "ml", weight: 2, image: "registry.example.com/ml/training:0.9.0", pools: []string{"gpu"}, fitsNowhere: true,
		nodeSelector: map[string]string{"accelerator": "nvidia-a100"},
		tolerations:  []map[string]any{toleration("nvidia.com/gpu", "Equal", "true", "NoSchedule", -1)}},
	{name: "coredns", namespace: "kube-system", weight: 5, image: "registry.k8s.io/coredns/coredns:v1.12.1", pools: []string{"system"},
		nodeSelector: map[string]string{"pool": "system"},
		tolerations:  []map[string]any{toleration("CriticalAddonsOnly", "Exists", "", "", -1)}},
}

// zoneAffinity is a required node affinity to the zones.
func zoneAffinity(zones ...string) map[string]any {
	values := make([]any, len(zones))
	for i, zone := range zones {
		values[i] = zone
	}
	return map[string]any{"nodeAffinity": map[string]any{"requiredDuringSchedulingIgnoredDuringExecution": map[string]any{
		"nodeSelectorTerms": []any{map[string]any{"matchExpressions": []any{map[string]any{
			"key": "topology.kubernetes.io/zone", "operator": "In", "values": values}}}}}}}
}

// zones are the topology.kubernetes.io/zone values.
var zones = []string{"us-east-1a", "us-east-1b", "us-east-1c"}
