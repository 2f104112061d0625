package bench

import (
	"os"
	"path/filepath"
)

// BrotliBudget is the most the release WASM may weigh with brotli: issue
// 12's 1.1 MB. It weighed 1,522,707 bytes before mkdist merged the linker's
// data segments, 1,449,080 before mkdist dropped the runtime's traceback
// tables, 1,239,994 before make wasm built chroma with lazy templates (a
// patched chroma) and 1,123,490 before mkdist shortened the libraries'
// function names, 1,094,840 after, 1,073,957 with a stub standing in for
// regexp2, 1,102,151 as the page grew, and 1,072,547 once the highlighter had
// token types of its own and the WASM linked no chroma. Issue 23 grants
// device taints 60 KB more, over the 1,076,378 before them; their decoding
// and CEL subset took 32,950 (1,109,328), and wiring the verdicts, the
// what-if and the timeline into the engine some 48 KB more; the engine's
// explanations as message data (issue 24) about 9 KB: 1,166,267 in all.
// Naming the project's functions by their package in the served WASM, and
// two sorts and a sorted insert that no longer compile generic code for a
// struct of their own, won back 9,925: 1,156,342. The page's what-if of a
// DeviceTaintRule, the last English sentences as messages, the syntax
// error's line found with goyaml.v3 and the device clock brought it to
// 1,175,721; reading scalars with engine/yaml11, which unlinked goyaml.v2
// and sigs.k8s.io/yaml, to 1,128,054; the status of the inventory's
// DeviceTaintRules in the report, to 1,129,864. The budget is issue 23's grant: 60 KB
// over the 1,076,378 before device taints.
const BrotliBudget = 1_136_378

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
