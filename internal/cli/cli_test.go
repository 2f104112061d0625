package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

// result is what one run of the command line printed, and its status.
type result struct {
	stdout, stderr string
	status         int
}

// run runs the command line as main does, with stdin as standard input and
// colour allowed when color is set (as on a terminal).
func run(t *testing.T, stdin string, color bool, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	status := Run(&Env{Stdin: strings.NewReader(stdin), Stdout: &stdout, Stderr: &stderr, Color: color}, args)
	return result{stdout: stdout.String(), stderr: stderr.String(), status: status}
}

// writeFiles writes name → text into a fresh directory and makes it the
// working directory, so that positions name the files as given.
func writeFiles(t testing.TB, files map[string]string) {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// optionFlags spells every option as its flag, so that a run has exactly
// these settings.
func optionFlags(o core.Options) []string {
	return []string{
		fmt.Sprintf("--comparison-operators=%t", o.ComparisonOperators),
		fmt.Sprintf("--default-toleration-seconds=%t", o.DefaultTolerationSeconds),
		fmt.Sprintf("--not-ready-seconds=%d", o.NotReadySeconds),
		fmt.Sprintf("--unreachable-seconds=%d", o.UnreachableSeconds),
		fmt.Sprintf("--daemonset-tolerations=%t", o.DaemonSetTolerations),
		fmt.Sprintf("--pod-toleration-restriction=%t", o.PodTolerationRestriction),
		fmt.Sprintf("--extended-resource-toleration=%t", o.ExtendedResourceToleration),
		fmt.Sprintf("--condition-taints=%t", o.ConditionTaints),
	}
}

// testdataDir holds the golden files, found before a test changes directory.
var testdataDir = func() string {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		panic(err)
	}
	return dir
}()
