package catalog_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// declaredIDs reads every constant of type message.ID that the engine's
// non-test Go files declare: the IDs the code can emit.
func declaredIDs(t *testing.T) map[message.ID]string {
	t.Helper()
	ids := map[message.ID]string{}
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.CONST {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				if !isIDType(vs.Type, file.Name.Name) {
					continue
				}
				for i, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok {
						t.Errorf("%s: message.ID %s is not a string literal", path, vs.Names[i].Name)
						continue
					}
					id, _ := strconv.Unquote(lit.Value)
					ids[message.ID(id)] = path + ": " + vs.Names[i].Name
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// isIDType reports whether a constant's type is message.ID, spelt ID in
// package message itself.
func isIDType(t ast.Expr, pkg string) bool {
	switch t := t.(type) {
	case *ast.SelectorExpr:
		x, ok := t.X.(*ast.Ident)
		return ok && x.Name == "message" && t.Sel.Name == "ID"
	case *ast.Ident:
		return pkg == "message" && t.Name == "ID"
	}
	return false
}

var placeholder = regexp.MustCompile(`\{[^{}]*\}`)

// placeholders lists a template's {name}s, sorted, without their
// message.LowerFirst, which only some languages' grammar needs.
func placeholders(template string) []string {
	names := placeholder.FindAllString(template, -1)
	for i, name := range names {
		names[i] = strings.Replace(name, message.LowerFirst, "", 1)
	}
	slices.Sort(names)
	return names
}

// TestCatalogsMatchTheCode fails when an ID the code declares lacks a
// template in some language, when a catalog holds an ID no code declares,
// or when a template's placeholders differ from the English one's.
func TestCatalogsMatchTheCode(t *testing.T) {
	declared := declaredIDs(t)
	if len(declared) == 0 {
		t.Fatal("no message.ID constant found in the engine")
	}
	english, err := catalog.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, language := range catalog.Languages {
		c, err := catalog.Load(language)
		if err != nil {
			t.Fatal(err)
		}
		for id, where := range declared {
			if strings.TrimSpace(c[id]) == "" {
				t.Errorf("%s: %s (%s) has no template", language, id, where)
			}
		}
		for id, template := range c {
			if _, ok := declared[id]; !ok {
				t.Errorf("%s: %s is used by no code", language, id)
			}
			if got, want := placeholders(template), placeholders(english[id]); !slices.Equal(got, want) {
				t.Errorf("%s: %s has placeholders %v, English has %v", language, id, got, want)
			}
		}
	}
}

// TestLoadRefusesAnUnknownLanguage checks that a language without a catalog
// is an error, not an empty catalog that renders every message as its ID.
func TestLoadRefusesAnUnknownLanguage(t *testing.T) {
	if _, err := catalog.Load("fr"); err == nil {
		t.Error(`Load("fr") succeeded`)
	}
	if got := catalog.English().Render(message.New("device.claim.not-found", "claim", "gpu")); got != "ResourceClaim gpu is not in the input." {
		t.Errorf("English rendering = %q", got)
	}
}

// TestNotInWASM checks that the WASM links no catalog: the page loads the
// catalog of its language as data, and the command line embeds them all.
func TestNotInWASM(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "../../../wasm")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	const self = "github.com/taint-playground/taint-playground/engine/message/catalog"
	if slices.Contains(strings.Fields(string(out)), self) {
		t.Errorf("the WASM links %s", self)
	}
	if !slices.Contains(strings.Fields(string(out)), "github.com/taint-playground/taint-playground/engine") {
		t.Fatalf("go list -deps ../../../wasm does not list the engine: the check looks at the wrong package\n%s", out)
	}
}
