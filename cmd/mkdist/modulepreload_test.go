package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreloadModules checks that the page lists, after main.js's tag, every
// module main.js loads, however it is imported, and nothing else.
func TestPreloadModules(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"index.html":  `<head><script src="js/theme.js"></script>` + entryScript + `</head>`,
		"main.js":     "import './js/a.js';\nawait import('./js/b.js');\n",
		"js/a.js":     "import {\n  x,\n  y,\n} from './c.js';\nexport * from '../d.js';\n",
		"js/b.js":     "import { x } from \"./c.js\";\n",
		"js/c.js":     "export const x = 1, y = 2;\n",
		"d.js":        "// a comment that names import without a path\n",
		"js/lazy.js":  "export const unused = true;\n",
		"js/theme.js": "document.documentElement.dataset.theme = 'dark';\n",
	})
	if err := preloadModules(dir); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<head><script src="js/theme.js"></script>` + entryScript +
		"\n" + `<link rel="modulepreload" href="d.js">` +
		"\n" + `<link rel="modulepreload" href="js/a.js">` +
		"\n" + `<link rel="modulepreload" href="js/b.js">` +
		"\n" + `<link rel="modulepreload" href="js/c.js">` + `</head>`
	if string(page) != want {
		t.Errorf("index.html:\n%s\nwant:\n%s", page, want)
	}
}

// TestPreloadModulesMissingModule checks that an import of a file the site
// lacks stops the build instead of preloading a 404.
func TestPreloadModulesMissingModule(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"index.html": entryScript, "main.js": "import './gone.js';\n"})
	if err := preloadModules(dir); err == nil || !strings.Contains(err.Error(), "gone.js") {
		t.Errorf("preloadModules with a missing module: error = %v; want one naming gone.js", err)
	}
}
