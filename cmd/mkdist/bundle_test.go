package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// bundleSite is a page whose modules record the order they run in; main.js
// imports one statically and one with import(), which imports a third
// through a fourth outside js/.
var bundleSite = map[string]string{
	"index.html":  `<head><script src="js/theme.js"></script>` + entryScript + `</head>`,
	"main.js":     "import { a } from './js/a.js';\nglobalThis.order.push('main ' + a);\nconst { b } = await import('./js/b.js');\nglobalThis.order.push('main ' + b);\n",
	"js/a.js":     "globalThis.order = [];\nexport const a = 'a';\nglobalThis.order.push(a);\n",
	"js/b.js":     "import { c } from '../d.js';\nexport const b = 'b' + c;\nglobalThis.order.push(b);\n",
	"d.js":        "export { c } from './js/c.js';\n",
	"js/c.js":     "export const c = 'c';\n",
	"js/theme.js": "document.documentElement.dataset.theme = 'dark';\n",
}

// TestBundleModules checks that main.js becomes one file that runs its
// modules in the order the browser ran them, that the bundled modules' files
// are gone, and that the page and its classic script stay as they were.
func TestBundleModules(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, bundleSite)
	if err := bundleModules(dir); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"js/a.js", "js/b.js", "js/c.js", "d.js"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is still in the site (%v); the bundle holds it", gone, err)
		}
	}
	for _, kept := range []string{"index.html", "js/theme.js"} {
		got, err := os.ReadFile(filepath.Join(dir, kept))
		if err != nil || string(got) != bundleSite[kept] {
			t.Errorf("%s after bundling: %q, %v; want it as it was", kept, got, err)
		}
	}
	bundle, err := os.ReadFile(filepath.Join(dir, entryModule))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(bundle), "./js/") {
		t.Errorf("the bundle still imports a module of the site:\n%s", bundle)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("running the bundle needs Node.js (make node)")
	}
	script := filepath.Join(dir, "run.mjs")
	if err := os.WriteFile(script, []byte("await import('./main.js');\nconsole.log(globalThis.order.join(', '));\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, script).CombinedOutput()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", script, err, out)
	}
	if got, want := strings.TrimSpace(string(out)), "a, main a, bc, main bc"; got != want {
		t.Errorf("the bundle ran its modules as %q; want %q, as the browser runs the modules", got, want)
	}
}

// TestBundleModulesErrors checks that a missing module or a syntax error
// stops the build with the file and line it is in.
func TestBundleModulesErrors(t *testing.T) {
	for _, tc := range []struct {
		name, source, want string
	}{
		{"missing module", "import './js/a.js';\nimport './gone.js';\n", "main.js:2:8: Could not resolve \"./gone.js\""},
		{"syntax error", "import './js/a.js';\nconst = 1;\n", "main.js:2:7: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{"index.html": entryScript, "main.js": tc.source, "js/a.js": "export {};\n"})
			if err := bundleModules(dir); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("bundleModules: error = %v; want one containing %q", err, tc.want)
			}
		})
	}
}
