package engine

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/messagetest"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// goalNodes: a tainted GPU node, a node whose PreferNoSchedule taint makes it
// the lesser choice, a plain node, and a node that stopped reporting.
const goalNodes = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: gpu-1}
  spec:
    taints:
    - {key: nvidia.com/gpu, value: present, effect: NoSchedule}
- apiVersion: v1
  kind: Node
  metadata: {name: spot-1}
  spec:
    taints:
    - {key: spot, value: "true", effect: PreferNoSchedule}
- apiVersion: v1
  kind: Node
  metadata: {name: plain-1}
- apiVersion: v1
  kind: Node
  metadata: {name: lost-1}
  status:
    conditions:
    - {type: Ready, status: Unknown}
`

// goalPods: web tolerates nothing it writes; trainer tolerates the GPU taint
// by key; wildcard tolerates everything; postgres-0 runs on the lost node
// with a long unreachable toleration; cache runs there with the defaults;
// keeper tolerates unreachable forever; api has a memory request; bad has an
// invalid toleration.
const goalPods = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: web}
- apiVersion: v1
  kind: Pod
  metadata: {name: trainer}
  spec:
    tolerations:
    - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}
    - {key: spot, operator: Exists}
- apiVersion: v1
  kind: Pod
  metadata: {name: wildcard}
  spec:
    tolerations:
    - {operator: Exists, effect: NoSchedule}
- apiVersion: v1
  kind: Pod
  metadata: {name: postgres-0}
  spec:
    nodeName: lost-1
    tolerations:
    - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 900}
- apiVersion: v1
  kind: Pod
  metadata: {name: cache}
  spec:
    nodeName: lost-1
- apiVersion: v1
  kind: Pod
  metadata: {name: keeper}
  spec:
    nodeName: lost-1
    tolerations:
    - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute}
- apiVersion: v1
  kind: Pod
  metadata: {name: api}
  spec:
    containers:
    - name: api
      resources:
        requests: {memory: 128Mi}
`

func TestCheckGoals(t *testing.T) {
	ws := Load(goalNodes, goalPods, core.DefaultOptions())
	tests := []struct {
		name   string
		goal   Goal
		met    bool
		whyHas string
	}{
		{"a pod without the toleration does not fit the tainted node", Goal{Kind: GoalFits, Pod: "web", Node: "gpu-1"}, false,
			"no toleration tolerates the taint nvidia.com/gpu=present:NoSchedule"},
		{"a pod with the toleration fits", Goal{Kind: GoalFits, Pod: "trainer", Node: "gpu-1"}, true, "Pod trainer fits node gpu-1"},
		{"doesNotFit is met when the taint blocks", Goal{Kind: GoalDoesNotFit, Pod: "web", Node: "gpu-1"}, true, "does not fit node gpu-1"},
		{"doesNotFit is not met on a plain node", Goal{Kind: GoalDoesNotFit, Pod: "web", Node: "plain-1"}, false, "fits node plain-1"},
		{"a missing pod is not met", Goal{Kind: GoalFits, Pod: "nope", Node: "gpu-1"}, false, "There is no pod named nope"},
		{"a missing node is not met", Goal{Kind: GoalFits, Pod: "web", Node: "nope"}, false, "There is no node named nope"},
		{"the best node scores more than every other node the pod fits", Goal{Kind: GoalBestNode, Pod: "web", Node: "plain-1"}, true,
			"Every other node the pod fits scores less than 100"},
		{"a node that ties is not the best", Goal{Kind: GoalBestNode, Pod: "trainer", Node: "spot-1"}, false, "another node scores as much or more"},
		{"a lower-scored node is not the best", Goal{Kind: GoalBestNode, Pod: "web", Node: "spot-1"}, false, "Node spot-1 scores 0"},
		{"a node the pod does not fit is not the best", Goal{Kind: GoalBestNode, Pod: "web", Node: "gpu-1"}, false, "does not fit node gpu-1"},
		{"eviction after within bounds", Goal{Kind: GoalEviction, Pod: "postgres-0", Node: "lost-1", Eviction: tainteviction.EvictAfter, MinSeconds: new(int64(600))}, true,
			"for 900 s"},
		{"eviction after below the minimum", Goal{Kind: GoalEviction, Pod: "cache", Node: "lost-1", Eviction: tainteviction.EvictAfter, MinSeconds: new(int64(600))}, false,
			"The goal wants the pod evicted after at least 600 s, but not kept forever."},
		{"eviction after above the maximum", Goal{Kind: GoalEviction, Pod: "postgres-0", Node: "lost-1", Eviction: tainteviction.EvictAfter, MinSeconds: new(int64(60)), MaxSeconds: new(int64(60))}, false,
			"after exactly 60 s"},
		{"a pod tolerating forever is never evicted", Goal{Kind: GoalEviction, Pod: "keeper", Node: "lost-1", Eviction: tainteviction.EvictNever}, true, "never evicted"},
		{"a pod tolerating forever does not meet an after goal", Goal{Kind: GoalEviction, Pod: "keeper", Node: "lost-1", Eviction: tainteviction.EvictAfter, MinSeconds: new(int64(600))}, false,
			"never evicted"},
		{"an eviction goal needs the pod on the node", Goal{Kind: GoalEviction, Pod: "web", Node: "lost-1", Eviction: tainteviction.EvictNever}, false,
			"is not bound to any node"},
		{"no wildcard among keyed tolerations", Goal{Kind: GoalNoWildcard, Pod: "trainer"}, true, "each one names the taint key"},
		{"an empty key with Exists is a wildcard", Goal{Kind: GoalNoWildcard, Pod: "wildcard"}, false, "tolerates every NoSchedule taint"},
		{"QoS class of a pod with a request", Goal{Kind: GoalQOS, Pod: "api", QOS: core.QOSBurstable}, true, "Burstable"},
		{"QoS class of a pod without resources", Goal{Kind: GoalQOS, Pod: "web", QOS: core.QOSBurstable}, false, "BestEffort"},
		{"written tolerations for a key, none written", Goal{Kind: GoalWrittenTolerations, Pod: "cache", Key: new("node.kubernetes.io/unreachable")}, true,
			"carries 0 toleration(s) written in the text for key node.kubernetes.io/unreachable"},
		{"written tolerations for a key, one written", Goal{Kind: GoalWrittenTolerations, Pod: "postgres-0", Key: new("node.kubernetes.io/unreachable")}, false,
			"carries 1 toleration(s)"},
		{"written tolerations of any key within max", Goal{Kind: GoalWrittenTolerations, Pod: "trainer", Max: 2}, true, "at most 2"},
		{"written tolerations of any key over max", Goal{Kind: GoalWrittenTolerations, Pod: "trainer", Max: 1}, false, "carries 2"},
		{"valid input", Goal{Kind: GoalValid}, true, "no errors"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			results, err := ws.CheckGoals([]Goal{tc.goal})
			if err != nil {
				t.Fatal(err)
			}
			got := results[0]
			if got.Met != tc.met || !strings.Contains(got.Why, tc.whyHas) {
				t.Errorf("got met=%v why %q; want met=%v and why containing %q", got.Met, got.Why, tc.met, tc.whyHas)
			}
			if english := message.InEnglish(got.WhyMessage); english != got.Why {
				t.Errorf("WhyMessage renders %q, Why is %q", english, got.Why)
			}
			messagetest.CheckRenders(t, got.WhyMessage)
		})
	}
}

func TestCheckGoalsValidNamesTheFirstError(t *testing.T) {
	pods := "apiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec:\n  tolerations:\n  - {key: a, operator: In}\n"
	results, err := Load("", pods, core.DefaultOptions()).CheckGoals([]Goal{{Kind: GoalValid}})
	if err != nil {
		t.Fatal(err)
	}
	if results[0].Met || !strings.Contains(results[0].Why, "pods line 6") {
		t.Errorf("got %+v; want not met, naming pods line 6", results[0])
	}
}

func TestGoalValidate(t *testing.T) {
	tests := []struct {
		name string
		goal Goal
		want string
	}{
		{"unknown kind", Goal{Kind: "fit", Pod: "a"}, `goals[0].kind: "fit" is not a goal kind`},
		{"pod required", Goal{Kind: GoalQOS, QOS: core.QOSBurstable}, "goals[0].pod: required for a qos goal"},
		{"node required", Goal{Kind: GoalFits, Pod: "a"}, "goals[0].node: required for a fits goal"},
		{"eviction kind", Goal{Kind: GoalEviction, Pod: "a", Node: "n", Eviction: "later"}, `goals[0].eviction: "later" is not none, never, now or after`},
		{"seconds only with after", Goal{Kind: GoalEviction, Pod: "a", Node: "n", Eviction: tainteviction.EvictNever, MinSeconds: new(int64(1))}, "goals[0].minSeconds: only an eviction goal of kind after has seconds"},
		{"no maximum without after", Goal{Kind: GoalEviction, Pod: "a", Node: "n", Eviction: tainteviction.EvictNow, MaxSeconds: new(int64(1))}, "goals[0].maxSeconds: only an eviction goal of kind after has seconds"},
		{"bounds in order", Goal{Kind: GoalEviction, Pod: "a", Node: "n", Eviction: tainteviction.EvictAfter, MinSeconds: new(int64(2)), MaxSeconds: new(int64(1))}, "goals[0].maxSeconds: 1 is below minSeconds 2"},
		{"qos class", Goal{Kind: GoalQOS, Pod: "a", QOS: "Best"}, `goals[0].qos: "Best" is not BestEffort, Burstable or Guaranteed`},
		{"max not negative", Goal{Kind: GoalWrittenTolerations, Pod: "a", Max: -1}, "goals[0].max: -1 is negative"},
		{"a valid goal", Goal{Kind: GoalValid}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("", "", core.DefaultOptions()).CheckGoals([]Goal{tc.goal})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}
