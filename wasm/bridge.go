//go:build js && wasm

package main

import (
	"fmt"

	"github.com/hack-pad/safejs"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// publish sets globalThis[name] to an object with `ready`, a resolved Promise,
// and one function per export.
func publish(name string, exports map[string]api.Func) error {
	global := safejs.Global()
	json, err := global.Get("JSON")
	if err != nil {
		return err
	}
	object, err := global.Get("Object")
	if err != nil {
		return err
	}
	namespace, err := object.New()
	if err != nil {
		return err
	}
	promise, err := global.Get("Promise")
	if err != nil {
		return err
	}
	ready, err := promise.Call("resolve", true)
	if err != nil {
		return err
	}
	if err := namespace.Set("ready", ready); err != nil {
		return err
	}
	for export, fn := range exports {
		// The functions live as long as the program, so they are never released.
		f, err := safejs.FuncOf(bridge(json, export, fn))
		if err != nil {
			return err
		}
		if err := namespace.Set(export, f.Value()); err != nil {
			return err
		}
	}
	return global.Set(name, namespace)
}

// bridge adapts an export to JavaScript. The argument crosses as one
// JSON.stringify and the answer as one JSON.parse of Go-marshalled JSON: one
// crossing each way, measured faster than building objects key by key through
// syscall/js, and the only way to pass the engine's structs (js.ValueOf panics
// on them). The one recover of the bridge turns a panic into an error answer,
// because a panic that reached wasm_exec.js would stop the Go program and make
// every later call throw.
func bridge(json safejs.Value, export string, fn api.Func) func(safejs.Value, []safejs.Value) any {
	return func(_ safejs.Value, args []safejs.Value) (answer any) {
		defer func() {
			if r := recover(); r != nil {
				answer = failure(fmt.Sprintf("%s: internal error: %v", export, r))
			}
		}()
		arg, err := stringify(json, export, args)
		var data []byte
		if err != nil {
			data = api.Respond(nil, err)
		} else {
			data = api.Respond(fn(arg))
		}
		value, err := json.Call("parse", string(data))
		if err != nil {
			return failure(fmt.Sprintf("%s: the answer cannot be parsed: %v", export, err))
		}
		return value
	}
}

// failure is an error answer built without JSON, for when JSON is what failed.
func failure(message string) map[string]any {
	return map[string]any{"ok": false, "error": map[string]any{"message": message, "line": 0, "field": ""}}
}

// stringify is the JSON of the one argument; no argument, or undefined, is null.
func stringify(json safejs.Value, export string, args []safejs.Value) ([]byte, error) {
	switch {
	case len(args) > 1:
		return nil, &api.Error{Message: fmt.Sprintf("%s takes one object argument, not %d arguments", export, len(args))}
	case len(args) == 0 || args[0].IsUndefined():
		return []byte("null"), nil
	}
	text, err := json.Call("stringify", args[0])
	if err != nil {
		return nil, &api.Error{Message: fmt.Sprintf("%s: the argument cannot be read as JSON: %v", export, err)}
	}
	if text.Type() != safejs.TypeString {
		return []byte("null"), nil
	}
	s, err := text.String()
	return []byte(s), err
}
