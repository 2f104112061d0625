package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/golden"
)

// TestNowGolden runs check and simulate on the device-toleration-seconds
// example at two --now times, and compares with testdata/now; go test
// ./internal/cli -update re-records. Its DeviceTaintRule's taint was added
// at 22:00 and patient tolerates it for 600 s: at 22:05 it has 300 s left,
// at 22:10 it is evicted now. Without --now the verdicts are for the
// taint's timeAdded, as check's golden of the example has them.
func TestNowGolden(t *testing.T) {
	s := exampleBySlug(t, "device-toleration-seconds")
	writeFiles(t, scenarioFiles(s))
	for _, tc := range []struct{ now, patient string }{
		{"2026-05-20T22:05:00Z", "evicted after 300 s"},
		{"2026-05-20T22:10:00Z", "evicted now"},
	} {
		for _, args := range [][]string{{"check"}, {"simulate", "--until", "15m"}} {
			got := run(t, "", false, append(args, "-f", "nodes.yaml", "-f", "pods.yaml", "--now", tc.now)...)
			name := s.Slug + "." + args[0] + "." + strings.ReplaceAll(tc.now, ":", "-") + ".table"
			golden.Check(t, filepath.Join(testdataDir, "now", name), []byte(got.stdout+"\n--- stderr, status "+strconv.Itoa(got.status)+"\n"+got.stderr))
			if want := "Pod patient (pods.yaml:1:1): runs on node-1: " + tc.patient + " by a device taint"; args[0] == "check" && !strings.Contains(got.stdout, want) {
				t.Errorf("--now %s: check does not say %q:\n%s", tc.now, want, got.stdout)
			}
		}
	}
}

// exampleBySlug is the gallery example of that slug.
func exampleBySlug(t *testing.T, slug string) *examples.Scenario {
	t.Helper()
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for i := range scenarios {
		if scenarios[i].Slug == slug {
			return &scenarios[i]
		}
	}
	t.Fatalf("no example %q", slug)
	return nil
}
