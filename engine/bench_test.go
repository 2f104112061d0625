package engine

// Benchmarks of matching, filtering, eviction and Evaluate, each beside its
// upstream counterpart on the same generated input, so one run gives the
// ratio. Run them with:
//
//	go test ./engine -run '^$' -bench . -benchmem -count 1
//
// Names are Benchmark<Stage>/<nodes>x<pods>/<engine|upstream>; a harness can
// pick one size with -bench 'Evaluate/5000x100'.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/go-logr/logr"
	v1 "k8s.io/api/core/v1"
	corev1helpers "k8s.io/component-helpers/scheduling/corev1"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
	"github.com/taint-playground/taint-playground/engine/scheduler"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// benchSizes are the workspace sizes benchmarked: the trivial one, a large
// playground, and the target of 5,000 nodes × 100 pods.
var benchSizes = []struct{ nodes, pods int }{{1, 1}, {500, 50}, {5000, 100}}

// Pools the generator draws from: well-known and custom keys, values that
// include integers for Lt and Gt, and every effect.
var (
	genKeys = []string{"dedicated", "gpu", "example.com/tier", "sla", "zone",
		"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable", "node.kubernetes.io/memory-pressure"}
	genValues    = []string{"", "a", "b", "gpu", "800", "950", "999"}
	genEffects   = []core.TaintEffect{core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule, core.TaintEffectNoExecute}
	genOperators = []core.TolerationOperator{"", core.TolerationOpEqual, core.TolerationOpExists, core.TolerationOpExists, core.TolerationOpLt, core.TolerationOpGt}
	genSeconds   = []int64{0, 30, 300, 3600}
	genZones     = []string{"a", "b", "c"}
)

// GenerateWorkspace builds a deterministic workspace of the given size from
// seed: nodes with up to 4 taints (unique by key and effect), some cordoned,
// labelled with a zone; pods with up to 5 tolerations of every operator, some
// with tolerationSeconds, some selecting a zone, some already bound to a node.
// The Lt/Gt gate is on, the costliest setting. Benchmarks, the oracle tests and
// a `make bench` harness (through `go test -bench`) share it.
func GenerateWorkspace(nodes, pods int, seed uint64) *Workspace {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	pick := func(n int) int { return r.IntN(n) }
	w := &Workspace{Options: core.Options{ComparisonOperators: true}, Nodes: make([]core.Node, nodes), Pods: make([]core.Pod, pods)}
	for n := range w.Nodes {
		node := core.Node{Name: fmt.Sprintf("node-%d", n), Labels: map[string]string{"zone": genZones[pick(len(genZones))]}, Unschedulable: pick(20) == 0}
		for range pick(5) {
			t := core.Taint{Key: genKeys[pick(len(genKeys))], Value: genValues[pick(len(genValues))], Effect: genEffects[pick(len(genEffects))]}
			if !slices.ContainsFunc(node.Taints, func(o core.Taint) bool { return o.MatchTaint(&t) }) {
				node.Taints = append(node.Taints, t)
			}
		}
		if node.Unschedulable {
			node.Taints = append(node.Taints, scheduler.UnschedulableTaint)
		}
		w.Nodes[n] = node
	}
	for p := range w.Pods {
		pod := core.Pod{Name: fmt.Sprintf("pod-%d", p), Kind: "Pod"}
		for range pick(6) {
			tol := core.Toleration{Operator: genOperators[pick(len(genOperators))]}
			if pick(10) > 0 {
				tol.Key = genKeys[pick(len(genKeys))]
			}
			if tol.Operator != core.TolerationOpExists {
				tol.Value = genValues[pick(len(genValues))]
			}
			if pick(4) > 0 {
				tol.Effect = genEffects[pick(len(genEffects))]
			}
			if tol.Effect == core.TaintEffectNoExecute && pick(2) == 0 {
				tol.TolerationSeconds = new(genSeconds[pick(len(genSeconds))])
			}
			pod.Tolerations = append(pod.Tolerations, tol)
		}
		if pick(5) == 0 {
			pod.NodeSelector = map[string]string{"zone": genZones[pick(len(genZones))]}
		}
		if nodes > 0 && pick(10) == 0 {
			pod.NodeName = w.Nodes[pick(nodes)].Name
		}
		w.Pods[p] = pod
	}
	return w
}

// upstreamWorkspace is a generated workspace in k8s.io/api types, converted
// once, outside the timed loops.
type upstreamWorkspace struct {
	taints      [][]v1.Taint
	noExecute   [][]v1.Taint
	unschedule  []bool
	tolerations [][]v1.Toleration
	gate        bool
}

func toUpstreamWorkspace(w *Workspace) *upstreamWorkspace {
	u := &upstreamWorkspace{gate: w.Options.ComparisonOperators}
	for n := range w.Nodes {
		taints := upstream.ToV1Taints(w.Nodes[n].Taints)
		u.taints = append(u.taints, taints)
		u.noExecute = append(u.noExecute, upstreamNoExecuteTaints(taints))
		u.unschedule = append(u.unschedule, w.Nodes[n].Unschedulable)
	}
	for p := range w.Pods {
		u.tolerations = append(u.tolerations, upstream.ToV1Tolerations(w.Pods[p].Tolerations))
	}
	return u
}

// The three functions below port the taint-eviction controller's decision
// core to k8s.io/api types, for the benchmark and the oracle test: upstream
// keeps them in k/k (pkg/apis/core/v1/helper GetMatchingTolerations @02abf341;
// pkg/controller/tainteviction getNoExecuteTaints, getMinTolerationTime
// @5ce22905), which is not a module we can import. Apache-2.0, The Kubernetes
// Authors.

func upstreamNoExecuteTaints(taints []v1.Taint) []v1.Taint {
	result := []v1.Taint{}
	for i := range taints {
		if taints[i].Effect == v1.TaintEffectNoExecute {
			result = append(result, taints[i])
		}
	}
	return result
}

func upstreamGetMatchingTolerations(taints []v1.Taint, tolerations []v1.Toleration, gate bool) (bool, []v1.Toleration) {
	if len(taints) == 0 {
		return true, []v1.Toleration{}
	}
	if len(tolerations) == 0 && len(taints) > 0 {
		return false, []v1.Toleration{}
	}
	result := []v1.Toleration{}
	for i := range taints {
		tolerated := false
		for j := range tolerations {
			if tolerations[j].ToleratesTaint(logr.Discard(), &taints[i], gate) {
				result = append(result, tolerations[j])
				tolerated = true
				break
			}
		}
		if !tolerated {
			return false, []v1.Toleration{}
		}
	}
	return true, result
}

func upstreamGetMinTolerationTime(tolerations []v1.Toleration) time.Duration {
	minTolerationTime := int64(math.MaxInt64)
	if len(tolerations) == 0 {
		return 0
	}
	for i := range tolerations {
		if tolerations[i].TolerationSeconds != nil {
			tolerationSeconds := *(tolerations[i].TolerationSeconds)
			if tolerationSeconds <= 0 {
				return 0
			} else if tolerationSeconds < minTolerationTime {
				minTolerationTime = tolerationSeconds
			}
		}
	}
	if minTolerationTime == int64(math.MaxInt64) {
		return -1
	}
	return time.Duration(minTolerationTime) * time.Second
}

// benchSink keeps results alive so the compiler cannot drop the work.
var benchSink int

// runBenchSizes runs engine and upstream for every size on the same input.
func runBenchSizes(b *testing.B, engine func(*testing.B, *Workspace), upstream func(*testing.B, *upstreamWorkspace)) {
	for _, size := range benchSizes {
		w := GenerateWorkspace(size.nodes, size.pods, 1)
		u := toUpstreamWorkspace(w)
		b.Run(fmt.Sprintf("%dx%d", size.nodes, size.pods), func(b *testing.B) {
			b.Run("engine", func(b *testing.B) {
				b.ReportAllocs()
				engine(b, w)
			})
			b.Run("upstream", func(b *testing.B) {
				b.ReportAllocs()
				upstream(b, u)
			})
		})
	}
}

// BenchmarkMatch compares every toleration with every taint of every cell.
func BenchmarkMatch(b *testing.B) {
	runBenchSizes(b, func(b *testing.B, w *Workspace) {
		gate := w.Options.ComparisonOperators
		for b.Loop() {
			for p := range w.Pods {
				tols := w.Pods[p].Tolerations
				for n := range w.Nodes {
					taints := w.Nodes[n].Taints
					for i := range tols {
						for j := range taints {
							if tols[i].ToleratesTaint(&taints[j], gate) {
								benchSink++
							}
						}
					}
				}
			}
		}
	}, func(b *testing.B, u *upstreamWorkspace) {
		logger := logr.Discard()
		for b.Loop() {
			for _, tols := range u.tolerations {
				for _, taints := range u.taints {
					for i := range tols {
						for j := range taints {
							if tols[i].ToleratesTaint(logger, &taints[j], u.gate) {
								benchSink++
							}
						}
					}
				}
			}
		}
	})
}

// BenchmarkFilter runs the TaintToleration filter on every cell.
func BenchmarkFilter(b *testing.B) {
	runBenchSizes(b, func(b *testing.B, w *Workspace) {
		gate := w.Options.ComparisonOperators
		for b.Loop() {
			for p := range w.Pods {
				for n := range w.Nodes {
					benchSink += scheduler.TaintTolerationFilter(&w.Pods[p], &w.Nodes[n], gate)
				}
			}
		}
	}, func(b *testing.B, u *upstreamWorkspace) {
		logger := logr.Discard()
		for b.Loop() {
			for _, tols := range u.tolerations {
				for _, taints := range u.taints {
					if _, untolerated := corev1helpers.FindMatchingUntoleratedTaint(logger, taints, tols, upstream.DoNotScheduleV1, u.gate); untolerated {
						benchSink++
					}
				}
			}
		}
	})
}

// BenchmarkEviction decides on every cell as if the pod ran on the node: the
// first matching toleration per NoExecute taint and the minimum grace. Like
// the controller, both sides start from each node's NoExecute taints.
func BenchmarkEviction(b *testing.B) {
	runBenchSizes(b, func(b *testing.B, w *Workspace) {
		gate := w.Options.ComparisonOperators
		noExecute := make([][]core.Taint, len(w.Nodes))
		for n := range w.Nodes {
			for _, t := range w.Nodes[n].Taints {
				if tainteviction.IsNoExecute(&t) {
					noExecute[n] = append(noExecute[n], t)
				}
			}
		}
		for b.Loop() {
			for p := range w.Pods {
				tols := w.Pods[p].Tolerations
				for n := range noExecute {
					if all, used := tainteviction.GetMatchingTolerations(noExecute[n], tols, gate); all {
						seconds, _, _ := tainteviction.MinTolerationTime(tols, used)
						benchSink += int(seconds)
					}
				}
			}
		}
	}, func(b *testing.B, u *upstreamWorkspace) {
		for b.Loop() {
			for _, tols := range u.tolerations {
				for _, taints := range u.noExecute {
					if all, used := upstreamGetMatchingTolerations(taints, tols, u.gate); all {
						benchSink += int(upstreamGetMinTolerationTime(used) / time.Second)
					}
				}
			}
		}
	})
}

// BenchmarkEvaluate runs the whole report; upstream's side computes what the
// scheduler's NodeUnschedulable and TaintToleration plugins compute per cell
// (filters and the PreferNoSchedule count), without placement or eviction.
func BenchmarkEvaluate(b *testing.B) {
	runBenchSizes(b, func(b *testing.B, w *Workspace) {
		for b.Loop() {
			benchSink += len(w.Evaluate().Cells)
		}
	}, func(b *testing.B, u *upstreamWorkspace) {
		logger := logr.Discard()
		unschedulable := v1.Taint{Key: v1.TaintNodeUnschedulable, Effect: v1.TaintEffectNoSchedule}
		for b.Loop() {
			for _, tols := range u.tolerations {
				var prefer []v1.Toleration
				for _, t := range tols {
					if t.Effect == "" || t.Effect == v1.TaintEffectPreferNoSchedule {
						prefer = append(prefer, t)
					}
				}
				for n, taints := range u.taints {
					if u.unschedule[n] && !corev1helpers.TolerationsTolerateTaint(logger, tols, &unschedulable, u.gate) {
						benchSink++
					}
					if _, untolerated := corev1helpers.FindMatchingUntoleratedTaint(logger, taints, tols, upstream.DoNotScheduleV1, u.gate); untolerated {
						benchSink++
					}
					for i := range taints {
						if taints[i].Effect == v1.TaintEffectPreferNoSchedule && !corev1helpers.TolerationsTolerateTaint(logger, prefer, &taints[i], u.gate) {
							benchSink++
						}
					}
				}
			}
		}
	})
}
