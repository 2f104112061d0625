package api

import (
	"encoding/json"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
)

// call runs an export the way the bridge does and decodes the envelope.
func call(t *testing.T, fn Func, arg string) (json.RawMessage, *Error) {
	t.Helper()
	var env struct {
		OK    bool            `json:"ok"`
		Value json.RawMessage `json:"value"`
		Error *Error          `json:"error"`
	}
	if err := json.Unmarshal(Respond(fn([]byte(arg))), &env); err != nil {
		t.Fatal(err)
	}
	if env.OK == (env.Error != nil) {
		t.Fatalf("envelope has ok=%v and error %v", env.OK, env.Error)
	}
	return env.Value, env.Error
}

// export is the export name of s, as the bridge has it.
func (s *Session) export(name string) Func {
	return s.Exports()[name]
}

func TestExportsAreTheDocumentedOnes(t *testing.T) {
	var s Session
	var got []string
	for name := range s.Exports() {
		got = append(got, name)
	}
	sort.Strings(got)
	want := []string{"cells", "checkGoals", "evaluate", "explain", "format", "highlight", "loadGenerated", "parseTaintCommand", "simulate", "verdicts", "version", "whatIf", "whatIfDownload", "whatIfGenerated", "whatIfItems", "whatIfRows", "whatIfRule"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("exports (-want +got):\n%s", diff)
	}
	names := Names()
	sort.Strings(names)
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	var texts []string
	for name := range s.TextExports() {
		texts = append(texts, name)
	}
	if diff := cmp.Diff([]string{"evaluate"}, texts); diff != "" {
		t.Errorf("text exports (-want +got):\n%s", diff)
	}
	if _, err := s.Call("evalute", nil); err == nil || err.Error() != "unknown function evalute" {
		t.Errorf("Call of an unknown name: %v", err)
	}
}

func TestVersion(t *testing.T) {
	var s Session
	value, callErr := call(t, s.export("version"), `{}`)
	if callErr != nil {
		t.Fatal(callErr)
	}
	var got VersionInfo
	if err := json.Unmarshal(value, &got); err != nil {
		t.Fatal(err)
	}
	want := VersionInfo{Kubernetes: core.KubernetesVersion, Go: runtime.Version()}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("version (-want +got):\n%s", diff)
	}
}

// TestArgumentErrors checks that a wrong argument comes back as an error that
// names the field, whatever the export.
func TestArgumentErrors(t *testing.T) {
	var s Session
	tests := []struct {
		name string
		fn   Func
		arg  string
		want *Error
	}{
		{name: "a misspelt field", fn: s.export("evaluate"), arg: `{"node": "x"}`,
			want: &Error{Message: `evaluate: unknown argument "node"`, Field: "node"}},
		{name: "a field of the wrong type", fn: s.export("explain"), arg: `{"pod": "first"}`,
			want: &Error{Message: `explain: pod must be a number, not string`, Field: "pod"}},
		{name: "a nested field of the wrong type", fn: s.export("evaluate"), arg: `{"options": {"comparisonOperators": 1}}`,
			want: &Error{Message: `evaluate: options.comparisonOperators must be a boolean, not number`, Field: "options.comparisonOperators"}},
		{name: "not an object", fn: s.export("highlight"), arg: `"text"`,
			want: &Error{Message: `highlight: the argument must be an object, not string`}},
		{name: "version takes nothing", fn: s.export("version"), arg: `{"verbose": true}`,
			want: &Error{Message: `version: unknown argument "verbose"`, Field: "verbose"}},
		{name: "explain needs an evaluate first", fn: s.export("explain"), arg: `{"pod": 0, "node": 0}`,
			want: &Error{Message: "explain: call evaluate first"}},
		{name: "simulate needs an evaluate first", fn: s.export("simulate"), arg: `{"events": [], "until": 60}`,
			want: &Error{Message: "simulate: call evaluate first"}},
		{name: "whatIf needs an evaluate first", fn: s.export("whatIf"), arg: `{"command": "kubectl taint nodes --all a=b:NoExecute"}`,
			want: &Error{Message: "whatIf: call evaluate first"}},
		{name: "checkGoals needs an evaluate first", fn: s.export("checkGoals"), arg: `{"goals": []}`,
			want: &Error{Message: "checkGoals: call evaluate first"}},
		{name: "an editor name that cannot be an id", fn: s.export("highlight"), arg: `{"text": "a: b", "editor": "<x>"}`,
			want: &Error{Message: `highlight: editor "<x>" must be lower-case letters, digits and dashes, starting with a letter`, Field: "editor"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, got := call(t, tc.fn, tc.arg)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEvaluateOptions(t *testing.T) {
	defaults := core.DefaultOptions()
	gateOn := defaults
	gateOn.ComparisonOperators = true
	allOff := core.Options{}
	tests := []struct {
		name string
		arg  string
		want core.Options
	}{
		{name: "no options are the default cluster's", arg: `{"nodes": "", "pods": ""}`, want: defaults},
		{name: "no argument at all", arg: `null`, want: defaults},
		{name: "options left out keep their defaults", arg: `{"options": {"comparisonOperators": true}}`, want: gateOn},
		{name: "every option can be turned off", arg: `{"options": {"defaultTolerationSeconds": false,
			"notReadySeconds": 0, "unreachableSeconds": 0, "daemonSetTolerations": false, "conditionTaints": false}}`, want: allOff},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s Session
			value, callErr := call(t, s.export("evaluate"), tc.arg)
			if callErr != nil {
				t.Fatal(callErr)
			}
			var report engine.Report
			if err := json.Unmarshal(value, &report); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, report.Options); diff != "" {
				t.Errorf("report options (-want +got):\n%s", diff)
			}
			if report.Kubernetes != core.KubernetesVersion {
				t.Errorf("report for Kubernetes %q; want %q", report.Kubernetes, core.KubernetesVersion)
			}
		})
	}
}

func TestParseTaintCommandErrorPointsAtTheLine(t *testing.T) {
	var s Session
	_, got := call(t, s.export("parseTaintCommand"), `{"line": "kubectl taint nodes node-1 dedicated=gpu:NoExcute"}`)
	if got == nil {
		t.Fatal("a misspelt effect parsed without error")
	}
	if got.Line != 1 || got.Field != "line" || !strings.Contains(got.Message, "NoExcute") {
		t.Errorf("error = %+v; want line 1, field \"line\" and a message naming NoExcute", got)
	}
}

func TestHighlight(t *testing.T) {
	var s Session
	value, callErr := call(t, s.export("highlight"), `{"text": "effect: NoSchedule\n", "editor": "nodes"}`)
	if callErr != nil {
		t.Fatal(callErr)
	}
	var got struct {
		HTML string `json:"html"`
	}
	if err := json.Unmarshal(value, &got); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.HTML, `data-line="1"`) || !strings.Contains(got.HTML, `<span class="hl-kt">NoSchedule</span>`) {
		t.Errorf("highlight html = %q; want line 1 with NoSchedule marked as an effect", got.HTML)
	}
}

func TestExplainNamesTheIndexOutOfRange(t *testing.T) {
	var s Session
	if _, err := call(t, s.export("evaluate"), `{"nodes": "kind: Node\nmetadata: {name: a}\n", "pods": "kind: Pod\nmetadata: {name: p}\n"}`); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		arg       string
		wantField string
	}{
		{name: "pod", arg: `{"pod": 1, "node": 0}`, wantField: "pod"},
		{name: "negative node", arg: `{"pod": 0, "node": -1}`, wantField: "node"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, got := call(t, s.export("explain"), tc.arg)
			if got == nil || got.Field != tc.wantField || !strings.HasPrefix(got.Message, "explain: ") {
				t.Errorf("explain(%s) error = %+v; want one naming field %q", tc.arg, got, tc.wantField)
			}
		})
	}
	if value, err := call(t, s.export("explain"), `{"pod": 0, "node": 0}`); err != nil || len(value) == 0 {
		t.Errorf("explain of the one cell: %v", err)
	}
}

func TestWhatIf(t *testing.T) {
	var s Session
	nodes := "apiVersion: v1\nkind: Node\nmetadata:\n  name: db-1\n  labels: {pool: db}\n"
	pods := "apiVersion: v1\nkind: Pod\nmetadata: {name: pg-0}\nspec:\n  nodeName: db-1\n"
	evaluate, _ := json.Marshal(map[string]string{"nodes": nodes, "pods": pods})
	if _, err := call(t, s.export("evaluate"), string(evaluate)); err != nil {
		t.Fatal(err)
	}
	value, callErr := call(t, s.export("whatIf"), `{"command": "kubectl taint nodes -l pool=db maintenance=now:NoExecute"}`)
	if callErr != nil {
		t.Fatal(callErr)
	}
	var got struct {
		EvictedNow []struct{ Pod, Node int } `json:"evictedNow"`
	}
	if err := json.Unmarshal(value, &got); err != nil {
		t.Fatal(err)
	}
	want := []struct{ Pod, Node int }{{Pod: 0, Node: 0}}
	if diff := cmp.Diff(want, got.EvictedNow); diff != "" {
		t.Errorf("evictedNow (-want +got):\n%s", diff)
	}
	_, callErr = call(t, s.export("whatIf"), `{"command": "kubectl taint pods pg-0 a=b:NoSchedule"}`)
	wantErr := &Error{Message: "invalid resource type pods, only node types are supported", Line: 1, Field: "command"}
	if diff := cmp.Diff(wantErr, callErr); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
}

func TestCheckGoals(t *testing.T) {
	var s Session
	nodes := "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nspec:\n  taints:\n  - {key: team, value: payments, effect: NoSchedule}\n"
	pods := "apiVersion: v1\nkind: Pod\nmetadata: {name: checkout}\n"
	evaluate, _ := json.Marshal(map[string]string{"nodes": nodes, "pods": pods})
	if _, err := call(t, s.export("evaluate"), string(evaluate)); err != nil {
		t.Fatal(err)
	}
	value, callErr := call(t, s.export("checkGoals"), `{"goals": [{"kind": "doesNotFit", "pod": "checkout", "node": "node-1"}, {"kind": "valid"}]}`)
	if callErr != nil {
		t.Fatal(callErr)
	}
	var got []engine.GoalResult
	if err := json.Unmarshal(value, &got); err != nil {
		t.Fatal(err)
	}
	want := []engine.GoalResult{
		{Met: true, Why: "Pod checkout does not fit node node-1: no toleration tolerates the taint team=payments:NoSchedule.",
			WhyMessage: message.New("cell.blocked", "pod", "checkout", "node", "node-1", "taint", "team=payments:NoSchedule")},
		{Met: true, Why: "The API server would accept every object: the input has no errors.", WhyMessage: message.New("goal.valid")},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	_, callErr = call(t, s.export("checkGoals"), `{"goals": [{"kind": "valid"}, {"kind": "fit", "pod": "checkout"}]}`)
	wantErr := &Error{Message: `checkGoals: goals[1].kind: "fit" is not a goal kind`, Field: "goals[1].kind"}
	if diff := cmp.Diff(wantErr, callErr); diff != "" {
		t.Errorf("error (-want +got):\n%s", diff)
	}
}
