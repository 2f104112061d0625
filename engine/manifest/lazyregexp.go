package manifest

import (
	"regexp"
	"sync"
)

// lazyRegexp returns a function that compiles expr on its first call and
// returns the same *regexp.Regexp from then on. A package-level
// regexp.MustCompile runs at init, and in the page the first verdict waits
// for the WASM's init, where compiling costs more than natively: the
// WebAssembly engine also compiles the regexp package's own code then.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
