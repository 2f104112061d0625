package generated

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

func TestClusterIsDeterministic(t *testing.T) {
	spec := Spec{Nodes: 300, PodsPerNode: 30, Seed: 7}
	if diff := cmp.Diff(Cluster(spec), Cluster(spec)); diff != "" {
		t.Errorf("the same spec built two clusters (-first +second):\n%s", diff)
	}
	other := spec
	other.Seed = 8
	if cmp.Equal(Cluster(spec), Cluster(other)) {
		t.Error("seeds 7 and 8 built the same cluster")
	}
}

func TestClusterShape(t *testing.T) {
	for _, tc := range []struct {
		name                         string
		spec                         Spec
		wantNodes, wantRun, wantPend int
	}{
		{name: "the issue's 5,000 nodes × 30 pods, 1,500 pending", spec: Large, wantNodes: 5000, wantRun: 150000, wantPend: 1500},
		{name: "one node of two DaemonSet pods", spec: Spec{Nodes: 1, PodsPerNode: 2}, wantNodes: 1, wantRun: 2},
		{name: "fewer pods per node than DaemonSets", spec: Spec{Nodes: 10, PodsPerNode: 1}, wantNodes: 10, wantRun: 10},
		{name: "no pods", spec: Spec{Nodes: 3}, wantNodes: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := Cluster(tc.spec)
			running, pending := 0, 0
			for _, pod := range w.Pods {
				if pod.NodeName == "" {
					pending++
				} else {
					running++
				}
			}
			got := []int{len(w.Nodes), running, pending}
			if diff := cmp.Diff([]int{tc.wantNodes, tc.wantRun, tc.wantPend}, got); diff != "" {
				t.Errorf("nodes, running, pending (-want +got):\n%s", diff)
			}
		})
	}
}

// TestClusterIsRealistic checks what makes the cluster worth a what-if: every
// pool is there, names are unique, every running pod fits the node it runs on
// (a cordoned node excepted), and the typo's pending pods fit no node.
func TestClusterIsRealistic(t *testing.T) {
	w := Cluster(Spec{Nodes: 1000, PodsPerNode: 30, Seed: 3})
	pools := map[string]int{}
	byName := map[string]*core.Node{}
	for i := range w.Nodes {
		node := &w.Nodes[i]
		pools[node.Labels["pool"]]++
		if byName[node.Name] != nil {
			t.Fatalf("two nodes are named %s", node.Name)
		}
		byName[node.Name] = node
	}
	for _, pool := range Pools {
		if pools[pool.Name] == 0 {
			t.Errorf("no node in pool %s", pool.Name)
		}
	}
	names := map[string]bool{}
	for i := range w.Pods {
		pod := &w.Pods[i]
		if key := pod.Namespace + "/" + pod.Name; names[key] {
			t.Fatalf("two pods are named %s", key)
		} else {
			names[key] = true
		}
		if pod.NodeName == "" {
			if strings.HasPrefix(pod.Name, trainingTypo.Name+"-") && fitsAny(pod, w.Nodes) {
				t.Errorf("%s fits a node despite its toleration's typo", pod.Name)
			}
			continue
		}
		node := byName[pod.NodeName]
		if !node.Unschedulable && !fits(pod, node) {
			t.Errorf("%s runs on %s but does not fit it", pod.Name, node.Name)
		}
	}
}

func fits(pod *core.Pod, node *core.Node) bool {
	placement := scheduler.MatchPlacement(pod, node)
	return scheduler.TaintTolerationFilter(pod, node, false) < 0 && scheduler.NodeUnschedulableFilter(pod, node, false) &&
		placement.NodeName && placement.NodeSelector && placement.Affinity
}

func fitsAny(pod *core.Pod, nodes []core.Node) bool {
	for i := range nodes {
		if fits(pod, &nodes[i]) {
			return true
		}
	}
	return false
}

func TestSpecValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec Spec
		want string
	}{
		{name: "the large cluster is valid", spec: Large},
		{name: "no nodes", spec: Spec{PodsPerNode: 30}, want: "nodes: 0 is not between 1 and 5000"},
		{name: "past the scalability limit", spec: Spec{Nodes: 5001}, want: "nodes: 5001 is not between 1 and 5000"},
		{name: "negative pods", spec: Spec{Nodes: 1, PodsPerNode: -1}, want: "podsPerNode: -1 is not between 0 and 110"},
		{name: "past --max-pods", spec: Spec{Nodes: 1, PodsPerNode: 111}, want: "podsPerNode: 111 is not between 0 and 110"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			if err := tc.spec.Validate(); err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Validate (-want +got):\n%s", diff)
			}
		})
	}
}

func TestZeroPadded(t *testing.T) {
	for _, n := range []int{0, 7, 42, 1234, 99999, 123456} {
		if got, want := zeroPadded(n), fmt.Sprintf("%05d", n); got != want {
			t.Errorf("zeroPadded(%d) = %q, want %q", n, got, want)
		}
	}
}
