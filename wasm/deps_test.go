//go:build !js

package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// nonStandardDeps lists, for GOOS=js GOARCH=wasm, every package outside the
// standard library that pkgs depend on (themselves included), with its imports.
func nonStandardDeps(t *testing.T, pkgs ...string) map[string][]string {
	t.Helper()
	format := `{{if not .Standard}}{{.ImportPath}}{{range .Imports}} {{.}}{{end}}{{"\n"}}{{end}}`
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", format}, pkgs...)...)
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %v: %v\n%s", pkgs, err, out)
	}
	deps := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		deps[fields[0]] = fields[1:]
	}
	return deps
}

// TestWASMDependencies checks that the WASM links no upstream oracle
// (k8s.io/api would add ~1.7 MB brotli; tests use it and component-helpers
// only to compare verdicts) and no chroma registry (the lexers add ~0.7 MB and
// 440 ms of start-up; the styles are only for the stylesheet).
func TestWASMDependencies(t *testing.T) {
	forbidden := []string{
		"k8s.io/api/", "k8s.io/component-helpers/",
		"github.com/alecthomas/chroma/v2/lexers", "github.com/alecthomas/chroma/v2/styles",
	}
	for dep := range nonStandardDeps(t, ".") {
		for _, f := range forbidden {
			if strings.HasPrefix(dep+"/", f) || strings.HasPrefix(dep, f) {
				t.Errorf("the WASM depends on %s", dep)
			}
		}
	}
}

// TestOnlyThisPackageReachesJavaScript checks that the engine, the
// highlighter and the api package neither import syscall/js nor depend on
// safejs, so they build and are tested natively. (Under GOOS=js the standard
// library's time and syscall import syscall/js themselves, so only imports
// from outside the standard library are checked.)
func TestOnlyThisPackageReachesJavaScript(t *testing.T) {
	for dep, imports := range nonStandardDeps(t, "../engine/...", "./highlight/...", "./yamlfmt/...", "./api/...") {
		if strings.HasPrefix(dep, "github.com/hack-pad/safejs") || slices.Contains(imports, "syscall/js") {
			t.Errorf("%s reaches JavaScript", dep)
		}
	}
}
