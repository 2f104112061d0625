package engine_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// deviceMessages collects every message of the verdicts.
func deviceMessages(verdicts []engine.PodDevices) []message.Message {
	var out []message.Message
	for _, pd := range verdicts {
		out = append(out, pd.Reason)
		for _, c := range pd.Claims {
			out = append(out, c.Reason)
			for _, r := range c.Requests {
				for _, d := range r.Devices {
					if d.Reason != nil {
						out = append(out, *d.Reason)
					}
					for _, t := range d.Taints {
						out = append(out, t.Reason)
					}
				}
			}
		}
	}
	return out
}

var placeholderPattern = regexp.MustCompile(`\{[a-zA-Z]+\}`)

// checkRendered fails unless every message has a template in every
// language and gives exactly the arguments the English template names, each
// non-empty, so that no rendering shows a raw placeholder or drops a value.
func checkRendered(t *testing.T, verdicts []engine.PodDevices) {
	t.Helper()
	checkMessages(t, deviceMessages(verdicts))
}

func checkMessages(t *testing.T, messages []message.Message) {
	t.Helper()
	catalogs := map[string]message.Catalog{}
	for _, language := range catalog.Languages {
		c, err := catalog.Load(language)
		if err != nil {
			t.Fatal(err)
		}
		catalogs[language] = c
	}
	for _, m := range messages {
		var names []string
		for _, p := range placeholderPattern.FindAllString(catalogs["en"][m.ID], -1) {
			names = append(names, strings.Trim(p, "{}"))
		}
		var args []string
		for name, value := range m.Args {
			args = append(args, name)
			if value == "" {
				t.Errorf("%s: argument %s is empty", m.ID, name)
			}
		}
		slices.Sort(names)
		names = slices.Compact(names)
		slices.Sort(args)
		if !slices.Equal(names, args) {
			t.Errorf("%s: arguments %v, the template names %v", m.ID, args, names)
		}
		for language, c := range catalogs {
			if _, ok := c[m.ID]; !ok {
				t.Errorf("%s: no %s template", m.ID, language)
			}
			if got := c.Render(m); placeholderPattern.MatchString(got) {
				t.Errorf("%s in %s leaves a placeholder: %s", m.ID, language, got)
			}
		}
	}
}
