package lazychroma

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
)

// templateTables are chroma's package-level maps built at init by calling a
// function literal; each becomes that literal, called where the map is read.
var templateTables = []string{"emitterTemplates", "mutatorTemplates"}

// lazyTemplates rewrites chroma's serialise.go: `name = func() T {…}()`
// becomes `name = func() T {…}` and every `name[key]` becomes
// `name()[key]`, so each read builds the small map afresh. (sync.OnceValue
// would not do: its generic dictionary makes the map's type reachable from
// init again.) It refuses a file where a table is missing, is
// built some other way, or is used other than by indexing.
func lazyTemplates(filename string, source []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filename, source, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	tables := map[string]bool{}
	for _, name := range templateTables {
		tables[name] = false
	}
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		for _, spec := range gen.Specs {
			value := spec.(*ast.ValueSpec)
			for i, name := range value.Names {
				if _, wanted := tables[name.Name]; !wanted || i >= len(value.Values) {
					continue
				}
				call, ok := value.Values[i].(*ast.CallExpr)
				if !ok || len(call.Args) != 0 {
					return nil, fmt.Errorf("%s: %s is no longer built by calling a function literal", filename, name.Name)
				}
				literal, ok := call.Fun.(*ast.FuncLit)
				if !ok {
					return nil, fmt.Errorf("%s: %s is no longer built by calling a function literal", filename, name.Name)
				}
				value.Values[i] = literal
				tables[name.Name] = true
			}
		}
	}
	for _, name := range templateTables {
		if !tables[name] {
			return nil, fmt.Errorf("%s: no package-level %s to build lazily", filename, name)
		}
	}
	if err := callTables(file, tables, filename, fset); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, file); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// callTables turns every index of a table into an index of its call, and
// refuses any other use of a table's name outside its declaration.
func callTables(file *ast.File, tables map[string]bool, filename string, fset *token.FileSet) error {
	var problem error
	indexed := map[*ast.Ident]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if index, ok := n.(*ast.IndexExpr); ok {
			if ident, ok := index.X.(*ast.Ident); ok && isTable(tables, ident) {
				indexed[ident] = true
				index.X = &ast.CallExpr{Fun: ident}
			}
		}
		return true
	})
	ast.Inspect(file, func(n ast.Node) bool {
		if spec, ok := n.(*ast.ValueSpec); ok {
			// The declaration's own names are not uses; its values are.
			for _, value := range spec.Values {
				ast.Inspect(value, func(m ast.Node) bool { return checkUse(m, tables, indexed, filename, fset, &problem) })
			}
			return false
		}
		return checkUse(n, tables, indexed, filename, fset, &problem)
	})
	return problem
}

func checkUse(n ast.Node, tables map[string]bool, indexed map[*ast.Ident]bool, filename string, fset *token.FileSet, problem *error) bool {
	ident, ok := n.(*ast.Ident)
	if ok && isTable(tables, ident) && !indexed[ident] && *problem == nil {
		*problem = fmt.Errorf("%s: %s is used other than by indexing it; the lazy rewrite does not know that use", fset.Position(ident.Pos()), ident.Name)
	}
	return true
}

func isTable(tables map[string]bool, ident *ast.Ident) bool {
	_, ok := tables[ident.Name]
	return ok
}
