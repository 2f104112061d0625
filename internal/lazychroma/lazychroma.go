// Package lazychroma prepares the module file with which make builds the
// release WASM (`go build -modfile <dir>/go.mod`): the project's go.mod and
// go.sum with two replacements. chroma becomes a copy of the selected
// version in which one file, serialise.go, builds its two tables of
// serialisable emitters and mutators where they are read instead of at
// package init (only the chroma packages the WASM imports are copied, and
// only their non-test files). regexp2, chroma's regex engine, becomes
// regexp2stub, which declares what chroma refers to and matches nothing.
//
// Why: the WASM uses chroma's token types and Lexer interface with a
// hand-written lexer (highlight/) and never compiles a pattern, yet chroma's
// init stored *includeMutator and friends in interface maps; their methods
// take *LexerState, which reaches *regexp2.Regexp, so the linker kept every
// method of *regexp2.Regexp an interface call could reach, and encoding/json
// and the YAML decoders call UnmarshalText, which compiles a pattern: all of
// regexp2's compiler (~88 KB brotli). Built lazily, the tables are reachable
// only from chroma's XML lexer loading, which the WASM does not link; chroma
// behaves as before (the same tables, built when read). The stand-in takes
// the rest of regexp2 out (its package init, its Unicode tables and the log
// package it imports: 22 KB more, and less start-up work). A `go build
// -overlay` cannot do the first: the go command refuses to overlay files in
// the module cache.
//
// The rewrite works on the syntax tree of whatever serialise.go the module
// graph selects and fails, naming what it missed, if a new chroma changed
// the code it expects; it never falls back to the unpatched file. A chroma
// that refers to more of regexp2 fails to compile against the stand-in.
package lazychroma

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// chromaModule is the module whose file is rewritten; regexp2Module, the
// module regexp2stub stands in for.
const (
	chromaModule  = "github.com/alecthomas/chroma/v2"
	regexp2Module = "github.com/dlclark/regexp2/v2"
)

// Prepare writes out/go.mod, out/go.sum and out/chroma, the copy, for
// building pkg of the module at root, and returns the module file's path
// for go build -modfile.
func Prepare(root, out, pkg string) (string, error) {
	modfile, err := prepare(root, out, pkg)
	if err != nil {
		return "", fmt.Errorf("lazychroma: %w", err)
	}
	return modfile, nil
}

func prepare(root, out, pkg string) (string, error) {
	out, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	copyDir := filepath.Join(out, "chroma")
	if err := os.RemoveAll(copyDir); err != nil {
		return "", err
	}
	goCommand := func(env []string, args ...string) (string, error) { return run(root, env, args...) }
	// The chroma packages pkg imports, by their directories.
	packages, err := goCommand([]string{"GOOS=js", "GOARCH=wasm"}, "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}} {{.Dir}}", pkg)
	if err != nil {
		return "", err
	}
	// Listed after the packages, which downloads the module when it is not
	// in the cache yet.
	moduleDir, err := goCommand(nil, "list", "-m", "-f", "{{.Dir}}", chromaModule)
	if err != nil {
		return "", err
	}
	var dirs []string
	for _, line := range strings.Split(packages, "\n") {
		if dir, ok := strings.CutPrefix(line, chromaModule+" "); ok {
			dirs = append(dirs, dir)
		}
	}
	if !slices.Contains(dirs, moduleDir) {
		return "", fmt.Errorf("%s does not import %s: nothing to make lazy", pkg, chromaModule)
	}
	for _, dir := range dirs {
		rel, err := filepath.Rel(moduleDir, dir)
		if err != nil {
			return "", err
		}
		if err := copyPackage(dir, filepath.Join(copyDir, rel)); err != nil {
			return "", err
		}
	}
	if err := copyFile(filepath.Join(moduleDir, "go.mod"), filepath.Join(copyDir, "go.mod")); err != nil {
		return "", err
	}
	original := filepath.Join(moduleDir, "serialise.go")
	source, err := os.ReadFile(original)
	if err != nil {
		return "", err
	}
	rewritten, err := lazyTemplates(original, source)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(copyDir, "serialise.go"), rewritten, 0o644); err != nil {
		return "", err
	}
	gomod, err := goCommand(nil, "env", "GOMOD")
	if err != nil {
		return "", err
	}
	return writeModFile(gomod, out, copyDir, filepath.Join(filepath.Dir(gomod), "internal", "lazychroma", "regexp2stub"))
}

// writeModFile writes out/go.mod, the project's go.mod with chroma replaced
// by the copy and regexp2 by the stand-in, and out/go.sum, the project's
// go.sum (go -modfile reads the go.sum beside the module file).
func writeModFile(gomod, out, copyDir, stub string) (string, error) {
	mod, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	mod = append(bytes.TrimRight(mod, "\n"), fmt.Sprintf("\n\nreplace %s => %s\n\nreplace %s => %s\n", chromaModule, copyDir, regexp2Module, stub)...)
	modfile := filepath.Join(out, "go.mod")
	if err := os.WriteFile(modfile, mod, 0o644); err != nil {
		return "", err
	}
	return modfile, copyFile(filepath.Join(filepath.Dir(gomod), "go.sum"), filepath.Join(out, "go.sum"))
}

// copyPackage copies a package's non-test Go files from one directory to
// another.
func copyPackage(from, to string) error {
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	for _, entry := range entries {
		name := entry.Name()
		if entry.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if err := copyFile(filepath.Join(from, name), filepath.Join(to, name)); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// run runs the go command in dir with extra environment and answers its
// standard output, trimmed, or its standard error as the error.
func run(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	output, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(output)), nil
}
