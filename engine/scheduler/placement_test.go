package scheduler

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/validate/content"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/component-helpers/scheduling/corev1/nodeaffinity"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/messagetest"
)

// upstreamPlacementMatch is the oracle: component-helpers' required node
// affinity, which covers nodeSelector and required node affinity together.
func upstreamPlacementMatch(pod *core.Pod, node *core.Node) bool {
	p := &v1.Pod{Spec: v1.PodSpec{NodeSelector: pod.NodeSelector}}
	if pod.RequiredAffinity != nil {
		selector := &v1.NodeSelector{NodeSelectorTerms: []v1.NodeSelectorTerm{}}
		for _, term := range pod.RequiredAffinity.Terms {
			selector.NodeSelectorTerms = append(selector.NodeSelectorTerms, v1.NodeSelectorTerm{
				MatchExpressions: toV1Requirements(term.MatchExpressions),
				MatchFields:      toV1Requirements(term.MatchFields),
			})
		}
		p.Spec.Affinity = &v1.Affinity{NodeAffinity: &v1.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: selector}}
	}
	n := &v1.Node{ObjectMeta: metav1.ObjectMeta{Name: node.Name, Labels: node.Labels}}
	match, _ := nodeaffinity.GetRequiredNodeAffinity(p).Match(n)
	return match
}

func toV1Requirements(reqs []core.NodeSelectorRequirement) []v1.NodeSelectorRequirement {
	var out []v1.NodeSelectorRequirement
	for _, r := range reqs {
		out = append(out, v1.NodeSelectorRequirement{Key: r.Key, Operator: v1.NodeSelectorOperator(r.Operator), Values: r.Values})
	}
	return out
}

// placementGridNodes are nodes with and without the labels the grid asks about.
var placementGridNodes = []core.Node{
	{Name: "n1", Labels: map[string]string{"zone": "a", "cpus": "8", "disk": "ssd"}},
	{Name: "n2", Labels: map[string]string{"zone": "b", "cpus": "16", "gpu": ""}},
	{Name: "n3", Labels: map[string]string{"zone": "c", "cpus": "08"}},
	{Name: "n4", Labels: map[string]string{"cpus": "x", "example.com/team": "blue"}},
	{Name: "n5"},
	{Name: "", Labels: map[string]string{"zone": "a"}},
}

// placementGridRequirements cover every operator, invalid keys, values and
// counts, and the matchFields forms.
var placementGridRequirements = []core.NodeSelectorRequirement{
	{Key: "zone", Operator: "In", Values: []string{"a", "b"}},
	{Key: "zone", Operator: "NotIn", Values: []string{"a"}},
	{Key: "zone", Operator: "Exists"},
	{Key: "zone", Operator: "DoesNotExist"},
	{Key: "cpus", Operator: "Gt", Values: []string{"8"}},
	{Key: "cpus", Operator: "Lt", Values: []string{"10"}},
	{Key: "cpus", Operator: "Gt", Values: []string{"+7"}},
	{Key: "cpus", Operator: "Gt", Values: []string{"seven"}},
	{Key: "cpus", Operator: "Lt", Values: []string{"1", "2"}},
	{Key: "gpu", Operator: "In", Values: []string{""}},
	{Key: "example.com/team", Operator: "In", Values: []string{"blue"}},
	{Key: "Example.com/team", Operator: "Exists"},
	{Key: "zone", Operator: "In"},
	{Key: "zone", Operator: "Exists", Values: []string{"a"}},
	{Key: "zone", Operator: "in", Values: []string{"a"}},
	{Key: "zone", Operator: "In", Values: []string{"not valid"}},
	{Key: "", Operator: "Exists"},
}

var placementGridFields = []core.NodeSelectorRequirement{
	{Key: "metadata.name", Operator: "In", Values: []string{"n1"}},
	{Key: "metadata.name", Operator: "NotIn", Values: []string{"n1"}},
	{Key: "metadata.name", Operator: "In", Values: []string{"n1", "n2"}},
	{Key: "metadata.name", Operator: "Exists"},
	{Key: "metadata.uid", Operator: "In", Values: []string{""}},
	{Key: "metadata.uid", Operator: "NotIn", Values: []string{"x"}},
}

// TestMatchPlacementAgainstUpstream compares nodeSelector and required node
// affinity with component-helpers' nodeaffinity on a grid of terms × nodes.
func TestMatchPlacementAgainstUpstream(t *testing.T) {
	var terms []core.NodeSelectorTerm
	for _, a := range placementGridRequirements {
		terms = append(terms, core.NodeSelectorTerm{MatchExpressions: []core.NodeSelectorRequirement{a}})
		for _, b := range placementGridRequirements {
			terms = append(terms, core.NodeSelectorTerm{MatchExpressions: []core.NodeSelectorRequirement{a, b}})
		}
		for _, f := range placementGridFields {
			terms = append(terms, core.NodeSelectorTerm{MatchExpressions: []core.NodeSelectorRequirement{a}, MatchFields: []core.NodeSelectorRequirement{f}})
		}
	}
	for _, f := range placementGridFields {
		terms = append(terms, core.NodeSelectorTerm{MatchFields: []core.NodeSelectorRequirement{f}})
	}
	terms = append(terms, core.NodeSelectorTerm{})
	var pods []core.Pod
	pods = append(pods, core.Pod{Name: "no terms", RequiredAffinity: &core.NodeSelector{}})
	for i := range terms {
		pods = append(pods, core.Pod{Name: fmt.Sprintf("term %d", i), RequiredAffinity: &core.NodeSelector{Terms: terms[i : i+1]}})
		// ORed with an empty term and with an always-invalid term.
		pods = append(pods, core.Pod{Name: fmt.Sprintf("term %d or empty", i), RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{{}, terms[i]}}})
		pods = append(pods, core.Pod{Name: fmt.Sprintf("invalid or term %d", i), RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{
			{MatchExpressions: []core.NodeSelectorRequirement{{Key: "zone", Operator: "Bogus"}}}, terms[i]}}})
	}
	for _, selector := range []map[string]string{
		{"zone": "a"}, {"zone": "a", "cpus": "8"}, {"gpu": ""}, {"missing": ""}, {"not a key!": "x"},
	} {
		pods = append(pods, core.Pod{Name: fmt.Sprintf("selector %v", selector), NodeSelector: selector})
	}
	compared, disagreements := 0, 0
	for i := range pods {
		for j := range placementGridNodes {
			pod, node := &pods[i], &placementGridNodes[j]
			got := MatchPlacement(pod, node)
			want := upstreamPlacementMatch(pod, node)
			compared++
			if (got.NodeSelector && got.Affinity) != want {
				disagreements++
				t.Errorf("%s on node %q: nodeSelector %v, affinity %v; upstream match %v", pod.Name, node.Name, got.NodeSelector, got.Affinity, want)
			}
		}
	}
	t.Logf("%d pod × node pairs compared, %d disagreements", compared, disagreements)
}

func TestMatchPlacement(t *testing.T) {
	node := &core.Node{Name: "worker-1", Labels: map[string]string{"zone": "a"}}
	tests := []struct {
		name       string
		pod        core.Pod
		want       Placement
		wantReason string
	}{
		{
			name:       "a pod with no constraints fits anywhere",
			pod:        core.Pod{},
			want:       Placement{NodeName: true, NodeSelector: true, Affinity: true},
			wantReason: "",
		},
		{
			name:       "spec.nodeName names another node",
			pod:        core.Pod{NodeName: "worker-2"},
			want:       Placement{NodeName: false, NodeSelector: true, Affinity: true},
			wantReason: `spec.nodeName is "worker-2", so the pod can only run on that node, not on "worker-1".`,
		},
		{
			name:       "nodeSelector label has another value",
			pod:        core.Pod{NodeSelector: map[string]string{"zone": "b"}},
			want:       Placement{NodeName: true, NodeSelector: false, Affinity: true},
			wantReason: `nodeSelector needs the label zone=b, but the node has zone="a".`,
		},
		{
			name:       "nodeSelector names the first missing key in key order",
			pod:        core.Pod{NodeSelector: map[string]string{"zone": "a", "disk": "ssd", "arch": "arm64"}},
			want:       Placement{NodeName: true, NodeSelector: false, Affinity: true},
			wantReason: `nodeSelector needs the label arch=arm64, but the node has no arch label.`,
		},
		{
			name:       "required affinity without terms matches nothing",
			pod:        core.Pod{RequiredAffinity: &core.NodeSelector{}},
			want:       Placement{NodeName: true, NodeSelector: true, Affinity: false},
			wantReason: "required node affinity has an empty nodeSelectorTerms list, which matches no node.",
		},
		{
			name: "one failing term names its requirement",
			pod: core.Pod{RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{
				{Key: "zone", Operator: "Exists"}, {Key: "zone", Operator: "In", Values: []string{"b", "c"}},
			}}}}},
			want:       Placement{NodeName: true, NodeSelector: true, Affinity: false},
			wantReason: `required node affinity nodeSelectorTerms[0] does not match: fails at matchExpressions[1] (zone In [b c]): the node has zone="a".`,
		},
		{
			name: "every term is explained",
			pod: core.Pod{RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{
				{},
				{MatchExpressions: []core.NodeSelectorRequirement{{Key: "cpus", Operator: "Gt", Values: []string{"four"}}}},
				{MatchFields: []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"worker-9"}}}},
			}}},
			want: Placement{NodeName: true, NodeSelector: true, Affinity: false},
			wantReason: "none of the 3 required node affinity terms matches: nodeSelectorTerms[0] is empty, and an empty term matches no node; " +
				"nodeSelectorTerms[1] has an invalid matchExpressions[0] (cpus Gt [four]), which fails the whole term: for 'Gt', 'Lt' operators, the value must be an integer; " +
				`nodeSelectorTerms[2] fails at matchFields[0] (metadata.name In [worker-9]): the node's metadata.name is "worker-1".`,
		},
		{
			name: "an invalid term does not stop another from matching",
			pod: core.Pod{RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{
				{MatchFields: []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: "Exists"}}},
				{MatchExpressions: []core.NodeSelectorRequirement{{Key: "zone", Operator: "NotIn", Values: []string{"b"}}}},
			}}},
			want:       Placement{NodeName: true, NodeSelector: true, Affinity: true},
			wantReason: "",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, MatchPlacement(&tc.pod, node)); diff != "" {
				t.Errorf("MatchPlacement (-want +got):\n%s", diff)
			}
			reason := PlacementReason(&tc.pod, node)
			if diff := cmp.Diff(tc.wantReason, message.InEnglish(reason)); diff != "" {
				t.Errorf("PlacementReason (-want +got):\n%s", diff)
			}
			if reason.ID != "" {
				messagetest.CheckRenders(t, reason)
			}
		})
	}
}

// TestMatchPlacementAllocatesNothing guards the hot path: MatchPlacement runs
// for every pod × node.
func TestMatchPlacementAllocatesNothing(t *testing.T) {
	pod := &core.Pod{
		NodeName:     "n1",
		NodeSelector: map[string]string{"zone": "a"},
		RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{
			{MatchExpressions: placementGridRequirements},
			{MatchExpressions: placementGridRequirements[:6], MatchFields: placementGridFields[:2]},
		}},
	}
	for i := range placementGridNodes {
		node := &placementGridNodes[i]
		if allocs := testing.AllocsPerRun(100, func() { MatchPlacement(pod, node) }); allocs != 0 {
			t.Errorf("MatchPlacement on node %q allocates %v times per run", node.Name, allocs)
		}
	}
}

// FuzzNodeAffinity compares one requirement, as matchExpressions or as
// matchFields, on one node against component-helpers' nodeaffinity.
func FuzzNodeAffinity(f *testing.F) {
	f.Add("zone", "In", "a", "b", uint8(2), false, "zone", "a", "n1")
	f.Add("cpus", "Gt", "7", "", uint8(1), false, "cpus", "08", "n1")
	f.Add("cpus", "Lt", "-9223372036854775808", "", uint8(1), false, "cpus", "-9223372036854775809", "n1")
	f.Add("metadata.name", "NotIn", "n1", "", uint8(1), true, "", "", "")
	f.Add("example.com/x", "Exists", "", "", uint8(0), false, "example.com/x", "", "n")
	f.Fuzz(func(t *testing.T, key, op, v1, v2 string, count uint8, fields bool, labelKey, labelValue, nodeName string) {
		values := []string{v1, v2}[:count%3]
		req := core.NodeSelectorRequirement{Key: key, Operator: op, Values: values}
		term := core.NodeSelectorTerm{MatchExpressions: []core.NodeSelectorRequirement{req}}
		if fields {
			term = core.NodeSelectorTerm{MatchFields: []core.NodeSelectorRequirement{req}}
		}
		pod := &core.Pod{RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{term}}}
		node := &core.Node{Name: nodeName, Labels: map[string]string{labelKey: labelValue}}
		got := MatchPlacement(pod, node).Affinity
		if want := upstreamPlacementMatch(pod, node); got != want {
			t.Fatalf("requirement %+v (fields %v) on node %q with %s=%q: got %v, upstream %v", req, fields, nodeName, labelKey, labelValue, got, want)
		}
		if reason := message.InEnglish(PlacementReason(pod, node)); got != (reason == "") {
			t.Fatalf("PlacementReason %q disagrees with the match %v", reason, got)
		}
	})
}

// FuzzLabelSyntax compares the allocation-free syntax checks with upstream's
// content.IsLabelKey, content.IsLabelValue and strconv.ParseInt.
func FuzzLabelSyntax(f *testing.F) {
	for _, seed := range []string{
		"", "a", "A-b_c.d", "-a", "a-", "example.com/Name", "Example.com/name", "/a", "a/", "a/b/c",
		"a..b/c", "a.-b/c", "0", "+1", "-0", "007", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
		"a\n", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := core.IsLabelKey(s), len(content.IsLabelKey(s)) == 0; got != want {
			t.Errorf("isLabelKey(%q) = %v, upstream %v", s, got, want)
		}
		if got, want := core.IsLabelValue(s), len(content.IsLabelValue(s)) == 0; got != want {
			t.Errorf("isLabelValue(%q) = %v, upstream %v", s, got, want)
		}
		got, ok := parseInt64(s)
		want, err := strconv.ParseInt(s, 10, 64)
		if ok != (err == nil) || (ok && got != want) {
			t.Errorf("parseInt64(%q) = %d, %v; strconv.ParseInt = %d, %v", s, got, ok, want, err)
		}
	})
}

func BenchmarkMatchPlacement(b *testing.B) {
	pod := &core.Pod{
		NodeSelector: map[string]string{"zone": "a"},
		RequiredAffinity: &core.NodeSelector{Terms: []core.NodeSelectorTerm{
			{MatchExpressions: placementGridRequirements[:6]},
			{MatchExpressions: placementGridRequirements[:2], MatchFields: placementGridFields[:1]},
		}},
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		MatchPlacement(pod, &placementGridNodes[i%len(placementGridNodes)])
	}
}
