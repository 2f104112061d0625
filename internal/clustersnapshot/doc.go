// Package clustersnapshot writes a deterministic snapshot of a large cluster
// as `kubectl get nodes,pods -A -o json` (or `-o yaml`) prints it: a v1 List
// of nodes in four pools, with their labels, conditions and taints, and of
// pods created by ReplicaSets and DaemonSets, admitted with the default
// not-ready and unreachable tolerations, about 2% of them pending.
//
// It exists so that the command line can be measured and tested at the
// Kubernetes scalability limits (5,000 nodes, 150,000 pods) without a
// committed file of a gigabyte: `make bench` writes one to a temporary
// directory, and tests write small ones. The same Spec always writes the same
// bytes. Unlike examples/generated, which builds an engine.Workspace for the
// page directly, this package writes text, so that decoding is measured too.
package clustersnapshot
