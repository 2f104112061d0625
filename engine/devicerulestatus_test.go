package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
)

// TestDeviceRuleStatusOfTheDryRunExample checks the gallery's dry run: its
// None rule touches nobody, and its status counts train-0, the pod that
// NoExecute would evict, in the Verdicts, the report and ReportVerdicts.
func TestDeviceRuleStatusOfTheDryRunExample(t *testing.T) {
	s, err := examples.Find("device-maintenance-dry-run")
	if err != nil {
		t.Fatal(err)
	}
	w := engine.Load(s.Nodes, s.Pods, s.Settings)
	fromReport, err := engine.ReportVerdicts(w.Evaluate())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []*engine.Verdicts{w.Verdicts(), fromReport} {
		if len(v.DeviceRules) != 1 {
			t.Fatalf("device rules = %+v, want the example's one rule", v.DeviceRules)
		}
		got := v.DeviceRules[0]
		if got.Effect != core.DeviceTaintEffectNone || got.Status.Reason != "NoEffect" || got.Status.Status != "False" {
			t.Errorf("rule %s: effect %s, status %s (%s); want None, False (NoEffect)", got.Rule, got.Effect, got.Status.Status, got.Status.Reason)
		}
		if diff := cmp.Diff([]string{"ml/train-0"}, got.Status.PendingPods); diff != "" {
			t.Errorf("pending pods (-want +got):\n%s", diff)
		}
		if got.Reason.Args["pods"] != "ml/train-0" {
			t.Errorf("reason %+v does not name ml/train-0", got.Reason)
		}
	}
}

// TestDeviceRuleStatuses gives whatIfCluster the docs rule with each effect
// and checks each status's reason, the pods named, and that the what-if of
// the same rule writes the same condition.
func TestDeviceRuleStatuses(t *testing.T) {
	testCases := []struct {
		name    string
		rule    core.DeviceTaintRule
		reason  string
		pending []string
		id      string
		pods    string
	}{{
		name: "NoExecute counts the pods pending eviction, due or not", rule: docsRule(noExecute),
		reason: "PodsPendingEviction", pending: l("default/pod-a", "default/pod-b"), id: "device.rule.pending", pods: "pod-a, pod-b",
	}, {
		name: "None counts what NoExecute would evict", rule: docsRule(none),
		reason: "NoEffect", pending: l("default/pod-a", "default/pod-b"), id: "device.rule.dry-run", pods: "pod-a, pod-b",
	}, {
		name: "NoSchedule counts nothing", rule: docsRule(noSchedule),
		reason: "OtherEffect", id: "device.rule.other-effect",
	}, {
		name: "a NoExecute rule that selects no device has no pod pending", rule: otherDriverRule(noExecute),
		reason: "NotStarted", id: "device.rule.pending.nothing",
	}, {
		name: "a None rule that selects no device would evict nobody", rule: otherDriverRule(none),
		reason: "NoEffect", id: "device.rule.dry-run.nothing",
	}}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			in := whatIfCluster()
			in.Rules = l(tc.rule)
			got := engine.DeviceRuleStatuses(&in)
			if len(got) != 1 {
				t.Fatalf("statuses = %+v, want one", got)
			}
			if got[0].Status.Reason != tc.reason {
				t.Errorf("reason = %s, want %s", got[0].Status.Reason, tc.reason)
			}
			if diff := cmp.Diff(tc.pending, got[0].Status.PendingPods); diff != "" {
				t.Errorf("pending pods (-want +got):\n%s", diff)
			}
			if id, pods := string(got[0].Reason.ID), got[0].Reason.Args["pods"]; id != tc.id || pods != tc.pods {
				t.Errorf("reason %s naming %q, want %s naming %q", id, pods, tc.id, tc.pods)
			}
			checkMessages(t, l(got[0].Reason))
			if radius := engine.DeviceRuleWhatIf(&in, tc.rule); !cmp.Equal(radius.Status, got[0].Status) {
				t.Errorf("the what-if's status differs (-what-if +inventory):\n%s", cmp.Diff(radius.Status, got[0].Status))
			}
		})
	}
}

// otherDriverRule selects the devices of a driver the cluster has none of.
func otherDriverRule(effect core.DeviceTaintEffect) core.DeviceTaintRule {
	rule := docsRule(effect)
	rule.Selector = &core.DeviceTaintSelector{Driver: ptr("absent.example.com")}
	return rule
}
