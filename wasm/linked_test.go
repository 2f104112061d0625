//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// TestRegexEngineNotLinked checks that regexp2, the regular-expression engine
// of chroma's regex lexers, does not run in the WASM: the highlighter's lexer
// is written out by hand (issue 12). go list -deps still names regexp2, as
// chroma's root package imports it, and part of it stays linked: chroma's
// package initialisation puts *regexp2.Regexp within reach of reflection,
// and sigs.k8s.io/yaml calls encoding.TextUnmarshaler, so the linker keeps
// (*Regexp).UnmarshalText and the compiler behind it (515 KB of code before
// compression with Go 1.26). The matcher, and chroma's regex lexer that calls
// it, must be gone. The WASM is built as make wasm builds it, but keeping the
// function names (no -s -w) to read them.
func TestRegexEngineNotLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM")
	}
	out := filepath.Join(t.TempDir(), "taint-playground.wasm")
	build := exec.Command("go", "build", "-trimpath", "-o", out, ".")
	build.Env = append(build.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	module, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	sizes, err := functionSizes(module)
	if err != nil {
		t.Fatal(err)
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
	// The highlighter and chroma's formatter are linked: the names are read right.
	for _, present := range []string{"github.com/taint-playground/taint-playground/highlight.", "github.com/alecthomas/chroma/v2/formatters/html."} {
		if names, _ := matching(present); len(names) == 0 {
			t.Errorf("no function %s* in the WASM: are the names read right?", present)
		}
	}
	for _, gone := range []string{
		"github.com/dlclark/regexp2/v2.__Regexp_.run", "github.com/dlclark/regexp2/v2.__Runner_.",
		"github.com/alecthomas/chroma/v2.__RegexLexer_.Tokenise", "github.com/alecthomas/chroma/v2.__LexerState_.",
		"github.com/alecthomas/chroma/v2.matchRules",
	} {
		if names, size := matching(gone); len(names) > 0 {
			t.Errorf("%d functions %s* (%d bytes of code) are in the WASM:\n%s", len(names), gone, size, strings.Join(names, "\n"))
		}
	}
	const compilerBytes = 560_000
	names, size := matching("github.com/dlclark/regexp2")
	if size > compilerBytes {
		t.Errorf("regexp2 has %d bytes of code in the WASM (%d functions); its compiler alone had 515 KB", size, len(names))
	}
	t.Logf("regexp2 left in the WASM: %d functions, %d bytes of code", len(names), size)
}

// functionSizes reads a WebAssembly module's function names (its "name"
// section) and the size of each function's code.
func functionSizes(module []byte) (map[string]int, error) {
	if !bytes.HasPrefix(module, []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("not a WebAssembly module")
	}
	r := &wasmReader{data: module[8:]}
	imported := 0
	var codeSizes []int
	names := map[int]string{}
	for len(r.data) > 0 {
		id := r.byte()
		section := &wasmReader{data: r.bytes(int(r.uint()))}
		switch id {
		case 2: // imports: functions among them take the first indices
			for range section.uint() {
				section.bytes(int(section.uint()))
				section.bytes(int(section.uint()))
				switch kind := section.byte(); kind {
				case 0:
					imported++
					section.uint()
				case 1:
					section.byte()
					section.limits()
				case 2:
					section.limits()
				case 3:
					section.bytes(2)
				}
			}
		case 10: // code
			for range section.uint() {
				size := int(section.uint())
				section.bytes(size)
				codeSizes = append(codeSizes, size)
			}
		case 0: // custom: "name" holds the function names
			if string(section.bytes(int(section.uint()))) != "name" {
				continue
			}
			for len(section.data) > 0 && section.err == nil {
				sub := section.byte()
				content := &wasmReader{data: section.bytes(int(section.uint()))}
				if sub != 1 {
					continue
				}
				for range content.uint() {
					index := int(content.uint())
					names[index] = string(content.bytes(int(content.uint())))
				}
				if content.err != nil {
					return nil, content.err
				}
			}
		}
		if section.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, section.err)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(names) == 0 {
		return nil, errors.New("the module has no function names (built with -s?)")
	}
	sizes := map[string]int{}
	for i, size := range codeSizes {
		if name, ok := names[imported+i]; ok {
			sizes[name] += size
		}
	}
	return sizes, nil
}

// wasmReader reads a WebAssembly module's bytes; the first error stops it.
type wasmReader struct {
	data []byte
	err  error
}

func (r *wasmReader) bytes(n int) []byte {
	if r.err != nil || n > len(r.data) {
		r.err = errors.New("truncated")
		r.data = nil
		return nil
	}
	b := r.data[:n]
	r.data = r.data[n:]
	return b
}

func (r *wasmReader) byte() byte {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

// uint reads an unsigned LEB128 number.
func (r *wasmReader) uint() uint64 {
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.err = errors.New("bad LEB128 number")
		r.data = nil
		return 0
	}
	r.data = r.data[n:]
	return v
}

// limits reads a table's or memory's limits: a flag, a minimum and maybe a maximum.
func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.uint()
	}
	r.uint()
}
