package kubectl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
)

// ignoreSource compares taints by key, value and effect, as upstream's tests do.
var ignoreSource = cmpopts.IgnoreFields(core.Taint{}, "Source")

// TestParseTaints keeps upstream's cases and names verbatim, from kubernetes
// staging/src/k8s.io/kubectl/pkg/cmd/taint/utils_test.go @1d4e5d535aff
// (Apache-2.0); where upstream expects only "an error" the exact text is ours
// to pin, and is kubectl's.
func TestParseTaints(t *testing.T) {
	cases := []struct {
		name                   string
		spec                   []string
		expectedTaints         []core.Taint
		expectedTaintsToRemove []core.Taint
		expectedErr            string
	}{
		{
			name:        "invalid spec format",
			spec:        []string{""},
			expectedErr: `invalid taint spec: , name part must be non-empty; name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		},
		{
			name:        "invalid spec format",
			spec:        []string{"foo=abc"},
			expectedErr: `invalid taint spec: foo=abc, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		},
		{
			name:        "invalid spec format",
			spec:        []string{"foo=abc=xyz:NoSchedule"},
			expectedErr: "invalid taint spec: foo=abc=xyz:NoSchedule",
		},
		{
			name:        "invalid spec format",
			spec:        []string{"foo=abc:xyz:NoSchedule"},
			expectedErr: "invalid taint spec: foo=abc:xyz:NoSchedule",
		},
		{
			name:        "invalid spec format for adding taint",
			spec:        []string{"foo"},
			expectedErr: "invalid taint spec: foo",
		},
		{
			name:        "invalid spec effect for adding taint",
			spec:        []string{"foo=abc:invalid_effect"},
			expectedErr: "invalid taint effect: invalid_effect, unsupported taint effect",
		},
		{
			name:        "invalid spec effect for deleting taint",
			spec:        []string{"foo:invalid_effect-"},
			expectedErr: "invalid taint effect: invalid_effect, unsupported taint effect",
		},
		{
			name: "add new taints",
			spec: []string{"foo=abc:NoSchedule", "bar=abc:NoSchedule", "baz:NoSchedule", "qux:NoSchedule", "foobar=:NoSchedule"},
			expectedTaints: []core.Taint{
				{Key: "foo", Value: "abc", Effect: core.TaintEffectNoSchedule},
				{Key: "bar", Value: "abc", Effect: core.TaintEffectNoSchedule},
				{Key: "baz", Value: "", Effect: core.TaintEffectNoSchedule},
				{Key: "qux", Value: "", Effect: core.TaintEffectNoSchedule},
				{Key: "foobar", Value: "", Effect: core.TaintEffectNoSchedule},
			},
		},
		{
			name: "delete taints",
			spec: []string{"foo:NoSchedule-", "bar:NoSchedule-", "qux=:NoSchedule-", "dedicated-"},
			expectedTaintsToRemove: []core.Taint{
				{Key: "foo", Effect: core.TaintEffectNoSchedule},
				{Key: "bar", Effect: core.TaintEffectNoSchedule},
				{Key: "qux", Effect: core.TaintEffectNoSchedule},
				{Key: "dedicated"},
			},
		},
		{
			name: "add taints and delete taints",
			spec: []string{"foo=abc:NoSchedule", "bar=abc:NoSchedule", "baz:NoSchedule", "qux:NoSchedule", "foobar=:NoSchedule", "foo:NoSchedule-", "bar:NoSchedule-", "baz=:NoSchedule-"},
			expectedTaints: []core.Taint{
				{Key: "foo", Value: "abc", Effect: core.TaintEffectNoSchedule},
				{Key: "bar", Value: "abc", Effect: core.TaintEffectNoSchedule},
				{Key: "baz", Value: "", Effect: core.TaintEffectNoSchedule},
				{Key: "qux", Value: "", Effect: core.TaintEffectNoSchedule},
				{Key: "foobar", Value: "", Effect: core.TaintEffectNoSchedule},
			},
			expectedTaintsToRemove: []core.Taint{
				{Key: "foo", Effect: core.TaintEffectNoSchedule},
				{Key: "bar", Effect: core.TaintEffectNoSchedule},
				{Key: "baz", Value: "", Effect: core.TaintEffectNoSchedule},
			},
		},
		// Our cases.
		{
			name:        "duplicated additions are rejected with kubectl's rendering of the taint",
			spec:        []string{"foo=a:NoSchedule", "foo=b:NoSchedule"},
			expectedErr: "duplicated taints with the same key and effect: {foo b NoSchedule <nil>}",
		},
		{
			name:        "a removal keeps the key only: key=value- is not a key",
			spec:        []string{"foo=bar-"},
			expectedErr: `invalid taint spec: foo=bar, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		},
		{
			name:        "effects are case-sensitive",
			spec:        []string{"foo=bar:noschedule"},
			expectedErr: "invalid taint effect: noschedule, unsupported taint effect",
		},
		{
			name:        "an empty effect after the colon is unsupported",
			spec:        []string{"foo=bar:"},
			expectedErr: "invalid taint effect: , unsupported taint effect",
		},
		{
			name:        "the value must be a label value",
			spec:        []string{"foo=-bar:NoSchedule"},
			expectedErr: `invalid taint spec: foo=-bar:NoSchedule, a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
		},
		{
			name: "the same key with two effects is two taints",
			spec: []string{"foo=a:NoSchedule", "foo=a:NoExecute", "example.com/gpu:PreferNoSchedule"},
			expectedTaints: []core.Taint{
				{Key: "foo", Value: "a", Effect: core.TaintEffectNoSchedule},
				{Key: "foo", Value: "a", Effect: core.TaintEffectNoExecute},
				{Key: "example.com/gpu", Effect: core.TaintEffectPreferNoSchedule},
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			taints, taintsToRemove, err := ParseTaintSpecs(c.spec)
			if diff := cmp.Diff(c.expectedErr, errorText(err)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.expectedTaints, taints); diff != "" {
				t.Errorf("taints to add (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.expectedTaintsToRemove, taintsToRemove); diff != "" {
				t.Errorf("taints to remove (-want +got):\n%s", diff)
			}
		})
	}
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestTaint keeps upstream's command cases and names verbatim, from
// kubernetes staging/src/k8s.io/kubectl/pkg/cmd/taint/taint_test.go
// @04791b490660 (Apache-2.0): the node "node-name" with oldTaints gets the
// arguments; upstream checks the new taints in any order, we check kubectl's
// order, and pin the error text where upstream expects only a failure.
func TestTaint(t *testing.T) {
	tests := []struct {
		description string
		oldTaints   []core.Taint
		newTaints   []core.Taint
		args        []string
		expectErr   string
	}{
		// success cases
		{
			description: "taints a node with effect NoSchedule",
			newTaints:   []core.Taint{{Key: "foo", Value: "bar", Effect: "NoSchedule"}},
			args:        []string{"node", "node-name", "foo=bar:NoSchedule"},
		},
		{
			description: "taints a node with effect PreferNoSchedule",
			newTaints:   []core.Taint{{Key: "foo", Value: "bar", Effect: "PreferNoSchedule"}},
			args:        []string{"node", "node-name", "foo=bar:PreferNoSchedule"},
		},
		{
			description: "update an existing taint on the node, change the value from bar to barz",
			oldTaints:   []core.Taint{{Key: "foo", Value: "bar", Effect: "NoSchedule"}},
			newTaints:   []core.Taint{{Key: "foo", Value: "barz", Effect: "NoSchedule"}},
			args:        []string{"node", "node-name", "foo=barz:NoSchedule", "--overwrite"},
		},
		{
			description: "taints a node with two taints",
			newTaints: []core.Taint{
				{Key: "dedicated", Value: "namespaceA", Effect: "NoSchedule"},
				{Key: "foo", Value: "bar", Effect: "PreferNoSchedule"},
			},
			args: []string{"node", "node-name", "dedicated=namespaceA:NoSchedule", "foo=bar:PreferNoSchedule"},
		},
		{
			description: "node has two taints with the same key but different effect, remove one of them by indicating exact key and effect",
			oldTaints: []core.Taint{
				{Key: "dedicated", Value: "namespaceA", Effect: "NoSchedule"},
				{Key: "dedicated", Value: "namespaceA", Effect: "PreferNoSchedule"},
			},
			newTaints: []core.Taint{{Key: "dedicated", Value: "namespaceA", Effect: "PreferNoSchedule"}},
			args:      []string{"node", "node-name", "dedicated:NoSchedule-"},
		},
		{
			description: "node has two taints with the same key but different effect, remove all of them with wildcard",
			oldTaints: []core.Taint{
				{Key: "dedicated", Value: "namespaceA", Effect: "NoSchedule"},
				{Key: "dedicated", Value: "namespaceA", Effect: "PreferNoSchedule"},
			},
			newTaints: []core.Taint{},
			args:      []string{"node", "node-name", "dedicated-"},
		},
		{
			description: "node has two taints, update one of them and remove the other",
			oldTaints: []core.Taint{
				{Key: "dedicated", Value: "namespaceA", Effect: "NoSchedule"},
				{Key: "foo", Value: "bar", Effect: "PreferNoSchedule"},
			},
			newTaints: []core.Taint{{Key: "foo", Value: "barz", Effect: "PreferNoSchedule"}},
			args:      []string{"node", "node-name", "dedicated:NoSchedule-", "foo=barz:PreferNoSchedule", "--overwrite"},
		},

		// error cases
		{
			description: "invalid taint key",
			args:        []string{"node", "node-name", "nospecialchars^@=banana:NoSchedule"},
			expectErr:   `invalid taint spec: nospecialchars^@=banana:NoSchedule, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		},
		{
			description: "invalid taint effect",
			args:        []string{"node", "node-name", "foo=bar:NoExcute"},
			expectErr:   "invalid taint effect: NoExcute, unsupported taint effect",
		},
		{
			description: "duplicated taints with the same key and effect should be rejected",
			args:        []string{"node", "node-name", "foo=bar:NoExcute", "foo=barz:NoExcute"},
			expectErr:   "invalid taint effect: NoExcute, unsupported taint effect",
		},
		{
			description: "add and remove taint with same key and effect should be rejected",
			args:        []string{"node", "node-name", "foo=:NoExcute", "foo=:NoExcute-"},
			expectErr:   "invalid taint effect: NoExcute, unsupported taint effect",
		},
		{
			description: "can't update existing taint on the node, since 'overwrite' flag is not set",
			oldTaints:   []core.Taint{{Key: "foo", Value: "bar", Effect: "NoSchedule"}},
			newTaints:   []core.Taint{{Key: "foo", Value: "bar", Effect: "NoSchedule"}},
			args:        []string{"node", "node-name", "foo=bar:NoSchedule"},
			expectErr:   "node node-name already has foo taint(s) with same effect(s) and --overwrite is false",
		},
	}
	for _, test := range tests {
		t.Run(test.description, func(t *testing.T) {
			old := []core.Node{{Name: "node-name", Taints: test.oldTaints}}
			got, err := runTaint(old, "kubectl taint "+strings.Join(test.args, " "))
			if diff := cmp.Diff(test.expectErr, errorText(err)); diff != "" {
				t.Fatalf("error (-want +got):\n%s", diff)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(test.newTaints, got[0].Taints, ignoreSource, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("taints (-want +got):\n%s", diff)
			}
		})
	}
}

// runTaint parses a command line and applies it.
func runTaint(nodes []core.Node, line string) ([]core.Node, error) {
	cmd, err := ParseTaintCommand(line)
	if err != nil {
		return nil, err
	}
	return cmd.Apply(nodes)
}

// TestReorganizeTaints keeps upstream's cases and names verbatim, from
// kubernetes staging/src/k8s.io/kubectl/pkg/cmd/taint/utils_test.go
// @1d4e5d535aff (Apache-2.0), on a node with the taint foo=bar:NoSchedule.
func TestReorganizeTaints(t *testing.T) {
	old := []core.Taint{{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule}}
	cases := []struct {
		name           string
		taintsToAdd    []core.Taint
		taintsToDelete []core.Taint
		expectedTaints []core.Taint
		expectedErr    string
	}{
		{
			name:           "no changes with overwrite is true",
			expectedTaints: old,
		},
		{
			name:           "add new taint",
			taintsToAdd:    []core.Taint{{Key: "foo_1", Effect: core.TaintEffectNoExecute}},
			expectedTaints: append([]core.Taint{{Key: "foo_1", Effect: core.TaintEffectNoExecute}}, old...),
		},
		{
			name:           "delete taint with effect",
			taintsToDelete: []core.Taint{{Key: "foo", Effect: core.TaintEffectNoSchedule}},
			expectedTaints: []core.Taint{},
		},
		{
			name:           "delete taint with no effect",
			taintsToDelete: []core.Taint{{Key: "foo"}},
			expectedTaints: []core.Taint{},
		},
		{
			name:           "delete non-exist taint",
			taintsToDelete: []core.Taint{{Key: "foo_1", Effect: core.TaintEffectNoSchedule}},
			expectedTaints: old,
			expectedErr:    `taint "foo_1:NoSchedule" not found`,
		},
		{
			name:           "add new taint and delete old one",
			taintsToAdd:    []core.Taint{{Key: "foo_1", Effect: core.TaintEffectNoSchedule}},
			taintsToDelete: []core.Taint{{Key: "foo", Effect: core.TaintEffectNoSchedule}},
			expectedTaints: []core.Taint{{Key: "foo_1", Effect: core.TaintEffectNoSchedule}},
		},
		// Our cases.
		{
			name:           "every removal that finds nothing is reported once",
			taintsToDelete: []core.Taint{{Key: "a"}, {Key: "b", Effect: core.TaintEffectNoExecute}, {Key: "a"}},
			expectedTaints: old,
			expectedErr:    `[taint "a" not found, taint "b:NoExecute" not found]`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			taints, err := reorganizeTaints(old, c.taintsToAdd, c.taintsToDelete)
			if diff := cmp.Diff(c.expectedErr, errorText(err)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.expectedTaints, taints, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("taints (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckIfTaintsAlreadyExists keeps upstream's cases and names verbatim,
// from kubernetes staging/src/k8s.io/kubectl/pkg/cmd/taint/utils_test.go
// @1d4e5d535aff (Apache-2.0).
func TestCheckIfTaintsAlreadyExists(t *testing.T) {
	oldTaints := []core.Taint{
		{Key: "foo_1", Value: "bar", Effect: core.TaintEffectNoSchedule},
		{Key: "foo_2", Value: "bar", Effect: core.TaintEffectNoSchedule},
		{Key: "foo_3", Value: "bar", Effect: core.TaintEffectNoSchedule},
	}
	cases := []struct {
		name           string
		taintsToCheck  []core.Taint
		expectedResult string
	}{
		{name: "empty array", taintsToCheck: []core.Taint{}, expectedResult: ""},
		{name: "no match", taintsToCheck: []core.Taint{{Key: "foo_1", Effect: core.TaintEffectNoExecute}}, expectedResult: ""},
		{name: "match one taint", taintsToCheck: []core.Taint{{Key: "foo_2", Effect: core.TaintEffectNoSchedule}}, expectedResult: "foo_2"},
		{
			name:           "match two taints",
			taintsToCheck:  []core.Taint{{Key: "foo_2", Effect: core.TaintEffectNoSchedule}, {Key: "foo_3", Effect: core.TaintEffectNoSchedule}},
			expectedResult: "foo_2,foo_3",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.expectedResult, taintsAlreadyOn(oldTaints, c.taintsToCheck)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseTaintCommand(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		want    *TaintCommand
		wantErr string
	}{
		{
			name: "the docs' one-liner",
			line: "kubectl taint nodes node1 key1=value1:NoSchedule",
			want: &TaintCommand{
				Nodes:  []string{"node1"},
				Add:    []core.Taint{{Key: "key1", Value: "value1", Effect: core.TaintEffectNoSchedule, Source: core.Source{Line: 1, Column: 27}}},
				Source: core.Source{Line: 1, Column: 1},
			},
		},
		{
			name: "removal forms, flags after the specs, a comment and a continued line",
			line: "kubectl taint no a b key1- \\\n  key2:NoExecute- k=v:NoSchedule- --overwrite # done",
			want: &TaintCommand{
				Nodes:     []string{"a", "b"},
				Overwrite: true,
				Remove: []core.Taint{
					{Key: "key1", Source: core.Source{Line: 1, Column: 22}},
					{Key: "key2", Effect: core.TaintEffectNoExecute, Source: core.Source{Line: 2, Column: 3}},
					{Key: "k", Effect: core.TaintEffectNoSchedule, Source: core.Source{Line: 2, Column: 19}},
				},
				Source: core.Source{Line: 1, Column: 1},
			},
		},
		{
			name: "a set-based selector in quotes",
			line: `kubectl taint node -l 'kubernetes.io/hostname in (a,b)' dedicated=foo:PreferNoSchedule`,
			want: &TaintCommand{
				Selector: "kubernetes.io/hostname in (a,b)",
				Add:      []core.Taint{{Key: "dedicated", Value: "foo", Effect: core.TaintEffectPreferNoSchedule, Source: core.Source{Line: 1, Column: 57}}},
				Source:   core.Source{Line: 1, Column: 1},
			},
		},
		{
			name: "--selector= and --all=false",
			line: `kubectl taint Nodes --selector="tier!=web" --all=false gpu:NoSchedule`,
			want: &TaintCommand{
				Selector: "tier!=web",
				Add:      []core.Taint{{Key: "gpu", Effect: core.TaintEffectNoSchedule, Source: core.Source{Line: 1, Column: 56}}},
				Source:   core.Source{Line: 1, Column: 1},
			},
		},
		{
			name: "TYPE/NAME and -lVALUE",
			line: `kubectl taint nodes/n1 -lzone=a gpu:NoSchedule`,
			want: &TaintCommand{
				Nodes:    []string{"n1"},
				Selector: "zone=a",
				Add:      []core.Taint{{Key: "gpu", Effect: core.TaintEffectNoSchedule, Source: core.Source{Line: 1, Column: 33}}},
				Source:   core.Source{Line: 1, Column: 1},
			},
		},
		{
			name: "--all",
			line: `kubectl taint nodes --all gpu-`,
			want: &TaintCommand{
				All:    true,
				Remove: []core.Taint{{Key: "gpu", Source: core.Source{Line: 1, Column: 27}}},
				Source: core.Source{Line: 1, Column: 1},
			},
		},
		{name: "not kubectl taint", line: "kubectl cordon node1", wantErr: "not a kubectl taint command"},
		{name: "no taint argument", line: "kubectl taint nodes node1", wantErr: "at least one taint update is required"},
		{name: "no resource", line: "kubectl taint k=v:NoSchedule", wantErr: "one or more resources must be specified as <resource> <name>"},
		{name: "no node name", line: "kubectl taint nodes k=v:NoSchedule", wantErr: "at least one resource name must be specified since 'all' parameter is not set"},
		{name: "a resource after a spec", line: "kubectl taint nodes a k=v:NoSchedule b", wantErr: "all resources must be specified before taint changes: b"},
		{name: "not a node", line: "kubectl taint pods p k=v:NoSchedule", wantErr: "invalid resource type pods, only node types are supported"},
		{
			name:    "modify and remove the same key",
			line:    "kubectl taint nodes a k=v:NoSchedule k- j=:NoExecute j:NoExecute-",
			wantErr: `can not both modify and remove the following taint(s) in the same command: {"k":""}, {"j":"NoExecute"}`,
		},
		{name: "--all with a selector", line: "kubectl taint nodes --all -l a=b k=v:NoSchedule", wantErr: "setting 'all' parameter with a non empty selector is prohibited"},
		{name: "an unknown flag", line: "kubectl taint nodes a k=v:NoSchedule --force", wantErr: "unknown flag: --force"},
		{name: "an unknown shorthand", line: "kubectl taint nodes minikube -user", wantErr: "unknown shorthand flag: 'u' in -user"},
		{name: "-l without a value", line: "kubectl taint nodes k=v:NoSchedule -l", wantErr: "flag needs an argument: 'l' in -l"},
		{name: "a bad bool", line: "kubectl taint nodes a k=v:NoSchedule --overwrite=maybe", wantErr: `invalid argument "maybe" for "--overwrite" flag: strconv.ParseBool: parsing "maybe": invalid syntax`},
		{name: "an unterminated quote", line: `kubectl taint nodes a "k=v:NoSchedule`, wantErr: "unterminated quote"},
		{name: "a bad selector", line: "kubectl taint nodes -l 'a in b' k=v:NoSchedule", wantErr: "unable to parse requirement: found 'b' expected: '('"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseTaintCommand(tc.line)
			if diff := cmp.Diff(tc.wantErr, errorText(err)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("command (-want +got):\n%s", diff)
			}
		})
	}
}

func TestApply(t *testing.T) {
	nodes := []core.Node{
		{Name: "a", Labels: map[string]string{"zone": "x", "gpu": "true"}, Taints: []core.Taint{{Key: "old", Effect: core.TaintEffectNoSchedule, Source: core.Source{Line: 9, Field: "spec.taints[0]"}}}},
		{Name: "b", Labels: map[string]string{"zone": "y"}},
		{Name: "c", Labels: map[string]string{"zone": "x"}},
	}
	tests := []struct {
		name    string
		line    string
		want    map[string][]string
		wantErr string
	}{
		{
			name: "a new taint goes first and old ones are renumbered after it",
			line: "kubectl taint nodes a k=v:NoExecute",
			want: map[string][]string{"a": {"k=v:NoExecute spec.taints[0]", "old:NoSchedule spec.taints[1]"}},
		},
		{
			name: "equality selector",
			line: "kubectl taint nodes -l zone=x k:NoSchedule",
			want: map[string][]string{"a": {"k:NoSchedule spec.taints[0]", "old:NoSchedule spec.taints[1]"}, "c": {"k:NoSchedule spec.taints[0]"}},
		},
		{
			name: "set-based selector with a missing label",
			line: "kubectl taint nodes -l 'zone notin (x),!gpu' k:NoSchedule",
			want: map[string][]string{"b": {"k:NoSchedule spec.taints[0]"}},
		},
		{
			name: "--all ignores the names",
			line: "kubectl taint nodes nope --all k:PreferNoSchedule",
			want: map[string][]string{
				"a": {"k:PreferNoSchedule spec.taints[0]", "old:NoSchedule spec.taints[1]"},
				"b": {"k:PreferNoSchedule spec.taints[0]"},
				"c": {"k:PreferNoSchedule spec.taints[0]"},
			},
		},
		{
			name:    "a missing node is not found and the others are still updated",
			line:    "kubectl taint nodes x b y k:NoSchedule",
			want:    map[string][]string{"b": {"k:NoSchedule spec.taints[0]"}},
			wantErr: "nodes \"x\" not found\nnodes \"y\" not found",
		},
		{
			name:    "a node without the taint to remove is left as it was",
			line:    "kubectl taint nodes --all old:NoSchedule-",
			want:    map[string][]string{"a": {}},
			wantErr: "taint \"old:NoSchedule\" not found\ntaint \"old:NoSchedule\" not found",
		},
		{
			name:    "naming a node twice without --overwrite fails the second time",
			line:    "kubectl taint nodes b b k:NoSchedule",
			want:    map[string][]string{"b": {"k:NoSchedule spec.taints[0]"}},
			wantErr: "node b already has k taint(s) with same effect(s) and --overwrite is false",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := runTaint(nodes, tc.line)
			if diff := cmp.Diff(tc.wantErr, errorText(err)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			changed := map[string][]string{}
			for i := range got {
				if cmp.Equal(got[i].Taints, nodes[i].Taints) {
					continue
				}
				taints := []string{}
				for _, taint := range got[i].Taints {
					taints = append(taints, taint.String()+" "+taint.Source.Field)
				}
				changed[got[i].Name] = taints
			}
			if diff := cmp.Diff(tc.want, changed); diff != "" {
				t.Errorf("changed nodes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(core.Source{Line: 9, Field: "spec.taints[0]"}, nodes[0].Taints[0].Source); diff != "" {
				t.Errorf("Apply changed its input (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSplitShellWords(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		want    []shellWord
		wantErr error
	}{
		{
			name: "blanks, quotes and escapes",
			line: `a  'b c'"d\"e" f\ g h#i #j k`,
			want: []shellWord{{"a", 1, 1}, {`b cd"e`, 1, 4}, {"f g", 1, 16}, {"h#i", 1, 21}},
		},
		{
			name: "a continued line and columns in runes",
			line: "é 'ü' \\\n  x",
			want: []shellWord{{"é", 1, 1}, {"ü", 1, 3}, {"x", 2, 3}},
		},
		{
			name: "an escaped newline inside double quotes",
			line: "\"a\\\nb\" c",
			want: []shellWord{{"ab", 1, 1}, {"c", 2, 4}},
		},
		{name: "an unterminated single quote", line: "a 'b", wantErr: errUnterminatedQuote},
		{name: "an unterminated double quote", line: `a "b\"`, wantErr: errUnterminatedQuote},
		{name: "a trailing backslash", line: `a\`, want: []shellWord{{"a", 1, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SplitShellWords(tc.line)
			if err != tc.wantErr {
				t.Fatalf("error = %v, want %v", err, tc.wantErr)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzTaintSpecRoundTrip checks that a taint kubectl accepts prints back, by
// Taint.String, as a spec that parses to the same taint.
func FuzzTaintSpecRoundTrip(f *testing.F) {
	for _, seed := range []string{"key1=value1:NoSchedule", "k:NoExecute", "example.com/k=:PreferNoSchedule", "a-", "a:NoSchedule-", "x=y"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		add, _, err := ParseTaintSpecs([]string{spec})
		if err != nil || len(add) != 1 {
			return
		}
		again, remove, err := ParseTaintSpecs([]string{add[0].String()})
		if err != nil {
			t.Fatalf("%q parsed to %+v, whose String %q fails: %v", spec, add[0], add[0].String(), err)
		}
		if diff := cmp.Diff(add, again); diff != "" || len(remove) > 0 {
			t.Fatalf("round trip of %q (-first +second):\n%s", spec, diff)
		}
	})
}

// ExampleParseTaintCommand shows a command parsed and applied.
func ExampleParseTaintCommand() {
	cmd, err := ParseTaintCommand("kubectl taint nodes node1 key1=value1:NoSchedule")
	if err != nil {
		fmt.Println(err)
		return
	}
	nodes, err := cmd.Apply([]core.Node{{Name: "node1"}})
	fmt.Println(nodes[0].Taints[0].String(), err)
	// Output: key1=value1:NoSchedule <nil>
}
