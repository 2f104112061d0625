package bench

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestWASMParts splits a small Go program built for js/wasm: every part
// holds something, the code is most of the module, and the function names
// hold the program's.
func TestWASMParts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a WASM")
	}
	out := filepath.Join(t.TempDir(), "program.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./internal/wasmpost/testdata/runtimecheck")
	build.Dir = "../.."
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if output, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, output)
	}
	module, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := WASMParts(module)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 12 || !strings.HasPrefix(parts[0].Name, "code") || !strings.HasPrefix(parts[len(parts)-1].Name, "everything else") {
		t.Fatalf("parts: %+v", parts)
	}
	for _, p := range parts {
		if p.Raw == 0 || p.Brotli == 0 {
			t.Errorf("%s is empty: %+v", p.Name, p)
		}
	}
	if parts[0].Raw*3 < len(module) {
		t.Errorf("the code is %d of the module's %d bytes; want over a third", parts[0].Raw, len(module))
	}
	if _, err := WASMParts(module[:len(module)/2]); err == nil {
		t.Error("half a module was split without an error")
	}
}
