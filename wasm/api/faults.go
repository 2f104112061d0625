package api

// ForcedFailure is the Nodes text on which evaluate panics in a WASM built
// with -tags faultinjection (wasm/faults.go). The browser tests build such a
// WASM to prove, through the page, its worker and the bridge, that an
// internal failure in one call comes back as an error and the next call
// still works; the release build has no such hook.
const ForcedFailure = "# taint-playground: force an internal failure"

// ForcedExit is the Nodes text on which evaluate ends the Go program, as
// running out of memory would, in a WASM built with -tags faultinjection. The
// browser tests use it to prove that the page replaces a stopped worker,
// says so, and evaluates again.
const ForcedExit = "# taint-playground: force the engine to exit"
