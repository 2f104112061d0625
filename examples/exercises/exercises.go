// Package exercises holds the workshop's exercises, one YAML file each, in
// order from a first toleration to taint-based evictions. An exercise is a
// starting text the student edits and goals the engine checks live
// (engine.Goal); exercises_test.go checks that no starting text meets its
// goals and that every solution does. The page gets them as exercises.json,
// so the WASM, which checks the goals, never carries the files.
//
// # File format
//
//	title: Your first toleration    # one line for the exercise list
//	order: 1                        # position in the workshop, unique
//	brief: >-                       # the task, in our own words
//	  ...
//	settings: {...}                 # as in package examples: core.Options
//	panels: [settings, clock]       # the page's panels it uses (Panels)
//	nodes: |                        # the starting Nodes editor's text
//	pods: |                         # the starting Pods editor's text
//	goals:                          # what the student must reach
//	- text: checkout may be scheduled on node-1.
//	  check: {kind: fits, pod: checkout, node: node-1}   # an engine.Goal
//	hints: [...]                    # at least two, shown one at a time
//	solution:                       # what solves it; each part left out
//	  settings: {...}               # stays as it starts (settings apply
//	  nodes: |                      # on top of the starting ones)
//	  pods: |
//
// Every exercise also gets a last goal, Valid: a text the API server would
// refuse solves nothing.
//
// The title, brief, goals' texts and hints are English; their translations
// into the page's other languages go in i18n/<language>.yaml
// (translations.go).
package exercises

import (
	"bytes"
	"embed"
	"fmt"
	"slices"
	"sort"
	"strings"

	yaml "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
)

//go:embed *.yaml
var files embed.FS

// Exercise is one exercise as the page loads it.
type Exercise struct {
	// Slug is the file name without its order prefix and .yaml
	// (01-first-toleration.yaml is first-toleration); links name it.
	Slug  string `json:"slug"`
	Title string `json:"title"`
	Order int    `json:"order"`
	Brief string `json:"brief"`
	// Settings are DefaultOptions with the file's settings applied.
	Settings core.Options `json:"settings"`
	Nodes    string       `json:"nodes"`
	Pods     string       `json:"pods"`
	// Panels are the page's panels the exercise uses besides the editors
	// and the verdicts, among Panels; the page keeps the others out of the
	// way while the exercise is open.
	Panels   []string `json:"panels"`
	Goals    []Goal   `json:"goals"`
	Hints    []string `json:"hints"`
	Solution Solution `json:"solution"`
	// Translations are Title, Brief and Hints in the page's other
	// languages, by language code (i18n/<language>.yaml). The page gets
	// them apart, its language's only (cmd/mkdist), so they are not in the
	// exercise's JSON.
	Translations map[string]Texts `json:"-"`
}

// Panels are the page's panels an exercise may use: the cluster settings,
// and the clock of the eviction countdown. The what-if is never part of one.
var Panels = []string{"settings", "clock"}

// Goal is a goal as the student reads it, with the check the engine runs.
type Goal struct {
	Text  string      `json:"text"`
	Check engine.Goal `json:"check"`
	// Translations are Text in the page's other languages.
	Translations map[string]GoalText `json:"-"`
}

// Solution is the whole input that solves an exercise.
type Solution struct {
	Settings core.Options `json:"settings"`
	Nodes    string       `json:"nodes"`
	Pods     string       `json:"pods"`
}

// Valid is the goal every exercise ends with.
var Valid = Goal{
	Text:         "The API server would accept everything: no errors in the editors.",
	Check:        engine.Goal{Kind: engine.GoalValid},
	Translations: validTranslations,
}

// All loads every exercise, in order. Every problem in every file is
// reported, each naming the file and the line.
func All() ([]Exercise, error) {
	all, err := examples.ParseFiles(files, parse)
	if err != nil {
		return nil, err
	}
	if err := translate(all); err != nil {
		return nil, err
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].Order < all[b].Order })
	return all, nil
}

// file is an exercise file as written; settings and goal checks stay YAML
// nodes because they decode into engine types, which have JSON names only.
type file struct {
	Title    string     `yaml:"title"`
	Order    int        `yaml:"order"`
	Brief    string     `yaml:"brief"`
	Settings yaml.Node  `yaml:"settings"`
	Panels   []string   `yaml:"panels"`
	Nodes    string     `yaml:"nodes"`
	Pods     string     `yaml:"pods"`
	Goals    []goalSpec `yaml:"goals"`
	Hints    []string   `yaml:"hints"`
	Solution struct {
		Settings yaml.Node `yaml:"settings"`
		Nodes    string    `yaml:"nodes"`
		Pods     string    `yaml:"pods"`
	} `yaml:"solution"`
}

type goalSpec struct {
	Text  string    `yaml:"text"`
	Check yaml.Node `yaml:"check"`
}

// parse reads one exercise file; unknown keys are errors, as a misspelt goal
// would otherwise check nothing.
func parse(name string, data []byte) (Exercise, error) {
	var f file
	decoder := yaml.NewDecoder(bytes.NewReader(data))
	decoder.KnownFields(true)
	if err := decoder.Decode(&f); err != nil {
		return Exercise{}, fmt.Errorf("%s: %w", name, err)
	}
	settings, err := examples.ApplySettings(core.DefaultOptions(), &f.Settings)
	if err != nil {
		return Exercise{}, fmt.Errorf("%s:%w", name, err)
	}
	solution := Solution{Nodes: f.Solution.Nodes, Pods: f.Solution.Pods}
	if solution.Settings, err = examples.ApplySettings(settings, &f.Solution.Settings); err != nil {
		return Exercise{}, fmt.Errorf("%s:%w", name, err)
	}
	if solution.Nodes == "" {
		solution.Nodes = f.Nodes
	}
	if solution.Pods == "" {
		solution.Pods = f.Pods
	}
	e := Exercise{
		Slug: slug(name), Title: f.Title, Order: f.Order, Brief: f.Brief, Settings: settings,
		Nodes: f.Nodes, Pods: f.Pods, Panels: f.Panels, Hints: f.Hints, Solution: solution,
	}
	if e.Panels == nil {
		e.Panels = []string{}
	}
	for i, panel := range e.Panels {
		if !slices.Contains(Panels, panel) {
			return Exercise{}, fmt.Errorf("%s: panels[%d]: %q is not one of %q", name, i, panel, Panels)
		}
	}
	for i := range f.Goals {
		spec := &f.Goals[i]
		goal := Goal{Text: spec.Text}
		where := fmt.Sprintf("%s:%d: goals[%d]", name, spec.Check.Line, i)
		if err := examples.DecodeJSON(&spec.Check, &goal.Check); err != nil {
			return Exercise{}, fmt.Errorf("%s.check: %v", where, err)
		}
		if err := goal.Check.Validate(); err != nil {
			return Exercise{}, fmt.Errorf("%s.check.%v", where, err)
		}
		if spec.Text == "" {
			return Exercise{}, fmt.Errorf("%s.text: required", where)
		}
		e.Goals = append(e.Goals, goal)
	}
	e.Goals = append(e.Goals, Valid)
	return e, nil
}

// slug drops the order prefix ("01-") and the extension of a file name.
func slug(name string) string {
	name = strings.TrimSuffix(name, ".yaml")
	if prefix, rest, ok := strings.Cut(name, "-"); ok && strings.Trim(prefix, "0123456789") == "" {
		return rest
	}
	return name
}
