package examples

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// header is the start of a valid scenario file; cases append to it.
const header = `title: t
group: basics
summary: s.
tags: [eviction]
explanation: e.
nodes: |
  apiVersion: v1
  kind: Node
  metadata:
    name: node-a
    labels: {pool: spot}
  ---
  apiVersion: v1
  kind: Node
  metadata:
    name: node-b
    labels: {pool: spot}
pods: |
  apiVersion: v1
  kind: Pod
  metadata:
    name: web
  spec:
    nodeName: node-a
`

// TestParseErrors checks that every mistake in a scenario file is reported
// with the file, the line and the field.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{name: "misspelt top-level key", text: header + "untill: 60\n", want: "x.yaml: yaml: unmarshal errors:\n  line 25: field untill not found"},
		{name: "misspelt expectation", text: header + "expect:\n  cell: []\n", want: "line 26: field cell not found"},
		{name: "unknown group", text: strings.Replace(header, "group: basics", "group: misc", 1), want: `x.yaml:2: group: "misc" is not one of basics, placement`},
		{name: "no tags", text: strings.Replace(header, "tags: [eviction]\n", "", 1), want: "x.yaml:1: tags: at least one of scheduling, eviction, admission, node conditions, workloads"},
		{name: "an unknown tag", text: strings.Replace(header, "tags: [eviction]", "tags: [eviction,\n  networking]", 1), want: `x.yaml:5: tags[1]: "networking" is not one of scheduling`},
		{name: "no summary", text: strings.Replace(header, "summary: s.\n", "", 1), want: "x.yaml:1: summary: required, on one line"},
		{name: "unknown setting", text: header + "settings:\n  comparisonOperator: true\n", want: `x.yaml:26: settings.comparisonOperator: json: unknown field "comparisonOperator"`},
		{name: "setting of the wrong type", text: header + "settings:\n  conditionTaints: true\n  notReadySeconds: soon\n", want: "x.yaml:27: settings.notReadySeconds: json: cannot unmarshal string"},
		{name: "settings that are not a mapping", text: header + "settings: [true]\n", want: "x.yaml:25: settings: must be a mapping"},
		{name: "events without until", text: header + "events:\n- {at: 1, kubectl: kubectl taint nodes node-a k=v:NoExecute}\n", want: "x.yaml:26: until: required when there are events"},
		{name: "a timeline without until", text: header + "expect:\n  timeline:\n  - {at: 0, kind: evicted, pod: web}\n", want: "x.yaml:27: until: required to check expect.timeline"},
		{
			name: "events out of order",
			text: header + "until: 60\nevents:\n- {at: 10, kubectl: kubectl taint nodes node-a k=v:NoExecute}\n- {at: 5, kubectl: kubectl taint nodes node-a k-}\n",
			want: "x.yaml:28: events[1].at: 5 s comes before the previous event's 10 s",
		},
		{
			name: "a kubectl line kubectl rejects",
			text: header + "until: 60\nevents:\n- {at: 1, kubectl: kubectl taint nodes node-9 k=v:NoExecute}\n",
			want: `x.yaml:27: events[0].kubectl: nodes "node-9" not found`,
		},
		{
			name: "a kubectl line that is not one",
			text: header + "until: 60\nevents:\n- {at: 1, kubectl: kubectl cordon node-a}\n",
			want: "x.yaml:27: events[0].kubectl: not a kubectl taint command",
		},
		{
			name: "a kubectl event with other fields",
			text: header + "until: 60\nevents:\n- {at: 1, kubectl: kubectl taint nodes node-a k=v:NoExecute, pod: web}\n",
			want: "x.yaml:27: events[0]: a kubectl event has only at and kubectl",
		},
		{
			name: "removing a taint the node does not have",
			text: header + "until: 60\nevents:\n- {at: 1, kind: removeTaint, node: node-a, taint: k:NoExecute}\n",
			want: `x.yaml:27: events[0].node: taint "k:NoExecute" not found`,
		},
		{
			name: "a taint without an effect",
			text: header + "until: 60\nevents:\n- {at: 1, kind: addTaint, node: node-a, taint: k=v}\n",
			want: "x.yaml:27: events[0].taint: invalid taint spec: k=v",
		},
		{
			name: "a taint removal in a taint field",
			text: header + "until: 60\nevents:\n- {at: 1, kind: addTaint, node: node-a, taint: k-}\n",
			want: `x.yaml:27: events[0].taint: "k-" is not key=value:Effect or key:Effect`,
		},
		{
			name: "unknown kind",
			text: header + "until: 60\nevents:\n- {at: 1, kind: cordon, node: node-a}\n",
			want: `x.yaml:27: events[0].kind: "cordon" is not one of addTaint, removeTaint, setTolerations, bind`,
		},
		{
			name: "an unknown pod",
			text: header + "until: 60\nevents:\n- {at: 1, kind: bind, pod: api, node: node-a}\n",
			want: `x.yaml:27: events[0].pod: no pod is named "api"`,
		},
		{
			name: "a bind to an unknown node",
			text: header + "until: 60\nevents:\n- {at: 1, kind: bind, pod: web, node: node-9}\n",
			want: `x.yaml:27: events[0].node: no node is named "node-9"`,
		},
		{
			name: "a misspelt toleration field",
			text: header + "until: 60\nevents:\n- at: 1\n  kind: setTolerations\n  pod: web\n  tolerations: [{key: k, operater: Exists}]\n",
			want: `x.yaml:27: events[0].tolerations: json: unknown field "operater"`,
		},
		{
			name: "setTolerations without a list",
			text: header + "until: 60\nevents:\n- {at: 1, kind: setTolerations, pod: web}\n",
			want: "x.yaml:27: events[0].tolerations: setTolerations needs pod and a list of tolerations",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse("x", []byte(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("parse() error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestParseEvents checks how events become engine.Events: names become
// indexes, and taint changes are what kubectl would do to the nodes as the
// earlier events left them.
func TestParseEvents(t *testing.T) {
	seconds := func(s int64) *int64 { return &s }
	tests := []struct {
		name   string
		events string
		want   []tainteviction.Event
	}{
		{
			name:   "a selector becomes one event per matching node",
			events: "- {at: 5, kubectl: kubectl taint nodes -l pool=spot k=v:NoExecute}\n",
			want: []tainteviction.Event{
				{At: 5, Kind: tainteviction.EventAddTaint, Node: "node-a", Taint: &core.Taint{Key: "k", Value: "v", Effect: core.TaintEffectNoExecute}},
				{At: 5, Kind: tainteviction.EventAddTaint, Node: "node-b", Taint: &core.Taint{Key: "k", Value: "v", Effect: core.TaintEffectNoExecute}},
			},
		},
		{
			name: "a key-only removal removes every effect the node has for the key",
			events: "- {at: 1, kubectl: kubectl taint nodes node-a k=v:NoExecute k=v:NoSchedule}\n" +
				"- {at: 2, kubectl: kubectl taint nodes node-a k-}\n",
			want: []tainteviction.Event{
				{At: 1, Kind: tainteviction.EventAddTaint, Node: "node-a", Taint: &core.Taint{Key: "k", Value: "v", Effect: core.TaintEffectNoExecute}},
				{At: 1, Kind: tainteviction.EventAddTaint, Node: "node-a", Taint: &core.Taint{Key: "k", Value: "v", Effect: core.TaintEffectNoSchedule}},
				{At: 2, Kind: tainteviction.EventRemoveTaint, Node: "node-a", Taint: &core.Taint{Key: "k", Effect: core.TaintEffectNoExecute}},
				{At: 2, Kind: tainteviction.EventRemoveTaint, Node: "node-a", Taint: &core.Taint{Key: "k", Effect: core.TaintEffectNoSchedule}},
			},
		},
		{
			name: "a replacement in one command adds before it removes",
			events: "- {at: 1, kind: addTaint, node: node-a, taint: old=x:NoExecute}\n" +
				"- {at: 2, kubectl: kubectl taint nodes node-a old:NoExecute- new=y:NoExecute}\n",
			want: []tainteviction.Event{
				{At: 1, Kind: tainteviction.EventAddTaint, Node: "node-a", Taint: &core.Taint{Key: "old", Value: "x", Effect: core.TaintEffectNoExecute}},
				{At: 2, Kind: tainteviction.EventAddTaint, Node: "node-a", Taint: &core.Taint{Key: "new", Value: "y", Effect: core.TaintEffectNoExecute}},
				{At: 2, Kind: tainteviction.EventRemoveTaint, Node: "node-a", Taint: &core.Taint{Key: "old", Effect: core.TaintEffectNoExecute}},
			},
		},
		{
			name: "--overwrite with a new value is one addition",
			events: "- {at: 1, kubectl: kubectl taint nodes node-b k=v:NoExecute}\n" +
				"- {at: 2, kubectl: kubectl taint nodes node-b k=w:NoExecute --overwrite}\n" +
				"- {at: 3, kind: removeTaint, node: node-b, taint: k:NoExecute}\n",
			want: []tainteviction.Event{
				{At: 1, Kind: tainteviction.EventAddTaint, Node: "node-b", Taint: &core.Taint{Key: "k", Value: "v", Effect: core.TaintEffectNoExecute}},
				{At: 2, Kind: tainteviction.EventAddTaint, Node: "node-b", Taint: &core.Taint{Key: "k", Value: "w", Effect: core.TaintEffectNoExecute}},
				{At: 3, Kind: tainteviction.EventRemoveTaint, Node: "node-b", Taint: &core.Taint{Key: "k", Effect: core.TaintEffectNoExecute}},
			},
		},
		{
			name: "pods are named and events carry their index",
			events: "- {at: 1, kind: bind, pod: api, node: node-b}\n" +
				"- at: 2\n  kind: setTolerations\n  pod: api\n  tolerations:\n  - {key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 60}\n",
			want: []tainteviction.Event{
				{At: 1, Kind: tainteviction.EventBind, Pod: 1, Node: "node-b"},
				{At: 2, Kind: tainteviction.EventSetTolerations, Pod: 1, Tolerations: []core.Toleration{
					{Key: "k", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: seconds(60)},
				}},
			},
		},
	}
	const api = "  ---\n  apiVersion: v1\n  kind: Pod\n  metadata:\n    name: api\n"
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := parse("x", []byte(header+api+"until: 60\nevents:\n"+tc.events))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, s.Events); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseSettings checks that settings start from DefaultOptions and change
// only what the file names.
func TestParseSettings(t *testing.T) {
	s, err := parse("x", []byte(header+"settings:\n  comparisonOperators: true\n  notReadySeconds: 60\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := core.DefaultOptions()
	want.ComparisonOperators = true
	want.NotReadySeconds = 60
	if diff := cmp.Diff(want, s.Settings); diff != "" {
		t.Errorf("settings (-want +got):\n%s", diff)
	}
}

// TestScenarioJSON checks the shape the gallery index relies on.
func TestScenarioJSON(t *testing.T) {
	s, err := parse("x", []byte(header+"until: 60\nevents:\n- {at: 1, kubectl: kubectl taint nodes node-a k=v:NoExecute}\n"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	var got []string
	for key := range fields {
		got = append(got, key)
	}
	slices.Sort(got)
	want := []string{"events", "explanation", "group", "nodes", "order", "pods", "settings", "slug", "summary", "tags", "title", "until"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON keys (-want +got):\n%s", diff)
	}
}

// FuzzParse checks that no scenario file, however broken, makes parse panic,
// that an error names the file, and that a file it accepts marshals for the
// gallery to JSON that reads back as the same scenario (Expect is not in it).
func FuzzParse(f *testing.F) {
	names, err := fs.Glob(files, "*.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range names {
		data, err := files.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("title: x\ngroup: nowhere\n"))
	f.Add([]byte(header + "until: 60\nevents:\n- {at: 1, kind: bind, pod: nowhere}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parse("fuzz", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.yaml:") {
				t.Errorf("the error %q does not name the file", err)
			}
			return
		}
		gallery, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("an accepted scenario does not marshal: %v", err)
		}
		var read Scenario
		if err := json.Unmarshal(gallery, &read); err != nil {
			t.Fatalf("the gallery's JSON does not read back: %v\n%s", err, gallery)
		}
		s.Expect = Expect{}
		if diff := cmp.Diff(s, read); diff != "" {
			t.Errorf("the gallery's JSON reads back as another scenario (-parsed +gallery):\n%s", diff)
		}
	})
}
