package lazychroma

import (
	"strings"
	"testing"
)

// serialiseLike is the shape of chroma's serialise.go that lazyTemplates
// rewrites: two maps built at init by calling a function literal, read by
// indexing.
const serialiseLike = `package chroma

var (
	emitterTemplates = func() map[string]int {
		return map[string]int{"token": 1}
	}()
	mutatorTemplates = func() map[string]int {
		return map[string]int{"push": 2}
	}()
)

func emitter(kind string) int {
	e, _ := emitterTemplates[kind]
	return e
}

func mutator(kind string) int { return mutatorTemplates[kind] }
`

func TestLazyTemplates(t *testing.T) {
	out, err := lazyTemplates("serialise.go", []byte(serialiseLike))
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		"emitterTemplates = func() map[string]int {",
		"mutatorTemplates = func() map[string]int {",
		"e, _ := emitterTemplates()[kind]",
		"return mutatorTemplates()[kind]",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the rewrite lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "}()") {
		t.Errorf("a table is still built at init:\n%s", got)
	}
}

// TestLazyTemplatesRefusesOtherCode: a chroma whose serialise.go changed in
// a way the rewrite does not know fails the build, naming what it missed.
func TestLazyTemplatesRefusesOtherCode(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"a table gone", "mutatorTemplates = func", "otherTemplates = func", "no package-level mutatorTemplates"},
		{"a table built otherwise", "emitterTemplates = func() map[string]int {\n\t\treturn map[string]int{\"token\": 1}\n\t}()", `emitterTemplates = map[string]int{"token": 1}`, "emitterTemplates is no longer built by calling a function literal"},
		{"a table ranged over", "func mutator(kind string) int { return mutatorTemplates[kind] }", "func mutator(kind string) int { return len(mutatorTemplates) }", "mutatorTemplates is used other than by indexing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			source := strings.Replace(serialiseLike, c.from, c.to, 1)
			if source == serialiseLike {
				t.Fatalf("the case does not change the source")
			}
			_, err := lazyTemplates("serialise.go", []byte(source))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got error %v; want one saying %q", err, c.want)
			}
		})
	}
}
