package generated

import (
	"github.com/taint-playground/taint-playground/engine/admission"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// Pool is a node pool: the labels and taints its nodes share, and the
// workloads that run there.
type Pool struct {
	Name   string
	Weight int // share of the nodes, out of the pools' total
	Labels map[string]string
	Taints []core.Taint
	// Workloads fill a node's pods past the DaemonSets, drawn by weight.
	Workloads []*Workload
}

// Workload is the pod template of one Deployment, StatefulSet, Job or
// DaemonSet: every pod of it tolerates and selects the same.
type Workload struct {
	Name, Namespace, Kind string
	Weight                int
	NodeSelector          map[string]string
	RequiredAffinity      *core.NodeSelector
	Tolerations           []core.Toleration
}

// The taints of the pools: what cloud providers and operators put on spot,
// GPU, dedicated and system nodes.
var (
	spotTaint      = core.Taint{Key: "cloud.example.com/spot", Value: "true", Effect: core.TaintEffectNoSchedule}
	gpuTaint       = core.Taint{Key: "nvidia.com/gpu", Value: "present", Effect: core.TaintEffectNoSchedule}
	dedicatedTaint = core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}
	criticalTaint  = core.Taint{Key: "CriticalAddonsOnly", Value: "true", Effect: core.TaintEffectNoSchedule}
)

// seconds is a tolerationSeconds value.
func seconds(s int64) *int64 { return &s }

// The workloads. DaemonSets run on every node; the others on their pools.
var (
	kubeProxy = &Workload{Name: "kube-proxy", Namespace: "kube-system", Kind: "DaemonSet",
		Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}}
	nodeExporter = &Workload{Name: "node-exporter", Namespace: "monitoring", Kind: "DaemonSet",
		Tolerations: []core.Toleration{{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}}

	web = &Workload{Name: "web", Namespace: "shop", Kind: "Deployment", Weight: 6}
	api = &Workload{Name: "api", Namespace: "shop", Kind: "Deployment", Weight: 4}
	// checkout is spread over two zones by required node affinity.
	checkout = &Workload{Name: "checkout", Namespace: "shop", Kind: "Deployment", Weight: 3,
		RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{
			{Key: "topology.kubernetes.io/zone", Operator: "In", Values: []string{"zone-a", "zone-b"}}}}}}}
	// reports are short jobs that accept spot nodes and give up on an
	// unreachable node after a minute.
	reports = &Workload{Name: "reports", Namespace: "batch", Kind: "Job", Weight: 5,
		Tolerations: []core.Toleration{
			{Key: spotTaint.Key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			{Key: "node.kubernetes.io/unreachable", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: seconds(60)},
		}}
	indexer = &Workload{Name: "indexer", Namespace: "search", Kind: "Deployment", Weight: 3,
		Tolerations: []core.Toleration{{Key: spotTaint.Key, Operator: core.TolerationOpEqual, Value: "true"}}}
	// training tolerates the GPU taint with every effect; inference only
	// NoSchedule, so a NoExecute GPU taint evicts it.
	training = &Workload{Name: "training", Namespace: "ml", Kind: "Job", Weight: 3,
		NodeSelector: map[string]string{"pool": "gpu"},
		Tolerations:  []core.Toleration{{Key: gpuTaint.Key, Operator: core.TolerationOpExists}}}
	inference = &Workload{Name: "inference", Namespace: "ml", Kind: "Deployment", Weight: 2,
		NodeSelector: map[string]string{"accelerator": "nvidia-a100"},
		Tolerations:  []core.Toleration{{Key: gpuTaint.Key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}}
	// trainingTypo wrote "true" where the taint's value is "present": its
	// pods are pending and fit no node.
	trainingTypo = &Workload{Name: "training-typo", Namespace: "ml", Kind: "Job", Weight: 1,
		NodeSelector: map[string]string{"pool": "gpu"},
		Tolerations:  []core.Toleration{{Key: gpuTaint.Key, Operator: core.TolerationOpEqual, Value: "true", Effect: core.TaintEffectNoSchedule}}}
	// postgres rides out an hour of network partition before it moves.
	postgres = &Workload{Name: "postgres", Namespace: "data", Kind: "StatefulSet", Weight: 2,
		RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{
			{Key: "pool", Operator: "In", Values: []string{"db"}}}}}},
		Tolerations: []core.Toleration{
			{Key: dedicatedTaint.Key, Operator: core.TolerationOpEqual, Value: "db", Effect: core.TaintEffectNoSchedule},
			{Key: "node.kubernetes.io/unreachable", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: seconds(3600)},
			{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: seconds(3600)},
		}}
	redis = &Workload{Name: "redis", Namespace: "data", Kind: "StatefulSet", Weight: 3,
		NodeSelector: map[string]string{"pool": "db"},
		Tolerations:  []core.Toleration{{Key: dedicatedTaint.Key, Operator: core.TolerationOpEqual, Value: "db", Effect: core.TaintEffectNoSchedule}}}
	coredns = &Workload{Name: "coredns", Namespace: "kube-system", Kind: "Deployment", Weight: 2,
		NodeSelector: map[string]string{"pool": "system"},
		Tolerations:  []core.Toleration{{Key: criticalTaint.Key, Operator: core.TolerationOpExists}}}
	ingress = &Workload{Name: "ingress-nginx", Namespace: "ingress", Kind: "Deployment", Weight: 3,
		NodeSelector: map[string]string{"pool": "system"},
		Tolerations:  []core.Toleration{{Key: criticalTaint.Key, Operator: core.TolerationOpExists}}}
)

// DaemonSets run one pod on every node, first.
var DaemonSets = []*Workload{kubeProxy, nodeExporter}

// PendingWorkloads are the workloads whose pods wait for a node.
var PendingWorkloads = []*Workload{web, reports, training, trainingTypo, postgres, redis}

// Pools are the node pools, by share of the nodes.
var Pools = []*Pool{
	{Name: "general", Weight: 55, Workloads: []*Workload{web, api, checkout, reports, indexer}},
	{Name: "spot", Weight: 20, Taints: []core.Taint{spotTaint}, Workloads: []*Workload{reports, indexer}},
	{Name: "gpu", Weight: 8, Labels: map[string]string{"accelerator": "nvidia-a100"}, Taints: []core.Taint{gpuTaint}, Workloads: []*Workload{training, inference}},
	{Name: "db", Weight: 10, Taints: []core.Taint{dedicatedTaint}, Workloads: []*Workload{postgres, redis}},
	{Name: "system", Weight: 7, Taints: []core.Taint{criticalTaint}, Workloads: []*Workload{coredns, ingress}},
}

// workloadWeight is a workload's share among those drawn with it.
func workloadWeight(w *Workload) int { return w.Weight }

// node is the index-th node, in this pool and zone, with the node lifecycle
// controller's taints (a cordoned node's unschedulable taint).
func (p *Pool) node(index int, zone string, cordoned bool) core.Node {
	labels := map[string]string{
		"pool":                        p.Name,
		"topology.kubernetes.io/zone": zone,
		"kubernetes.io/hostname":      "",
	}
	for k, v := range p.Labels {
		labels[k] = v
	}
	node := core.Node{Name: p.Name + "-" + zone[len("zone-"):] + "-" + zeroPadded(index), Labels: labels, Unschedulable: cordoned}
	labels["kubernetes.io/hostname"] = node.Name
	node.Taints = append([]core.Taint{}, p.Taints...)
	node.Taints = append(node.Taints, tainteviction.ControllerTaints(&node, true)...)
	return node
}

// template is one admitted pod of the workload, without name or node; its
// owner is the workload, as a controller's pods name it.
func (w *Workload) template(opts core.Options) core.Pod {
	pod := core.Pod{
		Namespace: w.Namespace, Kind: w.Kind,
		Owner:            &core.OwnerReference{Kind: w.Kind, Name: w.Name},
		Labels:           map[string]string{"app": w.Name},
		NodeSelector:     w.NodeSelector,
		RequiredAffinity: w.RequiredAffinity,
		Tolerations:      append([]core.Toleration{}, w.Tolerations...),
	}
	admission.Admit(&pod, opts)
	return pod
}
