package browsertest

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/taint-playground/taint-playground/web"
)

// ServeTagged serves a copy of web/dist whose WASM is rebuilt from ./wasm
// with the given build tags, for a test that needs a hook the release build
// lacks (wasm/faults.go). The copy keeps the WASM's hashed name so build.json
// still finds it, and drops its compressed twins so the server sends the
// rebuilt one.
func ServeTagged(t testing.TB, tags string) *Site {
	t.Helper()
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dist := filepath.Join(root, "web", "dist")
	wasm, err := checkBuilt(dist)
	if err != nil {
		t.Fatalf("browsertest: %v: run make build first", err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(dist)); err != nil {
		t.Fatalf("browsertest: copy %s: %v", dist, err)
	}
	for _, twin := range []string{".br", ".gz"} {
		if err := os.Remove(filepath.Join(dir, wasm+twin)); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	build := exec.Command("go", "build", "-trimpath", "-tags", tags, "-o", filepath.Join(dir, wasm), "./wasm")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("browsertest: build the WASM with -tags %s: %v\n%s", tags, err, out)
	}
	handler, err := web.NewHandler(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(handler)
	t.Cleanup(server.Close)
	return &Site{URL: server.URL, Dir: dir, WASM: wasm}
}
