//go:build js && wasm

// Command wasm is the Taint Playground engine compiled to WebAssembly. It runs
// inside the page's Web Worker, so its synchronous calls never block the page.
//
// main sets exactly one global, globalThis.taintPlayground, before it blocks,
// so the global exists as soon as the worker's go.run(instance) returns
// control. It holds `ready`, a Promise resolved with {kubernetes, go} (the
// value of version, without a call), and one function per export of
// package api (version, evaluate, cells, explain, simulate,
// parseTaintCommand, whatIf, loadGenerated, whatIfGenerated, whatIfItems,
// whatIfRows, whatIfDownload, checkGoals, verdicts, highlight, format), each taking one plain object and returning
// {ok: true, value} or {ok: false, error: {message, line, field}}; under
// `json` the same functions return that answer's JSON text.
package main

import "github.com/taint-playground/taint-playground/wasm/api"

// global is the one name the program adds to globalThis.
const global = "taintPlayground"

// decorate, when a build tag sets it, wraps the exports before they are
// published (see faults.go); the release build leaves it nil.
var decorate func(exports map[string]api.Func)

func main() {
	var session api.Session
	exports := session.Exports()
	if decorate != nil {
		decorate(exports)
	}
	if err := publish(global, exports); err != nil {
		println("taint-playground: cannot publish the exports:", err.Error())
		return
	}
	// Returning would end the Go program, and every later call would throw
	// "Go program has already exited".
	select {}
}
