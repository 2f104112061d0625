package engine

import "github.com/taint-playground/taint-playground/engine/core"

// PoolLabels are the node labels that name a node pool, most specific
// first: Karpenter's, GKE's, EKS's and AKS's, then the plain "pool" that
// operators (and the generated cluster) use.
var PoolLabels = []string{
	"karpenter.sh/nodepool",
	"cloud.google.com/gke-nodepool",
	"eks.amazonaws.com/nodegroup",
	"kubernetes.azure.com/agentpool",
	"pool",
}

// PoolLabel is the first of PoolLabels that some node carries, or "" when
// none does (then every node is in one pool, "").
func PoolLabel(nodes []core.Node) string {
	for _, key := range PoolLabels {
		for n := range nodes {
			if _, ok := nodes[n].Labels[key]; ok {
				return key
			}
		}
	}
	return ""
}
