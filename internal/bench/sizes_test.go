package bench_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestReleaseWASMBudget checks the brotli size of the built WASM, as the
// site serves it, against its budget.
func TestReleaseWASMBudget(t *testing.T) {
	site := browsertest.Serve(t)
	info, err := os.Stat(filepath.Join(site.Dir, site.WASM+".br"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > bench.BrotliBudget {
		t.Errorf("the release WASM is %d bytes with brotli; the budget is %d", info.Size(), bench.BrotliBudget)
	}
}
