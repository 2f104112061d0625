// Package messagetest holds the checks that the engine's explanations are
// messages, for the tests of the packages that write them (issue 24): each
// message renders completely in every language, every ID a file declares is
// emitted, and no sentence is built by concatenation beside the catalogs,
// for catalogs that play the part of k8s.io/kubectl/pkg/util/i18n's.
package messagetest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

var placeholder = regexp.MustCompile(`\{([^{}]*)\}`)

// CheckRenders fails unless every catalog has m's ID and m has an argument
// or a part for each placeholder of each language's template, its parts
// likewise.
func CheckRenders(t *testing.T, m message.Message) {
	t.Helper()
	for _, language := range catalog.Languages {
		c, err := catalog.Load(language)
		if err != nil {
			t.Fatal(err)
		}
		checkRendersIn(t, language, c, m)
	}
}

func checkRendersIn(t *testing.T, language string, c message.Catalog, m message.Message) {
	t.Helper()
	template, ok := c[m.ID]
	if !ok {
		t.Errorf("%s: no template for %s", language, m.ID)
		return
	}
	for _, match := range placeholder.FindAllStringSubmatch(template, -1) {
		name := strings.TrimSuffix(match[1], message.LowerFirst)
		_, isArg := m.Args[name]
		_, isPart := m.Parts[name]
		if !isArg && !isPart {
			t.Errorf("%s: %s has no argument %s for %q", language, m.ID, name, template)
		}
	}
	for _, part := range m.Parts {
		checkRendersIn(t, language, c, part)
	}
}

// DeclaredIDs reads the message.ID constants a Go file declares.
func DeclaredIDs(t *testing.T, path string) map[message.ID]bool {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[message.ID]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		if sel, ok := vs.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "ID" {
			return false
		}
		for _, v := range vs.Values {
			if lit, ok := v.(*ast.BasicLit); ok {
				id, _ := strconv.Unquote(lit.Value)
				ids[message.ID(id)] = true
			}
		}
		return false
	})
	if len(ids) == 0 {
		t.Fatalf("%s declares no message.ID", path)
	}
	return ids
}

// CheckEmitted fails for each ID of declared that emitted lacks: a sentence
// no case reaches is either dead or untested.
func CheckEmitted(t *testing.T, declared, emitted map[message.ID]bool) {
	t.Helper()
	for id := range declared {
		if !emitted[id] {
			t.Errorf("no case emits %s", id)
		}
	}
}

// CheckNoSentences fails where a Go file writes English text itself: a
// string literal with a space joined by + or given to fmt.Sprintf. Its
// sentences must be message IDs, rendered by the catalogs.
func CheckNoSentences(t *testing.T, path string) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	isText := func(e ast.Expr) bool {
		lit, ok := e.(*ast.BasicLit)
		return ok && lit.Kind == token.STRING && strings.Contains(lit.Value, " ")
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.ADD && (isText(n.X) || isText(n.Y)) {
				t.Errorf("%s: a sentence built by +: write a message", fset.Position(n.Pos()))
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(n.Args) > 0 && isText(n.Args[0]) {
				t.Errorf("%s: a sentence built by Sprintf: write a message", fset.Position(n.Pos()))
			}
		}
		return true
	})
}
