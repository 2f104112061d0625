package clustersnapshot

import (
	"io"
	"math/rand/v2"
	"slices"
)

// Write writes the snapshot of spec (which must Validate) to out:
//
//  1. Each node is drawn into a pool (by weight) and a zone, with the pool's
//     labels and taints; one in notReadyEvery is NotReady, with the
//     not-ready:NoExecute taint.
//  2. Every node runs one pod of each DaemonSet.
//  3. Of the other pods, PendingPercent are pending, taken from each
//     Deployment in turn (training's fit no node); the rest run, each drawn from a
//     Deployment by weight and placed on a node its pools, nodeSelector and
//     affinity accept. Each Deployment has one ReplicaSet, its pods' owner.
//  4. Nodes come first, then pods, as `kubectl get nodes,pods` prints them.
func Write(out io.Writer, spec Spec, format Format) error {
	if err := spec.Validate(); err != nil {
		return err
	}
	list, err := newListWriter(out, format)
	if err != nil {
		return err
	}
	if err := addCluster(list, spec); err != nil {
		return err
	}
	return list.close()
}

// addCluster adds Write's nodes and pods to a List.
func addCluster(list *listWriter, spec Spec) error {
	r := newRandom(spec.Seed)
	nodes := make([]*clusterNode, spec.Nodes)
	for i := range nodes {
		nodes[i] = newNode(r, i, spec.ManagedFields)
		if err := list.add(nodes[i].object); err != nil {
			return err
		}
		nodes[i].object = nil // only the name, pool and zone place pods
	}
	pods := podWriter{r: r, list: list, managedFields: spec.ManagedFields}
	for _, node := range nodes {
		for _, daemon := range daemonSets {
			if err := pods.add(pods.ownerOf(daemon), node); err != nil {
				return err
			}
		}
	}
	rest := spec.Pods - len(daemonSets)*spec.Nodes
	pending := rest * PendingPercent / 100
	placed, candidates := placements(deployments, nodes)
	for range rest - pending {
		w := placed[drawIndex(r, len(placed), func(i int) int { return placed[i].weight })]
		eligible := candidates[w]
		if err := pods.add(pods.ownerOf(w), eligible[r.IntN(len(eligible))]); err != nil {
			return err
		}
	}
	for i := range pending {
		if err := pods.add(pods.ownerOf(deployments[i%len(deployments)]), nil); err != nil {
			return err
		}
	}
	return nil
}

// podWriter writes pods, numbering them and making each workload's owner
// the first time it is asked for.
type podWriter struct {
	r             *rand.Rand
	list          *listWriter
	managedFields bool
	owners        map[*workload]*owner
	count         int
}

func (p *podWriter) ownerOf(w *workload) *owner {
	if p.owners == nil {
		p.owners = map[*workload]*owner{}
	}
	if p.owners[w] == nil {
		p.owners[w] = newOwner(p.r, w)
	}
	return p.owners[w]
}

func (p *podWriter) add(o *owner, node *clusterNode) error {
	p.count++
	return p.list.add(newPod(p.r, o, node, p.count, p.managedFields))
}

// placements are the Deployments that can run somewhere, and for each the
// nodes it can run on: in one of its pools, in a zone its affinity allows.
// A Deployment that fitsNowhere has none.
func placements(workloads []*workload, nodes []*clusterNode) (placed []*workload, candidates map[*workload][]*clusterNode) {
	candidates = map[*workload][]*clusterNode{}
	for _, w := range workloads {
		if w.fitsNowhere {
			continue
		}
		for _, node := range nodes {
			if slices.Contains(w.pools, node.pool.name) && (w.zones == nil || slices.Contains(w.zones, node.zone)) {
				candidates[w] = append(candidates[w], node)
			}
		}
		if len(candidates[w]) > 0 {
			placed = append(placed, w)
		}
	}
	return placed, candidates
}

// drawIndex picks an index in [0, n) by weight; every weight is positive.
func drawIndex(r *rand.Rand, n int, weight func(int) int) int {
	total := 0
	for i := range n {
		total += weight(i)
	}
	x := r.IntN(total)
	for i := range n - 1 {
		if x < weight(i) {
			return i
		}
		x -= weight(i)
	}
	return n - 1
}
