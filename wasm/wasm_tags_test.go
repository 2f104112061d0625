//go:build !js

package main

import (
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAllWasmTags checks that every file of this package is built only for
// js/wasm, but the native tests that check the package from outside, as
// safejs's wasm_tags_test.go does. Without the tag a file would break the
// native build of ./... or reach syscall/js from a native binary.
func TestAllWasmTags(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		expr := buildConstraint(t, name)
		switch {
		case expr != nil && expr.String() == "js && wasm":
		case expr != nil && expr.String() == "js && wasm && faultinjection" && name == "faults.go":
		case expr != nil && expr.String() == "!js" && strings.HasSuffix(name, "_test.go"):
		default:
			t.Errorf("%s: build constraint %v; want //go:build js && wasm (or !js for a native test)", name, expr)
		}
	}
}

// buildConstraint is the file's //go:build line, or nil.
func buildConstraint(t *testing.T, name string) constraint.Expr {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, group := range f.Comments {
		if group.Pos() > f.Package {
			break
		}
		for _, c := range group.List {
			if constraint.IsGoBuild(c.Text) {
				expr, err := constraint.Parse(c.Text)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return expr
			}
		}
	}
	return nil
}
