package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// pageName is the page that names the WASM.
const pageName = "index.html"

// wasmLink is how index.html names the WASM in web/static: a preload link
// whose href mkdist replaces with the hashed name. The browser then fetches
// the WASM while it parses the page, and js/boot.js reads the name from the
// link and compiles the WASM on the main thread at once, instead of the
// worker fetching build.json first (a round trip, after worker.js and
// wasm_exec.js, before the WASM's request could start).
var wasmLink = []byte(`href="` + wasmName + `"`)

// nameWASMInPage writes the WASM's hashed name into the page in dir, which
// must name the WASM exactly once.
func nameWASMInPage(dir, hashed string) error {
	path := filepath.Join(dir, pageName)
	page, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if n := bytes.Count(page, wasmLink); n != 1 {
		return fmt.Errorf("%s: %d links %s; want one, which mkdist points at the hashed WASM", path, n, wasmLink)
	}
	page = bytes.Replace(page, wasmLink, []byte(`href="`+hashed+`"`), 1)
	return os.WriteFile(path, page, 0o644)
}
