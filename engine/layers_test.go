package engine

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// modulePath is the engine's import path; the layers below are relative to it.
const modulePath = "github.com/taint-playground/taint-playground/engine"

// layers lists, for each package of the engine, the engine packages its
// non-test files may import: text → objects → components → the workspace.
// A package that is not listed fails the test, so a new one must say where
// it stands.
var layers = map[string][]string{
	"core":                  {"message"},
	"message":               {},
	"message/catalog":       {"message"},
	"message/messagetest":   {"message", "message/catalog"},
	"kubectl":               {"core"},
	"yamltext":              {},
	"yaml11":                {},
	"manifest":              {"core", "kubectl", "message", "yamltext", "yaml11"},
	"manifest/manifesttest": {},
	"scheduler":             {"core", "message"},
	"tainteviction":         {"core", "message"},
	"structured":            {"core"},
	"deviceselector":        {"core"},
	"devicetainteviction":   {"core", "tainteviction"},
	"admission":             {"core", "message", "scheduler", "tainteviction"},
	"internal/upstream":     {"core"},
	".": {"core", "kubectl", "manifest", "scheduler", "tainteviction", "admission",
		"structured", "devicetainteviction", "deviceselector", "message"},
}

// TestPackageLayers reads the imports of every engine package and checks
// them against layers: no package reaches up a layer (so there is no cycle),
// only the tests' upstream package imports k8s.io/api or component-helpers
// (the WASM must not carry them), none reaches JavaScript, and every
// package's doc comment names the upstream code it reproduces.
func TestPackageLayers(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, path, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		for _, pkg := range pkgs {
			rel := filepath.ToSlash(path)
			seen[rel] = true
			allowed, ok := layers[rel]
			if !ok {
				t.Errorf("package %s is not in layers: say which engine packages it may import", rel)
				continue
			}
			documented := false
			for name, file := range pkg.Files {
				if file.Doc != nil && strings.Contains(file.Doc.Text(), "k8s.io/") {
					documented = true
				}
				for _, imp := range file.Imports {
					p, _ := strconv.Unquote(imp.Path.Value)
					if sub, ok := strings.CutPrefix(p, modulePath+"/"); ok && !slices.Contains(allowed, sub) {
						t.Errorf("%s imports %s: package %s may import only %v", name, p, rel, allowed)
					}
					if (strings.HasPrefix(p, "k8s.io/api/") || strings.HasPrefix(p, "k8s.io/component-helpers/")) && rel != "internal/upstream" || p == "syscall/js" {
						t.Errorf("%s imports %s", name, p)
					}
				}
			}
			if !documented {
				t.Errorf("package %s has no doc comment naming the upstream code it reproduces (k8s.io/…)", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range layers {
		if !seen[rel] {
			t.Errorf("layers lists %s, which has no Go files", rel)
		}
	}
}
