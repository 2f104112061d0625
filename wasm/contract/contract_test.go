package contract

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/internal/golden"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// staticDir is the page's folder, web/static.
var staticDir = filepath.Join("..", "..", "web", "static")

// TestModuleIsCurrent fails when web/static/js/contract.js is not what
// Module writes; `make contract` (-update) rewrites it.
func TestModuleIsCurrent(t *testing.T) {
	module, err := Module()
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join(staticDir, "js", "contract.js"), module)
}

// TestModuleHasTheDefaultOptions reads the module's DEFAULT_OPTIONS back as
// JSON (keys quoted, the last comma dropped) and compares it with
// core.DefaultOptions', so that a member the generator skipped or misprinted
// fails here.
func TestModuleHasTheDefaultOptions(t *testing.T) {
	module, err := Module()
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)export const DEFAULT_OPTIONS = Object\.freeze\((\{.*?\})\);`).FindSubmatch(module)
	if m == nil {
		t.Fatalf("no DEFAULT_OPTIONS in the module:\n%s", module)
	}
	literal := regexp.MustCompile(`(?m)^  (\w+):`).ReplaceAll(m[1], []byte(`  "$1":`))
	literal = regexp.MustCompile(`,\n\}$`).ReplaceAll(literal, []byte("\n}"))
	var got, want map[string]any
	if err := json.Unmarshal(literal, &got); err != nil {
		t.Fatalf("DEFAULT_OPTIONS is not an object literal of JSON values: %v\n%s", err, m[1])
	}
	data, err := json.Marshal(core.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DEFAULT_OPTIONS (-core.DefaultOptions +module):\n%s", diff)
	}
}

// pageCall is a call of the engine in the page's modules: engine.call('name', …).
var pageCall = regexp.MustCompile(`\.call\(\s*['"]([A-Za-z]+)['"]`)

// TestPageCallsOnlyExports checks every function name the page's modules
// call the engine by against the handler table, the one list of exports.
func TestPageCallsOnlyExports(t *testing.T) {
	exports := api.Names()
	called := 0
	err := filepath.WalkDir(staticDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".js" {
			return err
		}
		source, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range pageCall.FindAllSubmatch(source, -1) {
			called++
			if name := string(m[1]); !slices.Contains(exports, name) {
				t.Errorf("%s calls the engine's %s, which the WASM does not export (%s)", path, name, strings.Join(exports, ", "))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if called == 0 {
		t.Fatal("no engine.call('…') found in the page's modules")
	}
}
