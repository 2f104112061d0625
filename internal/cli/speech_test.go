package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// sayings are speech's methods and the index of their ID argument; the
// name, value pairs follow it.
var sayings = map[string]int{"say": 0, "write": 1, "line": 1}

// spokenWords is what the command line's non-test Go files say: each
// constant of type words.ID (name → ID), the placeholder names each
// saying of a constant fills, and the constants used elsewhere (in a map,
// passed on), which are said without arguments.
type spokenWords struct {
	constants map[string]words.ID
	fills     map[string][][]string
	elsewhere map[string]bool
}

// readSpokenWords parses the package's files; it fails the test on a
// saying whose ID is not a constant but has arguments, or whose names are
// not string literals.
func readSpokenWords(t *testing.T) *spokenWords {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	fset := token.NewFileSet()
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	spoken := &spokenWords{constants: map[string]words.ID{}, fills: map[string][][]string{}, elsewhere: map[string]bool{}}
	declared := map[*ast.Ident]bool{}
	for _, f := range files {
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.CONST {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				if sel, ok := vs.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "ID" || sel.X.(*ast.Ident).Name != "words" {
					continue
				}
				for i, v := range vs.Values {
					id, err := strconv.Unquote(v.(*ast.BasicLit).Value)
					if err != nil {
						t.Fatal(err)
					}
					spoken.constants[vs.Names[i].Name] = words.ID(id)
					declared[vs.Names[i]] = true
				}
			}
		}
	}
	said := map[*ast.Ident]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			at, saying := sayings[sel.Sel.Name]
			if !saying || len(call.Args) <= at || call.Ellipsis.IsValid() { // speech's own methods pass args on
				return true
			}
			pos := fset.Position(call.Pos())
			ident, constant := call.Args[at].(*ast.Ident)
			if constant {
				_, constant = spoken.constants[ident.Name]
			}
			if !constant {
				if len(call.Args) > at+1 {
					t.Errorf("%s: %s says an ID that is not a words.ID constant, with arguments", pos, sel.Sel.Name)
				}
				return true
			}
			said[ident] = true
			var names []string
			for i := at + 1; i < len(call.Args); i += 2 {
				lit, ok := call.Args[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Errorf("%s: argument %d of %s is not a placeholder's name", pos, i, ident.Name)
					continue
				}
				name, _ := strconv.Unquote(lit.Value)
				names = append(names, name)
			}
			slices.Sort(names)
			spoken.fills[ident.Name] = append(spoken.fills[ident.Name], names)
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			if ident, ok := n.(*ast.Ident); ok && !declared[ident] && !said[ident] {
				if _, ok := spoken.constants[ident.Name]; ok {
					spoken.elsewhere[ident.Name] = true
				}
			}
			return true
		})
	}
	return spoken
}

// TestWordsMatchTheCode fails when a words.ID constant of the command line
// has no English template (package words' tests hold every language to
// English), when an English word is declared by no constant, or when a
// saying fills other placeholders than the template has: a constant said
// directly must name each placeholder, and one used elsewhere (a heading
// in a map) must have none.
func TestWordsMatchTheCode(t *testing.T) {
	spoken := readSpokenWords(t)
	if len(spoken.constants) == 0 {
		t.Fatal("no words.ID constant found in the command line")
	}
	english, err := words.Templates("en")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[words.ID]string{}
	for name, id := range spoken.constants {
		ids[id] = name
		template, ok := english[id]
		if !ok {
			t.Errorf("%s (%s) has no English template", id, name)
			continue
		}
		want := words.Placeholders(template)
		for _, got := range spoken.fills[name] {
			if !slices.Equal(got, want) {
				t.Errorf("%s (%s) is said with %v, its template has %v", id, name, got, want)
			}
		}
		if spoken.elsewhere[name] && len(want) > 0 {
			t.Errorf("%s (%s) is said without arguments, but its template has %v", id, name, want)
		}
		if len(spoken.fills[name]) == 0 && !spoken.elsewhere[name] {
			t.Errorf("%s (%s) is declared but never said", id, name)
		}
	}
	for id := range english {
		if _, ok := ids[id]; !ok {
			t.Errorf("en: %s is declared by no words.ID constant", id)
		}
	}
}
