package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/google/go-cmp/cmp"
)

// writeTree creates files (path → content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// listTree returns the files under dir, relative and sorted.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		names = append(names, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	return names
}

// wasmModule is a WebAssembly module of one custom section, named "x",
// of 800 bytes: enough to be compressed.
var wasmModule = "\x00asm\x01\x00\x00\x00" + "\x00\xa2\x06" + "\x01x" + strings.Repeat("wasm", 200)

// testPage is an index.html that links the WASM as web/static's does, with
// editors whose default text mkdist evaluates (firstAnswerPage's).
var testPage = `<!doctype html><link rel="preload" href="taint-playground.wasm" as="fetch" crossorigin>` +
	firstAnswerPage + strings.Repeat("<p>taint</p>", 50)

// testModules are a main.js and the modules it imports, which mkdist
// bundles.
var testModules = map[string]string{
	"static/main.js":                "import { cardLimit } from './js/verdicts/results.js';\nimport { horizon } from './js/clock/countdown.js';\n" + strings.Repeat("globalThis.verdict = 'tolerated ' + cardLimit() + horizon();\n", 100),
	"static/js/verdicts/results.js": "const CARD_LIMIT = 6;\nexport function cardLimit() {\n  return CARD_LIMIT;\n}\n",
	"static/js/clock/countdown.js":  "const HORIZON = 10 * 365 * 86400;\nexport function horizon() {\n  return HORIZON;\n}\n",
}

func TestBuild(t *testing.T) {
	root := t.TempDir()
	long := strings.Repeat("const verdict = 'tolerated';\n", 100)
	writeTree(t, root, map[string]string{
		"static/index.html":            testPage,
		"static/tiny.css":              "a{}",
		"static/README.md":             "notes for the page's authors",
		"static/.eslintrc.json":        "{}",
		"static/icons/logo.svg":        "<svg>" + strings.Repeat("<g/>", 100) + "</svg>",
		"build/release.wasm":           wasmModule,
		"goroot/wasm_exec.js":          long,
		"dist/.gitkeep":                "",
		"dist/stale.0123456789ab.wasm": "from an earlier build",
	})
	writeTree(t, root, testModules)
	layout := Layout{
		Static:    filepath.Join(root, "static"),
		WASM:      filepath.Join(root, "build/release.wasm"),
		WASMExec:  filepath.Join(root, "goroot/wasm_exec.js"),
		Out:       filepath.Join(root, "dist"),
		Generated: map[string][]byte{"examples.json": []byte("[" + strings.Repeat(`{"title": "example"},`, 40) + "{}]")},
	}
	manifest, err := layout.Build()
	if err != nil {
		t.Fatal(err)
	}

	// The hash is sha256 of release.wasm's content, as `sha256sum` prints it
	// (wasmpost.Shrink leaves a module without data as it is).
	wantWASM := "taint-playground.7f81891cf433.wasm"
	if diff := cmp.Diff(Manifest{WASM: wantWASM}, manifest); diff != "" {
		t.Errorf("manifest (-want +got):\n%s", diff)
	}
	page, err := os.ReadFile(filepath.Join(layout.Out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<link rel="preload" href="`+wantWASM+`"`) || strings.Contains(string(page), `href="taint-playground.wasm"`) {
		t.Errorf("index.html does not link the hashed WASM:\n%s", page)
	}
	want := []string{
		".gitkeep",
		"build.json",
		"embed.html", "embed.html.br", "embed.html.gz",
		"examples.json", "examples.json.br", "examples.json.gz",
		"icons/logo.svg", "icons/logo.svg.br", "icons/logo.svg.gz",
		"index.html", "index.html.br", "index.html.gz",
		"main.js", "main.js.br", "main.js.gz",
		wantWASM, wantWASM + ".br", wantWASM + ".gz",
		"tiny.css",
		"wasm_exec.js", "wasm_exec.js.br", "wasm_exec.js.gz",
	}
	sort.Strings(want)
	if diff := cmp.Diff(want, listTree(t, layout.Out)); diff != "" {
		t.Errorf("files in dist (-want +got):\n%s", diff)
	}

	var onDisk Manifest
	data, err := os.ReadFile(filepath.Join(layout.Out, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &onDisk); err != nil {
		t.Fatalf("build.json: %v", err)
	}
	if diff := cmp.Diff(manifest, onDisk); diff != "" {
		t.Errorf("build.json differs from the returned manifest (-want +got):\n%s", diff)
	}

	decoders := map[string]func(io.Reader) (io.Reader, error){
		".br": func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		".gz": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
	}
	for _, name := range want {
		decode, ok := decoders[filepath.Ext(name)]
		if !ok {
			continue
		}
		original, err := os.ReadFile(filepath.Join(layout.Out, strings.TrimSuffix(name, filepath.Ext(name))))
		if err != nil {
			t.Fatal(err)
		}
		compressed, err := os.ReadFile(filepath.Join(layout.Out, name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := decode(bytes.NewReader(compressed))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, original) {
			t.Errorf("%s does not decompress to its original", name)
		}
		if len(compressed) >= len(original) {
			t.Errorf("%s is %d bytes, not smaller than the original's %d", name, len(compressed), len(original))
		}
	}
}

func TestBuildMissingWASM(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"static/index.html": "<!doctype html>"})
	_, err := Layout{
		Static:   filepath.Join(root, "static"),
		WASM:     filepath.Join(root, "missing.wasm"),
		WASMExec: filepath.Join(root, "wasm_exec.js"),
		Out:      filepath.Join(root, "dist"),
	}.Build()
	if err == nil || !strings.Contains(err.Error(), "missing.wasm") {
		t.Errorf("Build without the WASM: error = %v; want one naming missing.wasm", err)
	}
}

// TestBuildNeedsTheWASMLink checks that mkdist refuses a page that does not
// link the WASM exactly once: the page could not find it.
func TestBuildNeedsTheWASMLink(t *testing.T) {
	for _, page := range []string{"<!doctype html>", testPage + testPage} {
		root := t.TempDir()
		writeTree(t, root, map[string]string{"static/index.html": page, "build/release.wasm": wasmModule, "goroot/wasm_exec.js": "x"})
		_, err := Layout{
			Static:   filepath.Join(root, "static"),
			WASM:     filepath.Join(root, "build/release.wasm"),
			WASMExec: filepath.Join(root, "goroot/wasm_exec.js"),
			Out:      filepath.Join(root, "dist"),
		}.Build()
		if err == nil || !strings.Contains(err.Error(), "links") {
			t.Errorf("Build of a page with %d WASM links: error = %v; want one saying how many", strings.Count(page, "taint-playground.wasm"), err)
		}
	}
}

// TestBuildReusesEarlierCopies checks that a rebuild takes the precompressed
// copies of an unchanged file from the earlier build and compresses a changed
// one afresh.
func TestBuildReusesEarlierCopies(t *testing.T) {
	root := t.TempDir()
	long := strings.Repeat("const verdict = 'tolerated';\n", 100)
	writeTree(t, root, map[string]string{
		"static/index.html":   testPage,
		"build/release.wasm":  wasmModule,
		"goroot/wasm_exec.js": long,
	})
	writeTree(t, root, testModules)
	layout := Layout{
		Static:   filepath.Join(root, "static"),
		WASM:     filepath.Join(root, "build/release.wasm"),
		WASMExec: filepath.Join(root, "goroot/wasm_exec.js"),
		Out:      filepath.Join(root, "dist"),
	}
	first, err := layout.Build()
	if err != nil {
		t.Fatal(err)
	}
	// Mark the earlier copy, so that reusing it shows.
	marked := filepath.Join(layout.Out, first.WASM+".br")
	if err := os.WriteFile(marked, []byte("earlier copy"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeTree(t, root, map[string]string{"static/main.js": testModules["static/main.js"] + "globalThis.changed = true;\n"})
	second, err := layout.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(layout.Out, second.WASM+".br")); string(got) != "earlier copy" {
		t.Errorf("the unchanged WASM was compressed again; want the earlier copy reused")
	}
	compressed, err := os.ReadFile(filepath.Join(layout.Out, "main.js.br"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(compressed)))
	bundle, readErr := os.ReadFile(filepath.Join(layout.Out, "main.js"))
	if err != nil || readErr != nil || string(got) != string(bundle) || !strings.Contains(string(got), "globalThis.changed = true;") {
		t.Errorf("main.js.br holds %q (%v, %v); want the changed main.js's bundle", got, err, readErr)
	}
}
