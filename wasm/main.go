//go:build js && wasm

// Command wasm is the Taint Playground engine compiled to WebAssembly. It runs
// inside the page's Web Worker, so its synchronous calls never block the page.
//
// main sets exactly one global, globalThis.taintPlayground, before it blocks,
// so the global exists as soon as the worker's go.run(instance) returns
// control. It holds `ready`, a Promise resolved with {kubernetes, go} (the
// value of version, without a call), and one function per export of
// package api (its handler table, wasm/api/exports.go, names them), each
// taking one plain object and returning {ok: true, value} or
// {ok: false, error: {message, line, field}}; under `json` the same
// functions return that answer's JSON text.
package main

import (
	"runtime/debug"

	"github.com/taint-playground/taint-playground/wasm/api"
)

// global is the one name the program adds to globalThis.
const global = "taintPlayground"

// decorate, when a build tag sets it, wraps the exports before they are
// published (see faults.go); the release build leaves it nil.
var decorate func(exports map[string]api.Func)

// gcPercent and memoryLimit tune the garbage collector for a program that
// runs one call at a time on one thread, where every collection and sweep
// adds to the call: it collects at five times the live heap rather than
// two, which made evaluating 500 nodes × 50 pods in the page a fifth
// faster, until the memory limit, from which on it collects to stay under
// it. Without the limit, the largest workspaces' linear memory (which never
// shrinks) doubled; with it, the what-if on --all of 5,000 nodes peaks at
// 226 MB rather than 208 MB, and 100 × 10,000 pods at 194 MB rather than
// 176 MB, no slower than before.
const (
	gcPercent   = 400
	memoryLimit = 192 << 20 // bytes
)

func main() {
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(memoryLimit)
	var session api.Session
	exports := session.Exports()
	texts := session.TextExports()
	if decorate != nil {
		// A decorated export sees every argument in its JSON.
		decorate(exports)
		texts = nil
	}
	if err := publish(global, exports, texts); err != nil {
		println("taint-playground: cannot publish the exports:", err.Error())
		return
	}
	// Returning would end the Go program, and every later call would throw
	// "Go program has already exited".
	select {}
}
