package bench

import (
	"os"
	"path/filepath"
)

// BrotliBudget is the most the release WASM may weigh with brotli: the
// 1,457,844 bytes it weighed once the highlighter's hand-written lexer let
// the linker drop regexp2's matcher (issue 12; 1,498,572 before), and 2%.
// Issue 12 brings the WASM down to 1.1 MB.
const BrotliBudget = 1_487_000

// Sizes are the release WASM's bytes as built and as precompressed.
type Sizes struct {
	Raw, Gzip, Brotli int64
}

// WASMSizes reads the sizes of the WASM named wasm in the built site dir.
func WASMSizes(dir, wasm string) (Sizes, error) {
	var s Sizes
	for _, f := range []struct {
		suffix string
		size   *int64
	}{{"", &s.Raw}, {".gz", &s.Gzip}, {".br", &s.Brotli}} {
		info, err := os.Stat(filepath.Join(dir, wasm+f.suffix))
		if err != nil {
			return s, err
		}
		*f.size = info.Size()
	}
	return s, nil
}
