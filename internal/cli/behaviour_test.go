package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/engine"
	"sigs.k8s.io/yaml"
)

const (
	nodesYAML = `apiVersion: v1
kind: Node
metadata:
  name: gpu-1
  labels: {pool: gpu}
spec:
  taints:
  - key: gpu
    value: "true"
    effect: NoSchedule
`
	// badNodesYAML has an effect the apiserver refuses at line 9.
	badNodesYAML = `apiVersion: v1
kind: Node
metadata:
  name: cpu-1
spec:
  taints:
  - key: spot
    value: "yes"
    effect: NoScheduel
`
	tolerantPod = `apiVersion: v1
kind: Pod
metadata:
  name: trainer
  labels: {app: ml}
spec:
  tolerations:
  - key: gpu
    operator: Exists
    effect: NoSchedule
`
	intolerantPod = `apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
`
)

func TestCheckStatus(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		args   []string
		status int
		stderr string
	}{
		{name: "every pod fits: 0", files: map[string]string{"n.yaml": nodesYAML, "p.yaml": tolerantPod},
			args: []string{"-f", "n.yaml", "-f", "p.yaml"}, status: ExitOK},
		{name: "a pod fits nowhere: 1", files: map[string]string{"n.yaml": nodesYAML, "p.yaml": intolerantPod},
			args: []string{"-f", "n.yaml", "-f", "p.yaml"}, status: ExitProblems},
		{name: "a selector leaves out the pod that fits nowhere: 0", files: map[string]string{"n.yaml": nodesYAML, "p.yaml": tolerantPod + "---\n" + intolerantPod},
			args: []string{"-f", "n.yaml", "-f", "p.yaml", "-l", "app=ml"}, status: ExitOK},
		{name: "an invalid taint: 2", files: map[string]string{"n.yaml": badNodesYAML, "p.yaml": tolerantPod},
			args: []string{"-f", "n.yaml", "-f", "p.yaml"}, status: ExitInvalid, stderr: "n.yaml:9:5: error: metadata.taints[0].effect: Unsupported value"},
		{name: "no -f: 2", args: []string{}, status: ExitInvalid, stderr: "error: no input"},
		{name: "a missing file: 2", args: []string{"-f", "nope.yaml"}, status: ExitInvalid, stderr: "nope.yaml"},
		{name: "an unknown flag: 2", args: []string{"--bogus"}, status: ExitInvalid, stderr: "flag provided but not defined: -bogus"},
		{name: "an unknown output: 2", files: map[string]string{"n.yaml": nodesYAML}, args: []string{"-f", "n.yaml", "-o", "name"}, status: ExitInvalid,
			stderr: "-o name: the output format must be one of table, wide, json, yaml"},
		{name: "a bad selector: 2", files: map[string]string{"n.yaml": nodesYAML}, args: []string{"-f", "n.yaml", "-l", "a in b"}, status: ExitInvalid, stderr: "-l a in b"},
		{name: "an argument: 2", files: map[string]string{"n.yaml": nodesYAML}, args: []string{"-f", "n.yaml", "extra"}, status: ExitInvalid, stderr: "check takes no arguments"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			writeFiles(t, tc.files)
			got := run(t, "", false, append([]string{"check"}, tc.args...)...)
			if got.status != tc.status {
				t.Errorf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", got.status, tc.status, got.stdout, got.stderr)
			}
			if !strings.Contains(got.stderr, tc.stderr) {
				t.Errorf("stderr does not say %q:\n%s", tc.stderr, got.stderr)
			}
		})
	}
}

// TestDiagnosticsNameTheSecondFile: positions in a file after another count
// from that file's own first line, in both editors' texts.
func TestDiagnosticsNameTheSecondFile(t *testing.T) {
	badPod := strings.Replace(tolerantPod, "operator: Exists", "operator: Exits", 1) // line 9
	writeFiles(t, map[string]string{"a.yaml": nodesYAML, "b.yaml": badNodesYAML, "p1.yaml": intolerantPod, "p2.yaml": badPod})
	got := run(t, "", false, "check", "-f", "a.yaml", "-f", "b.yaml", "-f", "p1.yaml", "-f", "p2.yaml")
	want := []string{
		// The apiserver's words: node taints are validated under metadata.taints.
		`b.yaml:9:5: error: metadata.taints[0].effect: Unsupported value: "NoScheduel": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
		`p2.yaml:8:5: warning: toleration #1 tolerates none of the taints on these nodes, so it changes nothing here (check its key, value and effect against the nodes' taints)`,
		`p2.yaml:9:5: error: spec.tolerations[0].operator: Unsupported value: "Exits": supported values: "Equal", "Exists"`,
	}
	for _, line := range want {
		if !strings.Contains(got.stderr, line+"\n") {
			t.Errorf("stderr lacks\n%s\n got:\n%s", line, got.stderr)
		}
	}
	if got.status != ExitInvalid {
		t.Errorf("status %d, want 2", got.status)
	}
}

// TestStdinAndMixedList: one `kubectl get nodes,pods -o yaml` List on
// standard input gives both nodes and pods, without the warnings that each
// editor skips the other's kinds.
func TestStdinAndMixedList(t *testing.T) {
	list := "apiVersion: v1\nkind: List\nitems:\n" + indentItem(nodesYAML) + indentItem(tolerantPod) + indentItem(intolerantPod)
	got := run(t, list, false, "check", "-f", "-", "-o", "json")
	for _, want := range []string{`"name": "gpu-1"`, `"name": "trainer"`, `"verdict": "schedulable"`, `"name": "web"`, `"verdict": "unschedulable"`} {
		if !strings.Contains(got.stdout, want) {
			t.Errorf("stdout lacks %s:\n%s", want, got.stdout)
		}
	}
	if got.stderr != "" || got.status != ExitProblems {
		t.Errorf("status %d and stderr %q, want 1 and nothing", got.status, got.stderr)
	}
	table := run(t, list, false, "check", "--filename=-")
	if !strings.Contains(table.stdout, "Pod web (<stdin>:") {
		t.Errorf("the table does not name standard input:\n%s", table.stdout)
	}
}

// TestBothEditorsWarnOnce: a kind neither editor reads, in a file both
// read, is reported once, at its line in the file.
func TestBothEditorsWarnOnce(t *testing.T) {
	list := "apiVersion: v1\nkind: List\nitems:\n" + indentItem(nodesYAML) + indentItem("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n") + indentItem(tolerantPod)
	got := run(t, list, false, "check", "-f", "-")
	want := "<stdin>:15:3: warning: kind: a ConfigMap has no pod or node to read; skipped\n"
	if got.stderr != want || got.status != ExitOK {
		t.Errorf("status %d (want 0), stderr:\n%s\nwant:\n%s", got.status, got.stderr, want)
	}
}

// indentItem makes an object one item of a List's items.
func indentItem(obj string) string {
	return "- " + strings.ReplaceAll(strings.TrimSuffix(obj, "\n"), "\n", "\n  ") + "\n"
}

// TestDirectory: a directory gives its .yaml, .yml and .json files,
// recursively, and nothing else.
func TestDirectory(t *testing.T) {
	writeFiles(t, map[string]string{
		"cluster/nodes.yaml":     nodesYAML,
		"cluster/apps/web.yml":   intolerantPod,
		"cluster/apps/ml.json":   `{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "batch"}}`,
		"cluster/apps/notes.txt": "not: [a manifest",
	})
	got := run(t, "", false, "check", "-f", "cluster")
	for _, want := range []string{"Pod web (" + filepath.Join("cluster", "apps", "web.yml") + ":1:1)", "Pod batch (" + filepath.Join("cluster", "apps", "ml.json") + ":1:1)"} {
		if !strings.Contains(got.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, got.stdout)
		}
	}
	if strings.Contains(got.stderr, "notes.txt") {
		t.Errorf("a .txt file in a directory was read:\n%s", got.stderr)
	}
	if empty := run(t, "", false, "check", "-f", filepath.Join("cluster", "apps", "notes.txt")); empty.status != ExitInvalid {
		t.Errorf("a file named directly is read whatever its name: status %d, want 2 for its YAML error", empty.status)
	}
}

// TestNodeOnlyFormats: describe output and taint lines are nodes only, and
// a pod manifest after them is still read.
func TestNodeOnlyFormats(t *testing.T) {
	describe := "Name:               worker-1\nLabels:             pool=db\nTaints:             db=only:NoSchedule\nUnschedulable:      false\n"
	writeFiles(t, map[string]string{"describe.txt": describe, "taints.sh": "kubectl taint nodes worker-1 spot=true:NoExecute\n", "p.yaml": intolerantPod})
	got := run(t, "", false, "check", "-f", "describe.txt", "-f", "taints.sh", "-f", "p.yaml", "-o", "json")
	var v engine.Verdicts
	if err := json.Unmarshal([]byte(got.stdout), &v); err != nil || got.stderr != "" {
		t.Fatalf("%v: stdout\n%s\nstderr\n%s", err, got.stdout, got.stderr)
	}
	var taints []string
	for _, taint := range v.Nodes[0].Taints {
		taints = append(taints, taint.String()+" at "+position(taint.Source))
	}
	// kubectl taint puts the new taint first, as upstream's reorganizeTaints does.
	want := []string{"spot=true:NoExecute at taints.sh:1:30: ", "db=only:NoSchedule at describe.txt:3:21: "}
	if diff := cmp.Diff(want, taints); diff != "" || len(v.Pods) != 1 || v.Pods[0].Verdict != engine.VerdictUnschedulable {
		t.Errorf("taints (-want +got):\n%s\npods: %+v", diff, v.Pods)
	}
}

func TestHelp(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}} {
				got := run(t, "", false, args...)
				if got.status != ExitOK || got.stderr != "" {
					t.Errorf("%v: status %d, stderr %q", args, got.status, got.stderr)
				}
				if c.name == "version" || c.name == "help" {
					continue
				}
				for _, want := range []string{"Usage: taint-playground " + c.name, "Examples:", "-f, --filename", "-o, --output", "--no-color", "--now", "--comparison-operators", "--condition-taints", "Exit status:"} {
					if !strings.Contains(got.stdout, want) {
						t.Errorf("%v: the help lacks %q:\n%s", args, want, got.stdout)
					}
				}
			}
		})
	}
	main := run(t, "", false, "--help")
	for _, c := range commands {
		if !strings.Contains(main.stdout, "  "+c.name+" ") {
			t.Errorf("the main help does not list %s:\n%s", c.name, main.stdout)
		}
	}
	if unknown := run(t, "", false, "frobnicate"); unknown.status != ExitInvalid || !strings.Contains(unknown.stderr, `unknown command "frobnicate"`) {
		t.Errorf("an unknown command: %+v", unknown)
	}
}

// TestExplainColour: the suggested toleration is coloured only when the
// output may be (a terminal), never with --no-color.
func TestExplainColour(t *testing.T) {
	writeFiles(t, map[string]string{"n.yaml": nodesYAML, "p.yaml": intolerantPod})
	args := []string{"explain", "-f", "n.yaml", "-f", "p.yaml", "web", "gpu-1"}
	plain := run(t, "", false, args...)
	wantPlain := "  would be tolerated by:\n    - key: \"gpu\"\n      operator: \"Equal\"\n      value: \"true\"\n      effect: \"NoSchedule\"\n"
	if !strings.Contains(plain.stdout, wantPlain) || strings.Contains(plain.stdout, "\x1b[") {
		t.Errorf("not a terminal: want the plain suggestion\n%s\ngot:\n%s", wantPlain, plain.stdout)
	}
	if plain.status != ExitProblems {
		t.Errorf("status %d, want 1: the pod does not fit", plain.status)
	}
	if coloured := run(t, "", true, args...); !strings.Contains(coloured.stdout, "\x1b[") {
		t.Errorf("on a terminal the suggestion is not coloured:\n%q", coloured.stdout)
	}
	if noColor := run(t, "", true, append(args, "--no-color")...); noColor.stdout != plain.stdout {
		t.Errorf("--no-color on a terminal: got\n%q\nwant\n%q", noColor.stdout, plain.stdout)
	}
}

// TestColorAllowed: only a terminal without NO_COLOR gets colour; a file,
// as when output is redirected, never does.
func TestColorAllowed(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if ColorAllowed(f, func(string) string { return "" }) {
		t.Error("a regular file allows colour")
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if !ColorAllowed(tty, func(string) string { return "" }) {
			t.Error("a terminal does not allow colour")
		}
		if ColorAllowed(tty, func(k string) string { return map[string]string{"NO_COLOR": "1"}[k] }) {
			t.Error("NO_COLOR=1 on a terminal allows colour")
		}
	}
}

func TestExplainNames(t *testing.T) {
	pods := strings.Replace(intolerantPod, "name: web", "name: web\n  namespace: a", 1) + "---\n" + strings.Replace(intolerantPod, "name: web", "name: web\n  namespace: b", 1)
	writeFiles(t, map[string]string{"n.yaml": nodesYAML, "p.yaml": pods})
	ambiguous := run(t, "", false, "explain", "-f", "n.yaml", "-f", "p.yaml", "web", "gpu-1")
	if ambiguous.status != ExitInvalid || !strings.Contains(ambiguous.stderr, `2 pods are named "web": a/web (p.yaml:1:1), b/web (p.yaml:8:1)`) {
		t.Errorf("an ambiguous name: %+v", ambiguous)
	}
	if qualified := run(t, "", false, "explain", "-f", "n.yaml", "-f", "p.yaml", "b/web", "gpu-1", "-o", "json"); qualified.status != ExitProblems || !strings.Contains(qualified.stdout, `"pod": "b/web"`) {
		t.Errorf("namespace/name: %+v", qualified)
	}
	if missing := run(t, "", false, "explain", "-f", "n.yaml", "-f", "p.yaml", "b/web", "cpu-9"); missing.status != ExitInvalid || missing.stderr != "error: node \"cpu-9\" not found\n" {
		t.Errorf("an unknown node: %+v", missing)
	}
}

func TestWhatIfStatus(t *testing.T) {
	running := strings.Replace(intolerantPod, "labels: {app: web}", "labels: {app: web}\nspec:\n  nodeName: gpu-1", 1)
	writeFiles(t, map[string]string{"n.yaml": nodesYAML, "p.yaml": tolerantPod + "---\n" + running})
	tests := []struct {
		name    string
		command []string
		status  int
		stdout  string
	}{
		{name: "a taint that evicts: 1", command: []string{"--", "kubectl", "taint", "nodes", "-l", "pool=gpu", "gpu=true:NoExecute"}, status: ExitProblems,
			stdout: "Evicted now: 1 pod(s)\n  web on gpu-1: evicted now:"},
		{name: "a taint that harms nothing: 0", command: []string{"kubectl taint nodes gpu-1 gpu=true:PreferNoSchedule"}, status: ExitOK,
			stdout: "Changes the taints of 1 node(s)\n  gpu-1: +gpu=true:PreferNoSchedule\n"},
		{name: "a pending pod left nowhere: 1", command: []string{"--", "kubectl", "taint", "nodes", "gpu-1", "ml=no:NoSchedule"}, status: ExitProblems,
			stdout: "No longer schedulable: 1 pod(s)\n  trainer\n"},
		{name: "a node kubectl would not find: 2", command: []string{"--", "kubectl", "taint", "nodes", "gpu-9", "a=b:NoSchedule"}, status: ExitInvalid,
			stdout: `error: nodes "gpu-9" not found`},
		{name: "not a kubectl taint command: 2", command: []string{"--", "kubectl", "delete", "node", "gpu-1"}, status: ExitInvalid},
		{name: "no command: 2", command: nil, status: ExitInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, "", false, append([]string{"whatif", "-f", "n.yaml", "-f", "p.yaml"}, tc.command...)...)
			if got.status != tc.status || !strings.Contains(got.stdout, tc.stdout) {
				t.Errorf("status %d, want %d; stdout should hold %q:\n%s\nstderr:\n%s", got.status, tc.status, tc.stdout, got.stdout, got.stderr)
			}
		})
	}
}

func TestSimulateTable(t *testing.T) {
	running := strings.Replace(tolerantPod, "labels: {app: ml}", "labels: {app: ml}\nspec:\n  nodeName: gpu-1", 1)
	running = strings.Replace(running, "spec:\n  tolerations:", "  tolerations:", 1) + "  - key: maint\n    operator: Exists\n    effect: NoExecute\n    tolerationSeconds: 120\n"
	writeFiles(t, map[string]string{"n.yaml": nodesYAML, "p.yaml": running})
	got := run(t, "", false, "simulate", "-f", "n.yaml", "-f", "p.yaml", "--until", "5m", "--event", "1m kubectl taint nodes gpu-1 maint=now:NoExecute")
	want := []string{
		"Simulated until 300 s",
		"      60 s  $ kubectl taint nodes gpu-1 maint=now:NoExecute",
		"      60 s  trainer on gpu-1: scheduled (evicted at 180 s): ",
		"     180 s  trainer on gpu-1: evicted: ",
	}
	lines := strings.Split(got.stdout, "\n")
	var gotPrefixes []string
	for i, w := range want {
		if i < len(lines) {
			gotPrefixes = append(gotPrefixes, lines[i][:min(len(w), len(lines[i]))])
		}
	}
	if diff := cmp.Diff(want, gotPrefixes); diff != "" || got.status != ExitProblems {
		t.Errorf("status %d (want 1); lines (-want +got):\n%s\n%s%s", got.status, diff, got.stdout, got.stderr)
	}
	quiet := run(t, "", false, "simulate", "-f", "n.yaml", "-f", "p.yaml")
	if quiet.status != ExitOK || !strings.Contains(quiet.stdout, "No eviction is scheduled") {
		t.Errorf("no NoExecute taint: %+v", quiet)
	}
	if bad := run(t, "", false, "simulate", "-f", "n.yaml", "--until", "soon"); bad.status != ExitInvalid || !strings.Contains(bad.stderr, `"soon" is neither seconds nor a duration`) {
		t.Errorf("a bad --until: %+v", bad)
	}
}

// TestYAMLIsTheJSONObject: -o yaml prints the object -o json does.
func TestYAMLIsTheJSONObject(t *testing.T) {
	writeFiles(t, map[string]string{"n.yaml": nodesYAML, "p.yaml": tolerantPod + "---\n" + intolerantPod})
	asJSON := run(t, "", false, "check", "-f", "n.yaml", "-f", "p.yaml", "-o", "json")
	asYAML := run(t, "", false, "check", "-f", "n.yaml", "-f", "p.yaml", "-o", "yaml")
	converted, err := yaml.YAMLToJSON([]byte(asYAML.stdout))
	if err != nil {
		t.Fatal(err)
	}
	var fromJSON, fromYAML any
	if err := json.Unmarshal([]byte(asJSON.stdout), &fromJSON); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(converted, &fromYAML); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(fromJSON, fromYAML); diff != "" || asYAML.status != asJSON.status || !strings.Contains(asYAML.stdout, "verdict: unschedulable") {
		t.Errorf("-o json (-) and -o yaml (+) differ (status %d and %d):\n%s", asJSON.status, asYAML.status, diff)
	}
}
