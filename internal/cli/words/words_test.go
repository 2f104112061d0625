package words

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// TestEveryLanguageHasEveryWord fails when a language lacks an ID of the
// English words or holds one English lacks, when a template is empty, or
// when it has other placeholders than the English one, or another number
// of tabs (the cells of a table's headings).
func TestEveryLanguageHasEveryWord(t *testing.T) {
	english, err := Templates("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(english) == 0 {
		t.Fatal("no English words")
	}
	for _, language := range catalog.Languages {
		c, err := Templates(language)
		if err != nil {
			t.Fatal(err)
		}
		for id, want := range english {
			got, ok := c[id]
			switch {
			case !ok || strings.TrimSpace(got) == "":
				t.Errorf("%s: %s has no template", language, id)
			case !slices.Equal(Placeholders(got), Placeholders(want)):
				t.Errorf("%s: %s has placeholders %v, English has %v", language, id, Placeholders(got), Placeholders(want))
			case strings.Count(got, "\t") != strings.Count(want, "\t"):
				t.Errorf("%s: %s has %d cells, English has %d", language, id, strings.Count(got, "\t")+1, strings.Count(want, "\t")+1)
			}
		}
		for id := range c {
			if _, ok := english[id]; !ok {
				t.Errorf("%s: %s is not an English word", language, id)
			}
		}
	}
}

// TestLoadRefusesAnUnknownLanguage checks that a language without words is
// an error, not words that say every ID as itself.
func TestLoadRefusesAnUnknownLanguage(t *testing.T) {
	if _, err := Load("fr"); err == nil {
		t.Error(`Load("fr") succeeded`)
	}
	w, err := Load("ja")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := w.Say("explain.no-taints", "node", "node1"), "Node node1にはTaintがありません。"; got != want {
		t.Errorf("Say = %q, want %q", got, want)
	}
}

// TestSayIsRender says every word of every language, its placeholders
// filled, then without arguments, and an ID no language has: Say must
// write what message.Catalog.Render writes of the same template.
func TestSayIsRender(t *testing.T) {
	for _, language := range catalog.Languages {
		templates, err := Templates(language)
		if err != nil {
			t.Fatal(err)
		}
		w, err := Load(language)
		if err != nil {
			t.Fatal(err)
		}
		c := message.Catalog{}
		for id, template := range templates {
			c[message.ID(id)] = template
		}
		for id, template := range templates {
			var args []string
			for _, name := range Placeholders(template) {
				args = append(args, name, "<"+name+">")
			}
			for _, args := range [][]string{args, nil} {
				if got, want := w.Say(id, args...), c.Render(message.New(message.ID(id), args...)); got != want {
					t.Errorf("%s %s: Say = %q, Render = %q", language, id, got, want)
				}
			}
		}
		if got := w.Say("no.such.word"); got != "no.such.word" {
			t.Errorf("%s: an unknown ID says %q", language, got)
		}
	}
}

// FuzzSayIsRender holds Say to message.Catalog.Render on any template and
// argument: unclosed braces, empty names, {name|lower}.
func FuzzSayIsRender(f *testing.F) {
	f.Add("a {x} b", "x", "1")
	f.Add("{x|lower} and {y", "x", "Value")
	f.Add("{} {{x}}", "", "empty")
	f.Fuzz(func(t *testing.T, template, name, value string) {
		w := Words{"id": split(template)}
		c := message.Catalog{"id": template}
		if got, want := w.Say("id", name, value), c.Render(message.New("id", name, value)); got != want {
			t.Errorf("template %q, %s=%q: Say = %q, Render = %q", template, name, value, got, want)
		}
	})
}

// TestNotInWASM checks that the WASM links no words: the page's are
// web/static/i18n's.
func TestNotInWASM(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "../../../wasm")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/taint-playground/taint-playground/engine") {
		t.Fatalf("go list -deps ../../../wasm does not list the engine: the check looks at the wrong package\n%s", out)
	}
	if self := "github.com/taint-playground/taint-playground/internal/cli/words"; slices.Contains(deps, self) {
		t.Errorf("the WASM links %s", self)
	}
}
