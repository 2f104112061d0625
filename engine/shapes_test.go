package engine_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/admission"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/examples/generated"
)

// requireSameVerdicts fails unless judging by shape and pair by pair give
// the same JSON, byte for byte.
func requireSameVerdicts(t *testing.T, w *engine.Workspace) {
	t.Helper()
	encode := func(v *engine.Verdicts) []byte {
		text, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	byShape, pairByPair := encode(w.VerdictsByShape()), encode(w.VerdictsPairByPair())
	if !bytes.Equal(byShape, pairByPair) {
		at := 0
		for at < min(len(byShape), len(pairByPair)) && byShape[at] == pairByPair[at] {
			at++
		}
		from := max(0, at-300)
		t.Fatalf("by shape and pair by pair differ at byte %d:\nby shape:     …%s\npair by pair: …%s",
			at, byShape[from:min(len(byShape), at+200)], pairByPair[from:min(len(pairByPair), at+200)])
	}
}

// bothGates runs check with the Lt/Gt gate (ComparisonOperators) on and off.
func bothGates(t *testing.T, opts core.Options, check func(t *testing.T, opts core.Options)) {
	for _, gate := range []bool{false, true} {
		opts.ComparisonOperators = gate
		t.Run(fmt.Sprintf("gate=%v", gate), func(t *testing.T) { check(t, opts) })
	}
}

func TestVerdictsByShapeOnEveryExample(t *testing.T) {
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		t.Run(s.Slug, func(t *testing.T) {
			bothGates(t, s.Settings, func(t *testing.T, opts core.Options) {
				requireSameVerdicts(t, engine.Load(s.Nodes, s.Pods, opts))
			})
		})
	}
	files, err := filepath.Glob("../examples/cli/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example of the command line: %v", err)
	}
	more, _ := filepath.Glob("../examples/cli/manifests/*.yaml")
	for _, file := range append(files, more...) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(file, func(t *testing.T) {
			bothGates(t, core.DefaultOptions(), func(t *testing.T, opts core.Options) {
				requireSameVerdicts(t, engine.Load(string(text), string(text), opts))
			})
		})
	}
}

func TestVerdictsByShapeOnGeneratedCluster(t *testing.T) {
	w := generated.Cluster(generated.Spec{Nodes: 300, PodsPerNode: 8, Seed: 5})
	bothGates(t, w.Options, func(t *testing.T, opts core.Options) {
		w.Options = opts
		requireSameVerdicts(t, w)
	})
}

// TestVerdictsByShapeOnRandomWorkspaces draws workspaces from small sets of
// keys, values and names, so that shapes collide and differ in every field
// a verdict reads: taints (in order, with PreferNoSchedule and unknown
// effects), cordons, labels (numbers for Gt and Lt), conditions, duplicate
// and unknown node names, nodeSelectors, required affinity with every
// operator and matchFields, tolerations with every operator and seconds,
// rejected objects; TAINT_PLAYGROUND_SHAPE_ROUNDS runs more.
func TestVerdictsByShapeOnRandomWorkspaces(t *testing.T) {
	rounds := 2000
	if n, err := fmt.Sscan(os.Getenv("TAINT_PLAYGROUND_SHAPE_ROUNDS"), &rounds); n == 0 || err != nil {
		rounds = 2000
	}
	for round := range rounds {
		r := rand.New(rand.NewPCG(uint64(round), 25))
		w := randomWorkspace(r)
		bothGates(t, w.Options, func(t *testing.T, opts core.Options) {
			w.Options = opts
			requireSameVerdicts(t, w)
		})
		if t.Failed() {
			t.Fatalf("round %d", round)
		}
	}
}

// pick is one of the items.
func pick[T any](r *rand.Rand, items ...T) T { return items[r.IntN(len(items))] }

var (
	randomKeys   = []string{"a", "b", "pool", "node.kubernetes.io/not-ready", "node.kubernetes.io/unschedulable"}
	randomValues = []string{"", "1", "10", "x", "-3"}
	randomNames  = []string{"n0", "n1", "n2", "n3", "n4", "n5"}
)

// randomWorkspace is a workspace of up to 8 nodes and 12 pods.
func randomWorkspace(r *rand.Rand) *engine.Workspace {
	w := &engine.Workspace{Options: core.DefaultOptions(), Diagnostics: []core.Diagnostic{}}
	for range r.IntN(9) {
		w.Nodes = append(w.Nodes, randomNode(r))
	}
	for range r.IntN(13) {
		w.Pods = append(w.Pods, randomPod(r))
	}
	return w
}

func randomNode(r *rand.Rand) core.Node {
	node := core.Node{Name: pick(r, randomNames...), Labels: map[string]string{}, Taints: []core.Taint{},
		Unschedulable: r.IntN(4) == 0}
	for range r.IntN(3) {
		node.Labels[pick(r, randomKeys...)] = pick(r, randomValues...)
	}
	for range r.IntN(4) {
		node.Taints = append(node.Taints, core.Taint{Key: pick(r, randomKeys...), Value: pick(r, randomValues...),
			Effect: pick[core.TaintEffect](r, core.TaintEffectNoSchedule, core.TaintEffectNoExecute, core.TaintEffectPreferNoSchedule, "Other")})
	}
	for range r.IntN(3) {
		node.Conditions = append(node.Conditions, core.NodeCondition{
			Type:   pick(r, core.NodeReady, core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure),
			Status: pick(r, core.ConditionTrue, core.ConditionFalse, core.ConditionUnknown)})
	}
	if r.IntN(10) == 0 {
		node.Rejected = []string{"spec.taints[0].key: Invalid value"}
	}
	return node
}

func randomPod(r *rand.Rand) core.Pod {
	pod := core.Pod{Name: pick(r, "p", "q"), Kind: "Pod", Tolerations: []core.Toleration{}}
	if r.IntN(2) == 0 {
		pod.NodeName = pick(r, append(randomNames, "unknown")...)
	}
	if r.IntN(3) == 0 {
		pod.NodeSelector = map[string]string{pick(r, randomKeys...): pick(r, randomValues...)}
	}
	if r.IntN(3) == 0 {
		pod.RequiredAffinity = randomAffinity(r)
	}
	for range r.IntN(4) {
		t := core.Toleration{Key: pick(r, append(randomKeys, "")...), Value: pick(r, randomValues...),
			Operator: pick[core.TolerationOperator](r, core.TolerationOpEqual, core.TolerationOpExists, "Lt", "Gt"),
			Effect:   pick[core.TaintEffect](r, "", core.TaintEffectNoSchedule, core.TaintEffectNoExecute, core.TaintEffectPreferNoSchedule)}
		if r.IntN(2) == 0 {
			seconds := int64(r.IntN(3) * 150)
			t.TolerationSeconds = &seconds
		}
		pod.Tolerations = append(pod.Tolerations, t)
	}
	if r.IntN(4) == 0 {
		pod.Containers = []core.Resources{{Requests: map[string]string{"cpu": "1"}}}
	}
	if r.IntN(10) == 0 {
		pod.Rejected = []string{"spec.tolerations[0].operator: Unsupported value"}
	}
	if r.IntN(3) == 0 {
		admission.Admit(&pod, core.DefaultOptions())
	}
	return pod
}

// randomAffinity is one or two terms of expressions and fields.
func randomAffinity(r *rand.Rand) *core.NodeSelector {
	affinity := &core.NodeSelector{}
	for range 1 + r.IntN(2) {
		var term core.NodeSelectorTerm
		for range r.IntN(3) {
			operator := pick(r, "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt")
			requirement := core.NodeSelectorRequirement{Key: pick(r, randomKeys...), Operator: operator}
			switch operator {
			case "In", "NotIn":
				requirement.Values = []string{pick(r, randomValues...), pick(r, randomValues...)}
			case "Gt", "Lt":
				requirement.Values = []string{pick(r, "0", "5", "x")}
			}
			term.MatchExpressions = append(term.MatchExpressions, requirement)
		}
		if r.IntN(4) == 0 {
			term.MatchFields = []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: pick(r, "In", "NotIn"),
				Values: []string{pick(r, randomNames...)}}}
		}
		affinity.Terms = append(affinity.Terms, term)
	}
	return affinity
}
