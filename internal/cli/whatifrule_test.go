package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/golden"
)

// TestWhatIfRuleGolden applies each rule of testdata/whatifrule to the
// maintenance example's cluster with whatif --rule, as a table and as JSON,
// and compares with the goldens beside it; go test ./internal/cli -update
// re-records. The dry run (effect None) must evict nobody and name in its
// dry run the pods that the same rule with NoExecute evicts, with status 0
// and 1.
func TestWhatIfRuleGolden(t *testing.T) {
	s, err := examples.Find("device-maintenance-dry-run")
	if err != nil {
		t.Fatal(err)
	}
	rules, err := filepath.Glob(filepath.Join(testdataDir, "whatifrule", "*.yaml"))
	if err != nil || len(rules) == 0 {
		t.Fatalf("no rule in testdata/whatifrule (%v)", err)
	}
	writeFiles(t, scenarioFiles(&s))
	radius := map[string]engine.DeviceRuleRadius{}
	for _, rule := range rules {
		name := filepath.Base(rule)
		text, err := os.ReadFile(rule)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, text, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, output := range []string{"table", "json"} {
			got := run(t, "", false, "whatif", "-f", "nodes.yaml", "-f", "pods.yaml", "--rule", name, "-o", output)
			golden.Check(t, filepath.Join(testdataDir, "whatifrule", name+"."+output),
				[]byte(got.stdout+"\n--- stderr, status "+strconv.Itoa(got.status)+"\n"+got.stderr))
			if output == "json" {
				var r engine.DeviceRuleRadius
				if err := json.Unmarshal([]byte(got.stdout), &r); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				radius[name] = r
				if want := map[bool]int{true: ExitProblems, false: ExitOK}[len(r.Evicted) > 0]; got.status != want {
					t.Errorf("%s: status %d, want %d", name, got.status, want)
				}
			}
		}
	}
	dry, now := radius["firmware-dry-run.yaml"], radius["firmware-now.yaml"]
	if len(dry.Evicted) != 0 || len(dry.DryRun) == 0 || len(dry.DryRun) != len(now.Evicted) || dry.DryRun[0].Name != now.Evicted[0].Name {
		t.Errorf("the dry run evicts %v and would evict %v; NoExecute evicts %v", dry.Evicted, dry.DryRun, now.Evicted)
	}
}

// TestWhatIfRuleRefusesTwoChanges checks that --rule and a kubectl taint
// command together are a usage error, and that a rule file without a
// DeviceTaintRule is refused.
func TestWhatIfRuleRefusesTwoChanges(t *testing.T) {
	s, err := examples.Find("device-maintenance-dry-run")
	if err != nil {
		t.Fatal(err)
	}
	files := scenarioFiles(&s)
	files["rule.yaml"] = "apiVersion: v1\nkind: Node\nmetadata: {name: extra}\n"
	writeFiles(t, files)
	if got := run(t, "", false, "whatif", "-f", "nodes.yaml", "--rule", "nodes.yaml", "--", "kubectl", "taint", "nodes", "--all", "a=b:NoSchedule"); got.status != ExitInvalid {
		t.Errorf("--rule with a command: status %d, want %d", got.status, ExitInvalid)
	}
	if got := run(t, "", false, "whatif", "-f", "nodes.yaml", "--rule", "rule.yaml"); got.status != ExitInvalid {
		t.Errorf("a rule file without a DeviceTaintRule: status %d, want %d (stderr %s)", got.status, ExitInvalid, got.stderr)
	}
}

// TestWhatIfRuleSpeaksTheLocale applies each rule of testdata/whatifrule
// in each language but English: no English piece may show
// (speaksTheLocale), but for the status message, which is the device taint
// eviction controller's own, verbatim.
func TestWhatIfRuleSpeaksTheLocale(t *testing.T) {
	s, err := examples.Find("device-maintenance-dry-run")
	if err != nil {
		t.Fatal(err)
	}
	files := scenarioFiles(&s)
	rules, err := filepath.Glob(filepath.Join(testdataDir, "whatifrule", "*.yaml"))
	if err != nil || len(rules) == 0 {
		t.Fatalf("no rule in testdata/whatifrule (%v)", err)
	}
	for _, rule := range rules {
		text, err := os.ReadFile(rule)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(rule)] = string(text)
	}
	writeFiles(t, files)
	english := englishWords(t)
	for _, rule := range rules {
		args := []string{"whatif", "-f", "nodes.yaml", "-f", "pods.yaml", "--rule", filepath.Base(rule)}
		var r engine.DeviceRuleRadius
		if err := json.Unmarshal([]byte(run(t, "", false, append(args, "-o", "json")...).stdout), &r); err != nil {
			t.Fatal(err)
		}
		for language := range locales {
			speaksTheLocale(t, english, language, args, r.Status.Message)
		}
	}
}
