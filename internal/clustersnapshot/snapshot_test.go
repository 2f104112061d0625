package clustersnapshot

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// write is the snapshot of spec in format, failing the test on an error.
func write(t *testing.T, spec Spec, format Format) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, spec, format); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// small is a snapshot large enough to hold every pool, a NotReady node and
// pending pods of every Deployment, small enough for a unit test and, without
// managedFields, for the engine's 16 MiB.
var small = Spec{Nodes: 200, Pods: 1600, Seed: 7}

func TestSameSpecWritesSameBytes(t *testing.T) {
	spec := Spec{Nodes: 50, Pods: 400, Seed: 3, ManagedFields: true}
	for _, format := range []Format{JSON, YAML} {
		a, b := write(t, spec, format), write(t, spec, format)
		if sha256.Sum256([]byte(a)) != sha256.Sum256([]byte(b)) {
			t.Errorf("%s: two writes of the same spec differ", format)
		}
	}
	spec.Seed++
	if write(t, spec, JSON) == write(t, Spec{Nodes: 50, Pods: 400, Seed: 3, ManagedFields: true}, JSON) {
		t.Error("another seed wrote the same snapshot")
	}
}

// TestSnapshotReadsAsWritten loads the JSON and the YAML of one snapshot
// with the engine: no error, the nodes and pods asked for, the pending
// share, every pool and a NotReady node present, every pod owned by a
// ReplicaSet (with its pod-template-hash) or a DaemonSet and holding the
// default tolerations; and the two formats judge every pod the same.
func TestSnapshotReadsAsWritten(t *testing.T) {
	load := func(format Format) *engine.Workspace {
		text := write(t, small, format)
		return engine.Load(text, text, core.DefaultOptions())
	}
	fromJSON, fromYAML := load(JSON), load(YAML)
	v := fromJSON.Verdicts()
	if v.Summary.Errors != 0 || len(v.Nodes) != small.Nodes || len(v.Pods) != small.Pods {
		t.Fatalf("summary %+v, want %d nodes, %d pods and no error", v.Summary, small.Nodes, small.Pods)
	}
	pending := v.Summary.Schedulable + v.Summary.Unschedulable
	if want := (small.Pods - len(daemonSets)*small.Nodes) * PendingPercent / 100; pending != want {
		t.Errorf("%d pending pod(s), want %d", pending, want)
	}
	if v.Summary.Unschedulable == 0 || v.Summary.EvictedLater == 0 {
		t.Errorf("summary %+v: want unschedulable pods (training's typo) and pods evicted later (a NotReady node)", v.Summary)
	}
	checkPools(t, fromJSON.Nodes)
	checkOwners(t, fromJSON.Pods)
	if diff := cmp.Diff(verdictsOf(v), verdictsOf(fromYAML.Verdicts())); diff != "" {
		t.Errorf("JSON and YAML judged differently (-json +yaml):\n%s", diff)
	}
}

// verdictsOf is each pod's verdict, by namespace and name.
func verdictsOf(v *engine.Verdicts) map[string]string {
	out := map[string]string{}
	for _, pod := range v.Pods {
		out[pod.Namespace+"/"+pod.Name] = pod.Verdict
	}
	return out
}

// checkPools wants a node of every pool.
func checkPools(t *testing.T, nodes []core.Node) {
	t.Helper()
	seen := map[string]bool{}
	for i := range nodes {
		seen[nodes[i].Labels["pool"]] = true
	}
	for _, p := range pools {
		if !seen[p.name] {
			t.Errorf("no node of pool %s", p.name)
		}
	}
}

// checkOwners wants every pod owned by a ReplicaSet whose name ends in the
// pod's pod-template-hash, or by a DaemonSet, with the default tolerations.
func checkOwners(t *testing.T, pods []core.Pod) {
	t.Helper()
	for i := range pods {
		pod := &pods[i]
		switch {
		case pod.Owner == nil:
			t.Fatalf("pod %s has no owner", pod.Name)
		case pod.Owner.Kind == "ReplicaSet" && !strings.HasSuffix(pod.Owner.Name, "-"+pod.Labels["pod-template-hash"]):
			t.Fatalf("pod %s: ReplicaSet %s does not end in its pod-template-hash %q", pod.Name, pod.Owner.Name, pod.Labels["pod-template-hash"])
		case pod.Owner.Kind != "ReplicaSet" && pod.Owner.Kind != "DaemonSet":
			t.Fatalf("pod %s is owned by a %s", pod.Name, pod.Owner.Kind)
		}
		if !hasToleration(pod, "node.kubernetes.io/unreachable") || !hasToleration(pod, "node.kubernetes.io/not-ready") {
			t.Fatalf("pod %s lacks a default toleration: %+v", pod.Name, pod.Tolerations)
		}
	}
}

// hasToleration is whether a toleration of the pod tolerates the key's
// NoExecute taint.
func hasToleration(pod *core.Pod, key string) bool {
	taint := core.Taint{Key: key, Effect: core.TaintEffectNoExecute}
	return core.TolerationsTolerateTaint(pod.Tolerations, &taint, false)
}

func TestInvalidSpec(t *testing.T) {
	tests := []struct {
		name string
		spec Spec
		want string
	}{
		{name: "no node", spec: Spec{Nodes: 0, Pods: 10}, want: "nodes: 0 is less than 1"},
		{name: "fewer pods than DaemonSet pods", spec: Spec{Nodes: 10, Pods: 19}, want: "pods: 19 is less than 20"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Write(&bytes.Buffer{}, tc.spec, JSON)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want one starting %q", err, tc.want)
			}
		})
	}
	if err := Write(&bytes.Buffer{}, Spec{Nodes: 1, Pods: 2}, "xml"); err == nil {
		t.Error("format xml: no error")
	}
}
