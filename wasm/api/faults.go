package api

// ForcedFailure is the Nodes text on which evaluate panics in a WASM built
// with -tags faultinjection (wasm/faults.go). The browser tests build such a
// WASM to prove, through the page, its worker and the bridge, that an
// internal failure in one call comes back as an error and the next call
// still works; the release build has no such hook.
const ForcedFailure = "# taint-playground: force an internal failure"
