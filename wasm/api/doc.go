// Package api is what the WASM exports, as plain Go: each function takes its
// one argument as JSON, calls one engine function and returns a value that
// encodes to JSON. It has no JavaScript in it, so it is tested natively; the
// js/wasm main package only moves bytes across the boundary.
//
// Every answer is an Envelope: {"ok": true, "value": …} or
// {"ok": false, "error": {"message", "line", "field"}}.
package api
