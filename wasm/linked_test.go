//go:build !js

package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/taint-playground/taint-playground/internal/bench"
)

// TestChromaNotLinked checks that chroma and regexp2, the regular-expression
// engine of chroma's regex lexers, are not in the WASM. The highlighter lexes
// by hand (issue 12) with token types of its own (highlight's tokens.go), and
// writes chroma's markup itself, so nothing the WASM runs needs chroma; chroma
// runs as itself in package wasm/highlight/chromatoken, which the command line and
// the tests use. Linked, chroma cost a 59.5 KB function for its package
// initialisation alone, and that initialisation kept regexp2's compiler
// linked (its serialisation templates' itabs reach (*regexp2.Regexp).UnmarshalText
// through encoding.TextUnmarshaler): the build used to patch chroma and stub
// regexp2 to drop them. yaml.v3's encoder and emitter must stay out too:
// package yamlfmt writes YAML with an emitter of its own, and only yaml.v3's
// decoder is linked. The WASM is built as make wasm builds it, but keeping
// the function names (no -s -w) to read them; go list -deps, which names the
// imports whether or not the linker keeps them, must not name chroma either.
func TestChromaNotLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM")
	}
	list := exec.Command("go", "list", "-deps", ".")
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	deps, err := list.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(deps)) {
		if strings.Contains(dep, "alecthomas/chroma") || strings.Contains(dep, "dlclark/regexp2") {
			t.Errorf("package wasm depends on %s", dep)
		}
	}
	bodies, err := bench.WASMFunctions("..")
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{}
	for name, body := range bodies {
		sizes[name] = len(body)
	}
	// The name section spells (*T).M as __T_.M, and the characters of an
	// import path other than letters, digits and dots as underscores.
	matching := func(prefix string) (names []string, size int) {
		prefix = strings.Map(func(r rune) rune {
			if r == '.' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
				return r
			}
			return '_'
		}, prefix)
		for name, s := range sizes {
			if strings.HasPrefix(name, prefix) {
				names = append(names, name)
				size += s
			}
		}
		slices.Sort(names)
		return names, size
	}
	// The highlighter and yaml.v3's parser are linked: the names are read right.
	for _, present := range []string{
		"github.com/taint-playground/taint-playground/wasm/highlight.", "go.yaml.in/yaml/v3.yaml_parser_parse",
	} {
		if names, _ := matching(present); len(names) == 0 {
			t.Errorf("no function %s* in the WASM: are the names read right?", present)
		}
	}
	for _, gone := range []string{
		"github.com/alecthomas/chroma", "github.com/dlclark/regexp2",
		"go.yaml.in/yaml/v3.(*encoder).", "go.yaml.in/yaml/v3.yaml_emitter_", "go.yaml.in/yaml/v3.NewEncoder",
	} {
		if names, size := matching(gone); len(names) > 0 {
			t.Errorf("%d functions %s* (%d bytes of code) are in the WASM:\n%s", len(names), gone, size, strings.Join(names, "\n"))
		}
	}
}
