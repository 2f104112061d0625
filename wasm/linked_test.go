//go:build !js

package main

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/taint-playground/taint-playground/internal/bench"
)

// TestRegexEngineNotLinked checks that regexp2, the regular-expression engine
// of chroma's regex lexers, is not in the WASM: the highlighter's lexer is
// written out by hand (issue 12). go list -deps still names regexp2, as
// chroma's root package imports it. Its compiler stayed linked until make
// wasm built with internal/lazychroma's module file; the chain, from go build
// -ldflags=-dumpdep: chroma's serialise.go builds mutatorTemplates, a map of
// SerialisableMutator values, when the package initialises; the itab of
// *includeMutator marks SerialisableMutator's method types usable in
// interfaces, and with them *LexerState, CompiledRules, *CompiledRule and
// *regexp2.Regexp; encoding/json (for sigs.k8s.io/yaml) and yaml.v2 and v3
// call encoding.TextUnmarshaler, so the linker kept (*Regexp).UnmarshalText
// and the compiler behind it (515 KB of code before compression with Go
// 1.26, 116 KB of the brotli). Now regexp2 is internal/lazychroma/regexp2stub
// there, and no function of it may be linked: the stand-in matches nothing.
// Chroma's regex lexer must be gone too. So must yaml.v3's encoder and emitter: package
// yamlfmt writes YAML with an emitter of its own, and only yaml.v3's decoder
// is linked. The WASM is built as make wasm builds it, but keeping the
// function names (no -s -w) to read them.
func TestRegexEngineNotLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM")
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
	// The highlighter and chroma's token types are linked: the names are read
	// right. (Chroma's HTML formatter is not: the highlighter writes its markup.)
	for _, present := range []string{
		"github.com/taint-playground/taint-playground/highlight.", "github.com/alecthomas/chroma/v2.TokenType.",
		"go.yaml.in/yaml/v3.yaml_parser_parse",
	} {
		if names, _ := matching(present); len(names) == 0 {
			t.Errorf("no function %s* in the WASM: are the names read right?", present)
		}
	}
	for _, gone := range []string{
		"github.com/dlclark/regexp2/v2.__Regexp_.run", "github.com/dlclark/regexp2/v2.__Runner_.",
		"github.com/dlclark/regexp2/v2.Compile", "github.com/dlclark/regexp2/v2/syntax.Parse",
		"github.com/alecthomas/chroma/v2.__RegexLexer_.Tokenise", "github.com/alecthomas/chroma/v2.__LexerState_.",
		"github.com/alecthomas/chroma/v2.matchRules",
		"go.yaml.in/yaml/v3.(*encoder).", "go.yaml.in/yaml/v3.yaml_emitter_", "go.yaml.in/yaml/v3.NewEncoder",
	} {
		if names, size := matching(gone); len(names) > 0 {
			t.Errorf("%d functions %s* (%d bytes of code) are in the WASM:\n%s", len(names), gone, size, strings.Join(names, "\n"))
		}
	}
	// Not even the stand-in's functions: nothing in the WASM calls regexp2.
	if names, size := matching("github.com/dlclark/regexp2"); len(names) > 0 {
		t.Errorf("%d functions of regexp2 (%d bytes of code) are in the WASM:\n%s", len(names), size, strings.Join(names, "\n"))
	}
}
