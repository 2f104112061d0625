package cli

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/internal/golden"
)

// TestLocaleGolden runs check on the docs' three taints and on a device
// example, and explains the docs' pending pod on its node, in each
// language but English, and compares with testdata/locale/<language>; go
// test ./internal/cli -update re-records. They are there to be read: the
// command line's words and the engine's, in one language.
func TestLocaleGolden(t *testing.T) {
	for _, tc := range []struct {
		name, slug string
		args       []string
	}{
		{"docs-three-taints.check", "docs-three-taints", []string{"check", "-f", "nodes.yaml", "-f", "pods.yaml"}},
		{"docs-three-taints.explain.new-app.node1", "docs-three-taints", []string{"explain", "-f", "nodes.yaml", "-f", "pods.yaml", "new-app", "node1"}},
		{"device-toleration-seconds.check", "device-toleration-seconds", []string{"check", "-f", "nodes.yaml", "-f", "pods.yaml"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := exampleBySlug(t, tc.slug)
			writeFiles(t, scenarioFiles(s))
			for language := range locales {
				var stdout, stderr bytes.Buffer
				status := Run(&Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Language: language},
					append(tc.args, optionFlags(s.Settings)...))
				golden.Check(t, filepath.Join(testdataDir, "locale", language, tc.name+".table"),
					[]byte(stdout.String()+"\n--- stderr, status "+strconv.Itoa(status)+"\n"+stderr.String()))
			}
		})
	}
}
