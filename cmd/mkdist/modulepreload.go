package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// entryModule is the page's one module script; entryScript is its tag in
// index.html, after which mkdist lists the modules it loads.
const (
	entryModule = "main.js"
	entryScript = `<script type="module" src="` + entryModule + `" async></script>`
)

// importPattern finds a module's relative imports: import … from './x.js',
// export … from './x.js', import './x.js' and import('./x.js').
var importPattern = regexp.MustCompile(`(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}/[^'"]+)['"]`)

// preloadModules lists in index.html, as <link rel="modulepreload">, every
// module main.js loads at start, so that the browser fetches and compiles
// them all at once while it parses the page. Without the list it finds them
// one level of imports at a time: playground.js's modules are five levels
// deep, and the last of them arrived 300–450 ms after navigation, after the
// WASM was compiled.
func preloadModules(dir string) error {
	modules, err := moduleGraph(dir, entryModule)
	if err != nil {
		return err
	}
	var links strings.Builder
	for _, m := range modules {
		if m != entryModule {
			fmt.Fprintf(&links, "\n<link rel=\"modulepreload\" href=\"%s\">", m)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, pageName))
	if err != nil {
		return err
	}
	if n := bytes.Count(page, []byte(entryScript)); n != 1 {
		return fmt.Errorf("%s: %d tags %s; want one", pageName, n, entryScript)
	}
	page = bytes.Replace(page, []byte(entryScript), []byte(entryScript+links.String()), 1)
	return os.WriteFile(filepath.Join(dir, pageName), page, 0o644)
}

// moduleGraph is every module entry imports, directly or not, itself
// included, by path relative to dir, sorted.
func moduleGraph(dir, entry string) ([]string, error) {
	seen := map[string]bool{entry: true}
	for queue := []string{entry}; len(queue) > 0; queue = queue[1:] {
		source, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(queue[0])))
		if err != nil {
			return nil, err
		}
		for _, m := range importPattern.FindAllSubmatch(source, -1) {
			imported := path.Join(path.Dir(queue[0]), string(m[1]))
			if !seen[imported] {
				seen[imported] = true
				queue = append(queue, imported)
			}
		}
	}
	modules := make([]string, 0, len(seen))
	for m := range seen {
		modules = append(modules, m)
	}
	slices.Sort(modules)
	return modules, nil
}
