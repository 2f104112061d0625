package browsertest

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/taint-playground/taint-playground/web"
)

// Site is the built site, web/dist, served by the real handler on 127.0.0.1.
type Site struct {
	// URL is the site's root, with no trailing slash: http://127.0.0.1:PORT.
	URL string
	// Dir is the web/dist folder served.
	Dir string
	// WASM is the WASM's hashed file name in Dir, as build.json gives it.
	WASM string
}

// Serve starts the server's handler over web/dist for the rest of the test.
// A missing or incomplete build fails the test, naming `make build`: the
// browser tests never skip.
func Serve(t testing.TB) *Site {
	t.Helper()
	site, stop, err := ServeDist()
	if err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	t.Cleanup(stop)
	return site
}

// ServeDist serves web/dist with the real handler on 127.0.0.1 until stop.
func ServeDist() (site *Site, stop func(), err error) {
	root, err := ModuleRoot()
	if err != nil {
		return nil, nil, err
	}
	dir := filepath.Join(root, "web", "dist")
	wasm, err := checkBuilt(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: run make build first", err)
	}
	handler, err := web.NewHandler(os.DirFS(dir))
	if err != nil {
		return nil, nil, err
	}
	server := httptest.NewServer(handler)
	return &Site{URL: server.URL, Dir: dir, WASM: wasm}, server.Close, nil
}

// checkBuilt returns the WASM's name from build.json, or what is missing from
// a built site: index.html, build.json, or the WASM it names.
func checkBuilt(dir string) (wasm string, err error) {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return "", fmt.Errorf("%s has no built site", dir)
	}
	data, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		return "", fmt.Errorf("%s has no build.json", dir)
	}
	var manifest struct {
		WASM string `json:"wasm"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil || manifest.WASM == "" {
		return "", fmt.Errorf("%s/build.json names no WASM", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, manifest.WASM)); err != nil {
		return "", fmt.Errorf("%s lacks %s, which build.json names", dir, manifest.WASM)
	}
	return manifest.WASM, nil
}
