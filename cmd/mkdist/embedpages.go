package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/taint-playground/taint-playground/web"
)

// preloadedWASM is the WASM's preload link in the built index.html, its
// hashed name in the first group.
var preloadedWASM = regexp.MustCompile(`<link rel="preload" href="([^"]+\.wasm)"[^>]*>`)

// writeLazyEmbedPage writes web.LazyEmbedPage into dir from the page
// index.html as the build left it (the WASM's name, the first answers, the
// bundle): the same page, but the WASM is named by a meta element instead of
// the preload link, so the browser does not fetch it while it parses. The
// server sends it for the embed of a gallery example, which shows the
// example from the answers examples.json holds and starts the engine only
// once the reader touches the frame (js/embed/lazyengine.js); six such frames on
// a docs page then cost no WASM download, no worker and no Go runtime.
func writeLazyEmbedPage(dir string) error {
	path := filepath.Join(dir, pageName)
	page, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if n := len(preloadedWASM.FindAll(page, -1)); n != 1 {
		return fmt.Errorf("%s: %d preload links of a WASM; want one", path, n)
	}
	lazy := preloadedWASM.ReplaceAll(page, []byte(`<meta name="`+web.LazyWASMMeta+`" content="$1">`))
	return os.WriteFile(filepath.Join(dir, web.LazyEmbedPage), lazy, 0o644)
}
