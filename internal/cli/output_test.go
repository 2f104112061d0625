package cli

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestJSONEscapeUnprintable checks that the escapes written into -o json
// read back as the text they replace, and that nothing a terminal acts on
// is left raw.
func TestJSONEscapeUnprintable(t *testing.T) {
	for _, s := range []string{"plain é ✓ 😀", "C1 \u0085 and \u009b2J", "bidi \u202e and \u2066", "a tag \U000E0001 above U+FFFF", "\x1b[2J\r"} {
		t.Run(printable(s), func(t *testing.T) {
			data, err := json.Marshal(map[string]string{"name": s})
			if err != nil {
				t.Fatal(err)
			}
			escaped := jsonEscapeUnprintable(data)
			if bad := terminalSafe(string(escaped)); bad != "" || strings.ContainsAny(string(escaped), "\u202e\u2066") {
				t.Errorf("%s holds %s", escaped, bad)
			}
			var back map[string]string
			if err := json.Unmarshal(escaped, &back); err != nil || back["name"] != s {
				t.Errorf("%s reads back as %q (%v), want %q", escaped, back["name"], err, s)
			}
		})
	}
}

// TestOutputGoesThroughPrintf keeps every line the commands print on the
// path that escapes input text: outside printf itself, only the help
// (usage text, flags, version) calls fmt.Fprint*, and writes the program's own
// words.
func TestOutputGoesThroughPrintf(t *testing.T) {
	allowed := []string{"printable", "printf", "runHelp", "runVersion", "newFlagSet", "printFlags"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || slices.Contains(allowed, fn.Name.Name) {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if ok && strings.HasPrefix(sel.Sel.Name, "Fprint") {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "fmt" {
						t.Errorf("%s: %s calls fmt.%s; print through printf", fset.Position(sel.Pos()), fn.Name.Name, sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
}
