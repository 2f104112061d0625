// Package kubectl reproduces `kubectl taint nodes` (k8s.io/kubectl/pkg/cmd/taint):
// its argument syntax, its errors word for word, and how it adds, overwrites
// and removes taints on the nodes a name, --all or -l selects. It also splits
// a command line into words as a POSIX shell would.
//
// It imports core only.
package kubectl
