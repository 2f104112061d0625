package cli

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestNoObjectsIsAnError gives every command that reads -f an input with no
// object: status 2 and kubectl's words ("error: no objects passed to apply"),
// not a report of 0 pods on 0 nodes that a CI job would take for a pass.
func TestNoObjectsIsAnError(t *testing.T) {
	writeFiles(t, map[string]string{
		"comments.yaml":   "# nothing yet\n# still nothing\n",
		"separators.yaml": "---\n---\n",
	})
	whatif := []string{"--", "kubectl", "taint", "nodes", "n1", "k=v:NoSchedule"}
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{name: "check -f /dev/null", args: []string{"check", "-f", "/dev/null"}, want: "error: no objects passed to check"},
		{name: "check of a closed standard input", args: []string{"check", "-f", "-"}, want: "error: no objects passed to check"},
		{name: "check of comments only", args: []string{"check", "-f", "comments.yaml"}, want: "error: no objects passed to check"},
		{name: "check of separators only", args: []string{"check", "-f", "separators.yaml", "-o", "json"}, want: "error: no objects passed to check"},
		{name: "whatif of nothing", args: append([]string{"whatif", "-f", "/dev/null"}, whatif...), want: "error: no objects passed to whatif"},
		{name: "simulate of nothing", args: []string{"simulate", "-f", "comments.yaml"}, want: "error: no objects passed to simulate"},
		{name: "explain of nothing", args: []string{"explain", "-f", "-", "p", "n"}, want: "error: no objects passed to explain"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, tc.stdin, false, tc.args...)
			if got.status != ExitInvalid || !strings.Contains(got.stderr, tc.want) || got.stdout != "" {
				t.Errorf("status %d, stdout:\n%s\nstderr:\n%s", got.status, got.stdout, got.stderr)
			}
		})
	}
}

// failingWriter fails every write, as a closed pipe or a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestFailedWriteIsAnError writes every command's output, in every format,
// to a writer that fails: status 2 and the error on standard error, where a
// check that printed nothing used to pass.
func TestFailedWriteIsAnError(t *testing.T) {
	writeFiles(t, map[string]string{"nodes.yaml": nodesYAML, "pods.yaml": tolerantPod})
	commands := map[string][]string{
		"check":    {"check", "-f", "nodes.yaml", "-f", "pods.yaml"},
		"explain":  {"explain", "-f", "nodes.yaml", "-f", "pods.yaml", "trainer", "gpu-1"},
		"whatif":   {"whatif", "-f", "nodes.yaml", "-f", "pods.yaml", "--", "kubectl", "taint", "nodes", "gpu-1", "k=v:NoSchedule"},
		"simulate": {"simulate", "-f", "nodes.yaml", "-f", "pods.yaml"},
	}
	for name, args := range commands {
		for _, format := range outputs {
			t.Run(name+" -o "+format, func(t *testing.T) {
				var stderr strings.Builder
				status := Run(&Env{Stdin: strings.NewReader(""), Stdout: failingWriter{}, Stderr: &stderr}, append([]string{args[0], "-o", format}, args[1:]...))
				if status != ExitInvalid || !strings.Contains(stderr.String(), "no space left on device") {
					t.Errorf("status %d, stderr:\n%s", status, stderr.String())
				}
			})
		}
	}
}

// TestWriteToDevFull runs check > /dev/full, as a shell would.
func TestWriteToDevFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	writeFiles(t, map[string]string{"nodes.yaml": nodesYAML, "pods.yaml": tolerantPod})
	var stderr strings.Builder
	status := Run(&Env{Stdin: strings.NewReader(""), Stdout: full, Stderr: &stderr}, []string{"check", "-f", "nodes.yaml", "-f", "pods.yaml"})
	if status != ExitInvalid || !strings.Contains(stderr.String(), "error: writing the output: write /dev/full: no space left on device") {
		t.Errorf("status %d, stderr:\n%s", status, stderr.String())
	}
}
