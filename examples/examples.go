// Package examples holds Taint Playground's scenarios: real situations, one
// YAML file each, with the text a user would paste, the cluster settings, an
// optional timeline, and the verdicts upstream Kubernetes gives, written by
// hand from its rules. examples_test.go evaluates every file with the engine
// and fails when a verdict differs, so an example cannot drift from it.
//
// # File format
//
//	title: Equal or Exists               # one line for the gallery
//	group: basics                        # one of Groups
//	order: 1                             # position in its group
//	summary: One line for the gallery's list.
//	tags: [scheduling, eviction]         # one or more of Tags
//	explanation: >-                      # 2–5 sentences in our own words
//	  ...
//	settings:                            # core.Options by JSON name;
//	  comparisonOperators: true          # what is left out keeps DefaultOptions
//	nodes: |                             # the Nodes editor's text
//	  kubectl taint nodes node1 key1=value1:NoSchedule
//	pods: |                              # the Pods editor's text
//	  ...
//	events:                              # optional, in time order
//	- at: 600                            # seconds from the clock's start
//	  kubectl: kubectl taint nodes db-1 maintenance=true:NoExecute
//	- at: 900
//	  kind: removeTaint                  # or addTaint, setTolerations, bind
//	  node: worker-1
//	  taint: node.kubernetes.io/unreachable:NoExecute
//	until: 7200                          # end of the clock; simulates when set
//	expect: ...                          # see Expect
//
// An event is either a kubectl taint line, as typed in the page's countdown
// (it becomes one addTaint or removeTaint per taint it changes on each node
// it selects), or one tainteviction.Event written with names: node and pod by name,
// taint in kubectl's key=value:Effect form, tolerations as in a pod spec.
// Use the kind form for changes no person makes, such as the node lifecycle
// controller lifting a condition taint, or a pod being bound.
//
// The title, summary and explanation are English; their translations into
// the page's other languages go in i18n/<language>.yaml (translations.go).
package examples

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

//go:embed *.yaml
var files embed.FS

// Groups are the gallery's sections, from first steps to running a cluster;
// All sorts scenarios in this order.
var Groups = []string{"basics", "placement", "admission", "eviction", "operators"}

// Tags are the topics the gallery filters by; every scenario has at least
// one, and no other.
var Tags = []string{"scheduling", "eviction", "admission", "node conditions", "workloads"}

// Scenario is one example as the page loads it: the editors' text, the full
// settings, and the timeline events in the engine's own form. It marshals to
// JSON for the gallery index.
type Scenario struct {
	// Slug is the file name without .yaml; links name the scenario by it.
	Slug  string `json:"slug"`
	Title string `json:"title"`
	Group string `json:"group"`
	Order int    `json:"order"`
	// Summary is one line under the title in the gallery's list.
	Summary string `json:"summary"`
	// Tags are some of Tags, in the file's order.
	Tags        []string `json:"tags"`
	Explanation string   `json:"explanation"`
	// Translations are Title, Summary and Explanation in the page's other
	// languages, by language code (i18n/<language>.yaml). The page gets
	// them apart, its language's only (cmd/mkdist), so they are not in the
	// scenario's JSON.
	Translations map[string]Texts `json:"-"`
	// Settings are DefaultOptions with the file's settings applied.
	Settings core.Options `json:"settings"`
	Nodes    string       `json:"nodes"`
	Pods     string       `json:"pods"`
	// Events are ready for Workspace.Simulate on the workspace that Nodes,
	// Pods and Settings load into; Until is the end of its clock.
	Events []tainteviction.Event `json:"events,omitempty"`
	Until  float64               `json:"until,omitempty"`
	// Expect is what upstream Kubernetes does with the scenario.
	Expect Expect `json:"-"`
}

// All loads every scenario, sorted by group (in Groups order), then order.
// Every problem in every file is reported, each naming the file and the line.
func All() ([]Scenario, error) {
	scenarios, err := ParseFiles(files, func(name string, data []byte) (Scenario, error) {
		return parse(strings.TrimSuffix(name, ".yaml"), data)
	})
	if err != nil {
		return nil, err
	}
	if err := translate(scenarios); err != nil {
		return nil, err
	}
	sort.SliceStable(scenarios, func(a, b int) bool {
		ga, gb := slices.Index(Groups, scenarios[a].Group), slices.Index(Groups, scenarios[b].Group)
		if ga != gb {
			return ga < gb
		}
		return scenarios[a].Order < scenarios[b].Order
	})
	return scenarios, nil
}

// ParseFiles parses every *.yaml file of fsys, in name order, and reports
// the problems of every file at once, so one run shows all that is wrong.
func ParseFiles[T any](fsys fs.FS, parse func(name string, data []byte) (T, error)) ([]T, error) {
	names, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, err
	}
	var parsed []T
	var errs []error
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		one, err := parse(name, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		parsed = append(parsed, one)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return parsed, nil
}

// Find is the scenario whose slug is given.
func Find(slug string) (Scenario, error) {
	all, err := All()
	if err != nil {
		return Scenario{}, err
	}
	for _, s := range all {
		if s.Slug == slug {
			return s, nil
		}
	}
	return Scenario{}, fmt.Errorf("no example is named %q", slug)
}

// file is a scenario file as written. Settings and tolerations are kept as
// YAML nodes: they decode into engine types, which have JSON names only.
type file struct {
	Title       string      `yaml:"title"`
	Group       string      `yaml:"group"`
	Order       int         `yaml:"order"`
	Summary     string      `yaml:"summary"`
	Tags        []string    `yaml:"tags"`
	Explanation string      `yaml:"explanation"`
	Settings    yaml.Node   `yaml:"settings"`
	Nodes       string      `yaml:"nodes"`
	Pods        string      `yaml:"pods"`
	Events      []eventSpec `yaml:"events"`
	Until       float64     `yaml:"until"`
	Expect      Expect      `yaml:"expect"`
}

// eventSpec is one timeline event as written: a kubectl line, or an
// tainteviction.Event with names.
type eventSpec struct {
	At          float64   `yaml:"at"`
	Kubectl     string    `yaml:"kubectl"`
	Kind        string    `yaml:"kind"`
	Node        string    `yaml:"node"`
	Pod         string    `yaml:"pod"`
	Taint       string    `yaml:"taint"`
	Tolerations yaml.Node `yaml:"tolerations"`
}

// parse reads one scenario file. Unknown keys are errors, as a misspelt
// expectation would otherwise check nothing.
func parse(slug string, data []byte) (Scenario, error) {
	name := slug + ".yaml"
	var f file
	decoder := yaml.NewDecoder(bytes.NewReader(data))
	decoder.KnownFields(true)
	if err := decoder.Decode(&f); err != nil {
		return Scenario{}, fmt.Errorf("%s: %w", name, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return Scenario{}, fmt.Errorf("%s: %w", name, err)
	}
	line := func(path ...any) int { return lineOf(&root, path...) }
	if !slices.Contains(Groups, f.Group) {
		return Scenario{}, fmt.Errorf("%s:%d: group: %q is not one of %s", name, line("group"), f.Group, strings.Join(Groups, ", "))
	}
	if strings.TrimSpace(f.Summary) == "" || strings.Contains(f.Summary, "\n") {
		return Scenario{}, fmt.Errorf("%s:%d: summary: required, on one line", name, line("summary"))
	}
	if len(f.Tags) == 0 {
		return Scenario{}, fmt.Errorf("%s:%d: tags: at least one of %s", name, line("tags"), strings.Join(Tags, ", "))
	}
	for i, tag := range f.Tags {
		if !slices.Contains(Tags, tag) {
			return Scenario{}, fmt.Errorf("%s:%d: tags[%d]: %q is not one of %s", name, line("tags", i), i, tag, strings.Join(Tags, ", "))
		}
	}
	opts, err := ApplySettings(core.DefaultOptions(), &f.Settings)
	if err != nil {
		return Scenario{}, fmt.Errorf("%s:%w", name, err)
	}
	if len(f.Expect.Timeline) > 0 && f.Until <= 0 {
		return Scenario{}, fmt.Errorf("%s:%d: until: required to check expect.timeline", name, line("expect", "timeline"))
	}
	s := Scenario{
		Slug: slug, Title: f.Title, Group: f.Group, Order: f.Order, Summary: f.Summary, Tags: f.Tags, Explanation: f.Explanation,
		Settings: opts, Nodes: f.Nodes, Pods: f.Pods, Until: f.Until, Expect: f.Expect,
	}
	if len(f.Events) > 0 {
		if f.Until <= 0 {
			return Scenario{}, fmt.Errorf("%s:%d: until: required when there are events", name, line("events"))
		}
		ws := engine.Load(f.Nodes, f.Pods, opts)
		if s.Events, err = resolveEvents(ws, f.Events, func(i int) int { return line("events", i) }); err != nil {
			return Scenario{}, fmt.Errorf("%s:%w", name, err)
		}
	}
	return s, nil
}

// ApplySettings applies a file's settings to opts, key by key, so an unknown
// key or a wrong type names its own line.
func ApplySettings(opts core.Options, settings *yaml.Node) (core.Options, error) {
	if settings.Kind == 0 {
		return opts, nil
	}
	if settings.Kind != yaml.MappingNode {
		return opts, fmt.Errorf("%d: settings: must be a mapping of option names to values", settings.Line)
	}
	for i := 0; i+1 < len(settings.Content); i += 2 {
		key := settings.Content[i]
		one := &yaml.Node{Kind: yaml.MappingNode, Content: settings.Content[i : i+2]}
		if err := DecodeJSON(one, &opts); err != nil {
			return opts, fmt.Errorf("%d: settings.%s: %v", key.Line, key.Value, err)
		}
	}
	return opts, nil
}

// DecodeJSON decodes a YAML value into a type that has only JSON names (the
// engine's), rejecting unknown keys.
func DecodeJSON(n *yaml.Node, into any) error {
	var value any
	if err := n.Decode(&value); err != nil {
		return err
	}
	data, err := json.Marshal(value)
	if err != nil {
		return err
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.DisallowUnknownFields()
	return decoder.Decode(into)
}

// lineOf follows mapping keys (string) and sequence indexes (int) from the
// document root and returns the line of the value found, or of the deepest
// value that exists.
func lineOf(root *yaml.Node, path ...any) int {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, step := range path {
		next := child(n, step)
		if next == nil {
			break
		}
		n = next
	}
	return n.Line
}

func child(n *yaml.Node, step any) *yaml.Node {
	switch step := step.(type) {
	case string:
		if n.Kind != yaml.MappingNode {
			return nil
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == step {
				return n.Content[i+1]
			}
		}
	case int:
		if n.Kind == yaml.SequenceNode && step < len(n.Content) {
			return n.Content[step]
		}
	}
	return nil
}
