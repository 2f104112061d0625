package api

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/devicetainteviction"
	"github.com/taint-playground/taint-playground/engine/manifest/manifesttest"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/examples"
)

// ruleAnswer is whatIfRule's answer as the page reads it.
type ruleAnswer struct {
	Rule          string                            `json:"rule"`
	Effect        core.DeviceTaintEffect            `json:"effect"`
	Devices       []engine.DeviceRef                `json:"devices"`
	Pods          []engine.RadiusPod                `json:"pods"`
	Evicted       []engine.RadiusPod                `json:"evicted"`
	DryRun        []engine.RadiusPod                `json:"dryRun"`
	Unallocatable []engine.RadiusRequest            `json:"unallocatable"`
	Status        devicetainteviction.RuleCondition `json:"status"`
	Reason        string                            `json:"reason"`
	ReasonMessage message.Message                   `json:"reasonMessage"`
}

// evaluatedExample is a session that has evaluated the gallery example
// name, and the engine's own workspace of the same text.
func evaluatedExample(t *testing.T, name string) (*Session, *engine.Workspace) {
	t.Helper()
	scenario, err := examples.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := json.Marshal(map[string]string{"nodes": scenario.Nodes, "pods": scenario.Pods})
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{}
	if _, callErr := call(t, s.export("evaluate"), string(texts)); callErr != nil {
		t.Fatal(callErr)
	}
	return s, engine.Load(scenario.Nodes, scenario.Pods, core.DefaultOptions())
}

// TestWhatIfRuleAnswersTheEngine pastes the maintenance example's rule with
// each effect: the answer is engine.DeviceRuleWhatIf's on the same
// workspace, its reason in English beside the message. With None nobody is
// evicted and the dry run names the pods NoExecute evicts.
func TestWhatIfRuleAnswersTheEngine(t *testing.T) {
	s, w := evaluatedExample(t, "device-maintenance-dry-run")
	driver, pool := "gpu.example.com", "node-2"
	answers := map[core.DeviceTaintEffect]ruleAnswer{}
	for _, effect := range []core.DeviceTaintEffect{core.DeviceTaintEffectNone, core.DeviceTaintEffectNoSchedule, core.DeviceTaintEffectNoExecute} {
		t.Run(string(effect), func(t *testing.T) {
			got := callValue[ruleAnswer](t, s.export("whatIfRule"), mustJSON(t, map[string]string{"rule": manifesttest.MaintenanceRule(string(effect))}))
			rule := core.DeviceTaintRule{Name: "node-2-firmware", Selector: &core.DeviceTaintSelector{Driver: &driver, Pool: &pool},
				Taint: core.DeviceTaint{Key: "example.com/maintenance", Value: "firmware", Effect: effect}}
			radius := engine.DeviceRuleWhatIf(w.DeviceInput(w.Now), rule)
			want := ruleAnswer{Rule: radius.Rule, Effect: radius.Effect, Devices: radius.Devices, Pods: radius.Pods,
				Evicted: radius.Evicted, DryRun: radius.DryRun, Unallocatable: radius.Unallocatable, Status: radius.Status,
				Reason: message.InEnglish(radius.Reason), ReasonMessage: radius.Reason}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("whatIfRule (-engine +export):\n%s", diff)
			}
			if len(got.Devices) == 0 || len(got.Pods) == 0 {
				t.Errorf("the rule selects %v, used by %v: the example no longer tests a blast radius", got.Devices, got.Pods)
			}
			answers[effect] = got
		})
	}
	dry, now := answers[core.DeviceTaintEffectNone], answers[core.DeviceTaintEffectNoExecute]
	if len(dry.Evicted) != 0 || len(dry.DryRun) == 0 || !samePods(dry.DryRun, now.Evicted) {
		t.Errorf("None evicts %v and its dry run names %v; NoExecute evicts %v", dry.Evicted, dry.DryRun, now.Evicted)
	}
}

// samePods reports whether a and b name the same pods in the same order.
func samePods(a, b []engine.RadiusPod) bool {
	return cmp.Equal(a, b, cmp.Comparer(func(x, y engine.RadiusPod) bool { return x.Namespace == y.Namespace && x.Name == y.Name }))
}

// TestWhatIfRuleErrors: a rule the apiserver refuses is an error at its line
// and field in the pasted text, as the Nodes editor's would be; a text with
// no rule or two, or a call before evaluate, says so.
func TestWhatIfRuleErrors(t *testing.T) {
	s, _ := evaluatedExample(t, "device-maintenance-dry-run")
	misspelt := strings.Replace(manifesttest.MaintenanceRule("None"), "    value:", "    valeu:", 1)
	for _, tc := range []struct {
		name    string
		session *Session
		rule    string
		line    int
		field   string
		says    string
	}{
		{name: "an unknown field", session: s, rule: misspelt, line: 11, field: "spec.taint.valeu", says: `unknown field "spec.taint.valeu"`},
		{name: "an effect the API does not have", session: s, rule: manifesttest.MaintenanceRule("PreferNoSchedule"), line: 12, field: "spec.taint.effect", says: "Unsupported value"},
		{name: "no rule", session: s, rule: "apiVersion: v1\nkind: Node\nmetadata:\n  name: node-1\n", field: "rule", says: "holds 0 DeviceTaintRules"},
		{name: "two rules", session: s, rule: manifesttest.MaintenanceRule("None") + "---\n" + strings.Replace(manifesttest.MaintenanceRule("None"), "node-2-firmware", "other", 1),
			field: "rule", says: "holds 2 DeviceTaintRules"},
		{name: "before evaluate", session: &Session{}, rule: manifesttest.MaintenanceRule("None"), says: "whatIfRule: call evaluate first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, got := call(t, tc.session.export("whatIfRule"), mustJSON(t, map[string]string{"rule": tc.rule}))
			if got == nil {
				t.Fatal("no error")
			}
			if got.Line != tc.line || got.Field != tc.field || !strings.Contains(got.Message, tc.says) {
				t.Errorf("error %+v; want line %d, field %q, saying %q", got, tc.line, tc.field, tc.says)
			}
		})
	}
}

// TestWhatIfRuleSetsTimeAddedToNow: a rule without timeAdded counts from
// the workspace's clock, as the apiserver sets it on create, so NoExecute
// evicts the untolerating pod now.
func TestWhatIfRuleSetsTimeAddedToNow(t *testing.T) {
	s, w := evaluatedExample(t, "device-maintenance-dry-run")
	got := callValue[ruleAnswer](t, s.export("whatIfRule"), mustJSON(t, map[string]string{"rule": manifesttest.MaintenanceRule("NoExecute")}))
	clock := w.DeviceClock()
	for _, p := range got.Evicted {
		if p.Verdict != engine.VerdictEvictedNow || p.At == nil || !p.At.Equal(clock) {
			t.Errorf("%s: %s at %v; want evicted now at the clock %s", p.Name, p.Verdict, p.At, clock.Format(time.RFC3339))
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
