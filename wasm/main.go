//go:build js && wasm

// Command wasm is the Taint Playground engine compiled to WebAssembly. It runs
// inside the page's Web Worker, so its synchronous calls never block the page.
//
// main sets exactly one global, globalThis.taintPlayground, before it blocks,
// so the global exists as soon as the worker's go.run(instance) returns
// control. It holds `ready`, a resolved Promise, and one function per export of
// package api (version, evaluate, cells, explain, simulate,
// parseTaintCommand, whatIf, loadGenerated, whatIfGenerated, whatIfItems,
// whatIfRows, whatIfDownload, checkGoals, verdicts, highlight, format), each taking one plain object and returning
// {ok: true, value} or {ok: false, error: {message, line, field}}; under
// `json` the same functions return that answer's JSON text.
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
// adds to the call: collecting at five times the live heap rather than two
// made evaluating 500 nodes × 50 pods 15% faster in Node, 10,000 pasted nodes
// 10% and 100 × 10,000 pods 24%, with the same peak memory there (each
// call's own allocations set the peak). The limit makes it collect sooner
// near 1 GiB instead of growing the linear memory, which never shrinks.
const (
	gcPercent   = 400
	memoryLimit = 1 << 30
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
