package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/internal/golden"
)

// checkGolden compares got, as indented JSON, with testdata/golden/<name>.json;
// go test ./engine -run TestGolden -update re-records it.
func checkGolden(t *testing.T, name string, got any) {
	t.Helper()
	golden.JSON(t, filepath.Join("testdata", "golden", name+".json"), got)
}

// TestGoldenTimelines records the sentences of every timeline entry kind on
// the countdown scenarios SEMANTICS §5 lists.
func TestGoldenTimelines(t *testing.T) {
	notReady := core.Taint{Key: "node.kubernetes.io/not-ready", Effect: core.TaintEffectNoExecute}
	maintenance := core.Taint{Key: "maintenance", Value: "kernel", Effect: core.TaintEffectNoExecute}
	defaultNotReady := core.Toleration{Key: notReady.Key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute,
		TolerationSeconds: new(int64(300)), AddedBy: "DefaultTolerationSeconds"}
	maintenanceFor := func(seconds int64) core.Toleration {
		return core.Toleration{Key: "maintenance", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: new(int64(seconds))}
	}
	nodes := []core.Node{{Name: "worker-1"}, {Name: "worker-2"}}
	tests := []struct {
		name   string
		pods   []core.Pod
		events []tainteviction.Event
		until  float64
	}{
		{
			name: "node-not-ready",
			pods: []core.Pod{
				{Name: "web", NodeName: "worker-1", Tolerations: []core.Toleration{defaultNotReady}},
				{Name: "agent", NodeName: "worker-1", Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}},
				{Name: "batch", NodeName: "worker-1", Tolerations: []core.Toleration{maintenanceFor(60)}},
			},
			events: []tainteviction.Event{
				{At: 10, Kind: tainteviction.EventAddTaint, Node: "worker-1", Taint: &notReady},
				{At: 100, Kind: tainteviction.EventRemoveTaint, Node: "worker-1", Taint: &notReady},
				{At: 200, Kind: tainteviction.EventAddTaint, Node: "worker-1", Taint: &notReady},
			},
			until: 600,
		},
		{
			name: "deadline-never-moves",
			pods: []core.Pod{{Name: "db", NodeName: "worker-2", Tolerations: []core.Toleration{maintenanceFor(120), defaultNotReady}}},
			events: []tainteviction.Event{
				{At: 0, Kind: tainteviction.EventAddTaint, Node: "worker-2", Taint: &maintenance},
				{At: 30, Kind: tainteviction.EventSetTolerations, Pod: 0, Tolerations: []core.Toleration{maintenanceFor(3600), defaultNotReady}},
				{At: 60, Kind: tainteviction.EventAddTaint, Node: "worker-2", Taint: &notReady},
				{At: 90, Kind: tainteviction.EventBind, Pod: 0, Node: "worker-1"},
			},
			until: 600,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := &Workspace{Nodes: nodes, Pods: tc.pods}
			checkGolden(t, "timeline-"+tc.name, w.Simulate(tc.events, tc.until))
		})
	}
}

// goldenScenario is what the golden files record for one pair of editor
// texts: the diagnostics, every cell with its explanation, and the
// countdowns at the start of the clock.
type goldenScenario struct {
	Diagnostics []core.Diagnostic       `json:"diagnostics"`
	Cells       []*CellDetail           `json:"cells"`
	Timeline    *tainteviction.Timeline `json:"timeline"`
}

// TestGoldenScenarios loads testdata/golden/<input>.nodes.yaml and .pods.yaml
// end to end and records the whole explained result in <name>.json.
func TestGoldenScenarios(t *testing.T) {
	gateOn := core.DefaultOptions()
	gateOn.ComparisonOperators = true
	tests := []struct {
		name, input string
		opts        core.Options
	}{
		{name: "gpu-dedicated", input: "gpu-dedicated", opts: core.DefaultOptions()},
		{name: "node-not-ready", input: "node-not-ready", opts: core.DefaultOptions()},
		{name: "kubectl-lines", input: "kubectl-lines", opts: core.DefaultOptions()},
		{name: "kubectl-lines-comparison-operators", input: "kubectl-lines", opts: gateOn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			nodes, err := os.ReadFile(filepath.Join("testdata", "golden", tc.input+".nodes.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			pods, err := os.ReadFile(filepath.Join("testdata", "golden", tc.input+".pods.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			w := Load(string(nodes), string(pods), tc.opts)
			got := goldenScenario{Diagnostics: w.Diagnostics, Cells: []*CellDetail{}, Timeline: w.Simulate(nil, 600)}
			for p := range w.Pods {
				for n := range w.Nodes {
					detail, err := w.Explain(p, n)
					if err != nil {
						t.Fatal(err)
					}
					got.Cells = append(got.Cells, detail)
				}
			}
			checkGolden(t, "scenario-"+tc.name, got)
		})
	}
}
