package exercises

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestAll checks what the workshop needs from every file: a title, a brief,
// a goal of its own besides Valid, two hints or more, a solution that changes
// something, a place of its own in the order, and the panels it uses listed:
// the settings when its settings are not a default cluster's or its solution
// changes them, the clock when a goal is about an eviction.
func TestAll(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 8 {
		t.Errorf("got %d exercises, want at least 8", len(all))
	}
	slugs := map[string]bool{}
	for i, e := range all {
		t.Run(e.Slug, func(t *testing.T) {
			if e.Title == "" || e.Brief == "" || e.Nodes == "" || e.Pods == "" {
				t.Errorf("title, brief, nodes and pods are required; got title %q, brief %q, %d bytes of nodes, %d bytes of pods",
					e.Title, e.Brief, len(e.Nodes), len(e.Pods))
			}
			if len(e.Goals) < 2 {
				t.Errorf("has %d goals, want one of its own and Valid", len(e.Goals))
			}
			if len(e.Hints) < 2 {
				t.Errorf("has %d hints, want at least 2", len(e.Hints))
			}
			if e.Solution.Nodes == e.Nodes && e.Solution.Pods == e.Pods && e.Solution.Settings == e.Settings {
				t.Error("the solution changes nothing")
			}
			settings := e.Settings != core.DefaultOptions() || e.Solution.Settings != e.Settings
			if settings && !slices.Contains(e.Panels, "settings") {
				t.Errorf("its settings are not the defaults or its solution changes them, yet panels %q lacks settings", e.Panels)
			}
			evictions := slices.ContainsFunc(e.Goals, func(g Goal) bool { return g.Check.Kind == engine.GoalEviction })
			if evictions && !slices.Contains(e.Panels, "clock") {
				t.Errorf("a goal is about an eviction, yet panels %q lacks clock", e.Panels)
			}
			if slugs[e.Slug] {
				t.Errorf("slug %s is used twice", e.Slug)
			}
			slugs[e.Slug] = true
			if i > 0 && e.Order <= all[i-1].Order {
				t.Errorf("order %d comes after %s's %d: orders must be unique", e.Order, all[i-1].Slug, all[i-1].Order)
			}
		})
	}
}

// TestStartDoesNotMeetTheGoals loads every starting text and checks its
// goals with the engine: it must be valid input (students start from
// something the API server accepts) and meet fewer than half of its goals,
// so that a student opens an exercise with most of the work ahead, not at
// "3 of 4 goals met".
func TestStartDoesNotMeetTheGoals(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range all {
		t.Run(e.Slug, func(t *testing.T) {
			results := check(t, engine.Load(e.Nodes, e.Pods, e.Settings), e.Goals)
			var met []string
			for i, r := range results {
				if r.Met {
					met = append(met, e.Goals[i].Text)
				}
				if e.Goals[i].Check.Kind == engine.GoalValid && !r.Met {
					t.Errorf("the starting text is invalid: %s", r.Why)
				}
			}
			if 2*len(met) >= len(results) {
				t.Errorf("the starting text meets %d of %d goals; want fewer than half. Met: %q", len(met), len(results), met)
			}
		})
	}
}

// TestSolutionMeetsTheGoals loads every solution and wants every goal met.
func TestSolutionMeetsTheGoals(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range all {
		t.Run(e.Slug, func(t *testing.T) {
			s := e.Solution
			for i, r := range check(t, engine.Load(s.Nodes, s.Pods, s.Settings), e.Goals) {
				if !r.Met {
					t.Errorf("goal %q is not met: %s", e.Goals[i].Text, r.Why)
				}
			}
		})
	}
}

func check(t *testing.T, ws *engine.Workspace, goals []Goal) []engine.GoalResult {
	t.Helper()
	checks := make([]engine.Goal, len(goals))
	for i := range goals {
		checks[i] = goals[i].Check
	}
	results, err := ws.CheckGoals(checks)
	if err != nil {
		t.Fatal(err)
	}
	return results
}

// minimal is the start of a valid exercise file; cases append to it.
const minimal = `title: t
order: 1
brief: b.
nodes: "kind: Node"
pods: "kind: Pod"
`

// TestParseErrors checks that a mistake in an exercise file names the file,
// the line and the field.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{name: "misspelt key", text: minimal + "hint: [a]\n", want: "01-x.yaml: yaml: unmarshal errors:\n  line 6: field hint not found"},
		{name: "unknown goal field", text: minimal + "goals:\n- text: a\n  check: {kind: fits, pod: p, nod: n}\n",
			want: `01-x.yaml:8: goals[0].check: json: unknown field "nod"`},
		{name: "malformed goal", text: minimal + "goals:\n- text: a\n  check: {kind: fits, pod: p}\n",
			want: "01-x.yaml:8: goals[0].check.node: required for a fits goal"},
		{name: "goal without text", text: minimal + "goals:\n- check: {kind: valid}\n",
			want: "01-x.yaml:7: goals[0].text: required"},
		{name: "unknown panel", text: minimal + "panels: [settings, whatif]\n",
			want: `01-x.yaml: panels[1]: "whatif" is not one of ["settings" "clock"]`},
		{name: "unknown solution setting", text: minimal + "solution:\n  settings:\n    notReady: 60\n",
			want: `01-x.yaml:8: settings.notReady: json: unknown field "notReady"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse("01-x.yaml", []byte(tc.text))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got error %v; want it to start with %q", err, tc.want)
			}
		})
	}
}

// TestParseSolutionDefaults checks that a solution keeps the starting text
// it leaves out, and applies its settings on top of the starting ones.
func TestParseSolutionDefaults(t *testing.T) {
	text := minimal + "settings:\n  podTolerationRestriction: true\nsolution:\n  settings:\n    notReadySeconds: 60\n  pods: \"kind: List\"\n"
	e, err := parse("07-some-thing.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := core.DefaultOptions()
	want.PodTolerationRestriction = true
	want.NotReadySeconds = 60
	got := struct {
		Slug  string
		Sol   Solution
		Goals []Goal
	}{e.Slug, e.Solution, e.Goals}
	wantAll := struct {
		Slug  string
		Sol   Solution
		Goals []Goal
	}{"some-thing", Solution{Settings: want, Nodes: "kind: Node", Pods: "kind: List"}, []Goal{Valid}}
	if diff := cmp.Diff(wantAll, got); diff != "" {
		t.Errorf("exercise (-want +got):\n%s", diff)
	}
}
