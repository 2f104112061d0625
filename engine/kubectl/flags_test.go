package kubectl

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestParseTaintCommandFlags holds the flags kubectl taint takes that do not
// change the taints: taint's own (--dry-run, --validate, --field-manager,
// -o, --template, ...) and kubectl's global flags, before or after "taint",
// in every form pflag reads. Each is accepted and reported in Ignored.
func TestParseTaintCommandFlags(t *testing.T) {
	add := []core.Taint{{Key: "k", Value: "v", Effect: core.TaintEffectNoSchedule}}
	tests := []struct {
		name        string
		line        string
		wantIgnored []string
		wantErr     string
	}{
		{name: "dry run server", line: "kubectl taint nodes n1 k=v:NoSchedule --dry-run=server", wantIgnored: []string{"--dry-run=server"}},
		{name: "dry run client before the node", line: "kubectl taint --dry-run=client nodes n1 k=v:NoSchedule", wantIgnored: []string{"--dry-run=client"}},
		{name: "bare dry run takes no value", line: "kubectl taint nodes n1 --dry-run k=v:NoSchedule", wantIgnored: []string{"--dry-run=unchanged"}},
		{name: "deprecated boolean dry run", line: "kubectl taint nodes n1 k=v:NoSchedule --dry-run=true", wantIgnored: []string{"--dry-run=true"}},
		{name: "context with a separate value", line: "kubectl taint nodes n1 k=v:NoSchedule --context prod", wantIgnored: []string{"--context=prod"}},
		{name: "kubeconfig with =", line: "kubectl taint nodes n1 k=v:NoSchedule --kubeconfig=/tmp/x", wantIgnored: []string{"--kubeconfig=/tmp/x"}},
		{name: "output yaml shorthand", line: "kubectl taint nodes n1 k=v:NoSchedule -o yaml", wantIgnored: []string{"--output=yaml"}},
		{name: "output shorthand attached", line: "kubectl taint nodes n1 k=v:NoSchedule -ojson", wantIgnored: []string{"--output=json"}},
		{name: "namespace shorthand with =", line: "kubectl taint nodes n1 k=v:NoSchedule -n=default", wantIgnored: []string{"--namespace=default"}},
		{name: "overwrite is not ignored", line: "kubectl taint nodes n1 k=v:NoSchedule --overwrite"},
		{name: "field manager and validate false", line: "kubectl taint nodes n1 k=v:NoSchedule --field-manager x --validate=false", wantIgnored: []string{"--field-manager=x", "--validate=false"}},
		{name: "bare validate takes no value", line: "kubectl taint nodes n1 --validate k=v:NoSchedule", wantIgnored: []string{"--validate=strict"}},
		{name: "global flags before taint", line: "kubectl --context prod -n kube-system --insecure-skip-tls-verify taint nodes n1 k=v:NoSchedule",
			wantIgnored: []string{"--context=prod", "--namespace=kube-system", "--insecure-skip-tls-verify=true"}},
		{name: "verbosity", line: "kubectl -v=6 taint nodes n1 k=v:NoSchedule --request-timeout 5s", wantIgnored: []string{"--v=6", "--request-timeout=5s"}},
		{name: "invalid dry run value", line: "kubectl taint nodes n1 k=v:NoSchedule --dry-run=maybe", wantErr: `Invalid dry-run value (maybe). Must be "none", "server", or "client".`},
		{name: "invalid validate value", line: "kubectl taint nodes n1 k=v:NoSchedule --validate=loose", wantErr: `invalid - validate option "loose"; must be one of: strict (or true), warn, ignore (or false)`},
		{name: "context without a value", line: "kubectl taint nodes n1 k=v:NoSchedule --context", wantErr: "flag needs an argument: --context"},
		{name: "namespace shorthand without a value", line: "kubectl taint nodes n1 k=v:NoSchedule -n", wantErr: "flag needs an argument: 'n' in -n"},
		{name: "a bad global bool", line: "kubectl --warnings-as-errors=sure taint nodes n1 k=v:NoSchedule", wantErr: `invalid argument "sure" for "--warnings-as-errors" flag: strconv.ParseBool: parsing "sure": invalid syntax`},
		{name: "a bad verbosity", line: "kubectl taint nodes n1 k=v:NoSchedule -v high", wantErr: `invalid argument "high" for "--v" flag: strconv.ParseInt: parsing "high": invalid syntax`},
		{name: "another command after global flags", line: "kubectl --context prod label nodes n1 a=b", wantErr: "not a kubectl taint command"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseTaintCommand(tc.line)
			if diff := cmp.Diff(tc.wantErr, errorText(err)); diff != "" {
				t.Fatalf("error (-want +got):\n%s", diff)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tc.wantIgnored, got.Ignored); diff != "" {
				t.Errorf("ignored (-want +got):\n%s", diff)
			}
			gotAdd := append([]core.Taint(nil), got.Add...)
			for i := range gotAdd {
				gotAdd[i].Source = core.Source{}
			}
			if diff := cmp.Diff(add, gotAdd); diff != "" || len(got.Nodes) != 1 || got.Nodes[0] != "n1" {
				t.Errorf("nodes %q, additions (-want +got):\n%s", got.Nodes, diff)
			}
		})
	}
}

// FuzzParseTaintCommand checks that any command line the parser accepts
// selects nodes some way and changes some taint, as kubectl's Validate
// requires, and applies without panicking.
func FuzzParseTaintCommand(f *testing.F) {
	for _, seed := range []string{
		"kubectl taint nodes n1 k=v:NoSchedule --dry-run=server",
		"kubectl --context prod taint nodes n1 k- -o yaml",
		"kubectl taint nodes -l a=b k:NoExecute --overwrite -n default",
		"kubectl taint --all nodes k=v:NoSchedule --validate",
		"kubectl -v 3 taint no/a k=:PreferNoSchedule-",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cmd, err := ParseTaintCommand(line)
		if err != nil {
			return
		}
		if !cmd.All && cmd.Selector == "" && len(cmd.Nodes) == 0 {
			t.Fatalf("%q: accepted with no node selected", line)
		}
		if len(cmd.Add)+len(cmd.Remove) == 0 {
			t.Fatalf("%q: accepted with no taint change", line)
		}
		nodes := []core.Node{{Name: "n1"}}
		for _, name := range cmd.Nodes {
			nodes = append(nodes, core.Node{Name: name})
		}
		_, _ = cmd.Apply(nodes)
	})
}
