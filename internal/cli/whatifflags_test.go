package cli

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWhatIfTakesWhatKubectlTaintTakes gives whatif the command lines kubectl
// taint accepts with flags that do not change the taints, kubectl's global
// flags before "taint" and the quoted form: each runs, as the same command
// without them does, and each ignored flag is echoed on standard error.
func TestWhatIfTakesWhatKubectlTaintTakes(t *testing.T) {
	writeFiles(t, map[string]string{"nodes.yaml": nodesYAML, "pods.yaml": tolerantPod})
	base := run(t, "", false, "whatif", "-f", "nodes.yaml", "-f", "pods.yaml", "--", "kubectl", "taint", "nodes", "gpu-1", "k=v:NoSchedule")
	if base.status != ExitProblems {
		t.Fatalf("status %d of the plain command:\n%s%s", base.status, base.stdout, base.stderr)
	}
	tests := []struct {
		name        string
		command     []string
		wantIgnored []string
	}{
		{name: "server dry run", command: []string{"kubectl", "taint", "nodes", "gpu-1", "k=v:NoSchedule", "--dry-run=server"}, wantIgnored: []string{"--dry-run=server"}},
		{name: "context and kubeconfig with separate values", command: []string{"kubectl", "taint", "nodes", "gpu-1", "k=v:NoSchedule", "--context", "prod", "--kubeconfig", "x"},
			wantIgnored: []string{"--context=prod", "--kubeconfig=x"}},
		{name: "output and namespace shorthands", command: []string{"kubectl", "taint", "nodes", "gpu-1", "k=v:NoSchedule", "-o", "yaml", "-n", "default"},
			wantIgnored: []string{"--output=yaml", "--namespace=default"}},
		{name: "field manager and validate", command: []string{"kubectl", "taint", "nodes", "gpu-1", "k=v:NoSchedule", "--field-manager", "x", "--validate=false"},
			wantIgnored: []string{"--field-manager=x", "--validate=false"}},
		{name: "global flags before taint", command: []string{"kubectl", "--context", "prod", "taint", "nodes", "gpu-1", "k=v:NoSchedule"}, wantIgnored: []string{"--context=prod"}},
		{name: "overwrite is used, not ignored", command: []string{"kubectl", "taint", "nodes", "gpu-1", "k=v:NoSchedule", "--overwrite"}},
		{name: "the quoted form after --", command: []string{"kubectl taint nodes gpu-1 k=v:NoSchedule --dry-run=client"}, wantIgnored: []string{"--dry-run=client"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, "", false, append([]string{"whatif", "-f", "nodes.yaml", "-f", "pods.yaml", "--"}, tc.command...)...)
			if got.status != base.status || got.stdout != base.stdout {
				t.Errorf("status %d, want %d; stdout (-plain +got):\n%s\nstderr:\n%s", got.status, base.status, cmp.Diff(base.stdout, got.stdout), got.stderr)
			}
			var notes []string
			for _, line := range strings.Split(got.stderr, "\n") {
				if flag, ok := strings.CutPrefix(line, "note: ignored "); ok {
					notes = append(notes, strings.TrimSuffix(flag, " (the what-if never talks to a cluster)"))
				}
			}
			if diff := cmp.Diff(tc.wantIgnored, notes); diff != "" {
				t.Errorf("notes (-want +got):\n%s\n%s", diff, got.stderr)
			}
		})
	}
}

// TestWhatIfOverwrite checks that --overwrite means what it means to
// kubectl: without it, a taint with the key and effect of one the node has
// is refused in kubectl's words (status 2); with it, the value is replaced.
func TestWhatIfOverwrite(t *testing.T) {
	writeFiles(t, map[string]string{"nodes.yaml": nodesYAML, "pods.yaml": tolerantPod})
	tests := []struct {
		name       string
		overwrite  []string
		wantStatus int
		wantOut    string
	}{
		{name: "without --overwrite kubectl refuses", wantStatus: ExitInvalid,
			wantOut: "error: node gpu-1 already has gpu taint(s) with same effect(s) and --overwrite is false"},
		{name: "with --overwrite the value changes", overwrite: []string{"--overwrite"}, wantStatus: ExitOK,
			wantOut: "  gpu-1: +gpu=false:NoSchedule -gpu=true:NoSchedule"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"whatif", "-f", "nodes.yaml", "-f", "pods.yaml", "--", "kubectl", "taint", "nodes", "gpu-1", "gpu=false:NoSchedule"}, tc.overwrite...)
			got := run(t, "", false, args...)
			if got.status != tc.wantStatus || !strings.Contains(got.stdout+got.stderr, tc.wantOut) {
				t.Errorf("status %d, want %d and %q in:\n%s%s", got.status, tc.wantStatus, tc.wantOut, got.stdout, got.stderr)
			}
		})
	}
}

// TestSimulateEventNotesIgnoredFlags gives simulate an event with kubectl
// flags that do not change the taints: it runs, and they are noted.
func TestSimulateEventNotesIgnoredFlags(t *testing.T) {
	writeFiles(t, map[string]string{"nodes.yaml": nodesYAML, "pods.yaml": tolerantPod})
	got := run(t, "", false, "simulate", "-f", "nodes.yaml", "-f", "pods.yaml", "--until", "60",
		"--event", "10 kubectl --context prod taint nodes gpu-1 k=v:NoExecute --dry-run=server")
	want := "note: ignored --context=prod (the what-if never talks to a cluster)\nnote: ignored --dry-run=server (the what-if never talks to a cluster)\n"
	if got.status == ExitInvalid || !strings.Contains(got.stderr, want) {
		t.Errorf("status %d, stderr:\n%s", got.status, got.stderr)
	}
}
