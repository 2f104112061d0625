//go:build js && wasm

package main

import (
	"fmt"

	"github.com/hack-pad/safejs"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// publish sets globalThis[name] to an object with `ready`, a Promise resolved
// with api.About() as {kubernetes, go},
// one function per export answering a plain object, and `json`, an object
// with the same functions answering the object's JSON text. A worker that
// forwards answers as text (worker.js does, since a string crosses postMessage
// faster than a structured clone of 25,000 cells) calls the json ones and
// saves parsing and re-serialising every report.
//
// An export among texts takes its argument's long strings as they are, apart
// from the JSON of the rest, when they are strings (see textArgs).
func publish(name string, exports map[string]api.Func, texts map[string]api.TextExport) error {
	global := safejs.Global()
	json, err := global.Get("JSON")
	if err != nil {
		return err
	}
	object, err := global.Get("Object")
	if err != nil {
		return err
	}
	namespace, err := newObject(global)
	if err != nil {
		return err
	}
	text, err := newObject(global)
	if err != nil {
		return err
	}
	promise, err := global.Get("Promise")
	if err != nil {
		return err
	}
	about := api.About()
	ready, err := promise.Call("resolve", map[string]any{"kubernetes": about.Kubernetes, "go": about.Go})
	if err != nil {
		return err
	}
	if err := namespace.Set("ready", ready); err != nil {
		return err
	}
	if err := namespace.Set("json", text); err != nil {
		return err
	}
	for export, fn := range exports {
		var apart *api.TextExport
		if t, ok := texts[export]; ok {
			apart = &t
		}
		answer := bridge(json, object, export, fn, apart)
		// The functions live as long as the program, so they are never released.
		asObject, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
			value, err := json.Call("parse", string(answer(args)))
			if err != nil {
				return failure(fmt.Sprintf("%s: the answer cannot be parsed: %v", export, err))
			}
			return value
		})
		if err != nil {
			return err
		}
		asText, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
			return string(answer(args))
		})
		if err != nil {
			return err
		}
		if err := namespace.Set(export, asObject.Value()); err != nil {
			return err
		}
		if err := text.Set(export, asText.Value()); err != nil {
			return err
		}
	}
	return global.Set(name, namespace)
}

// newObject is a new, empty JavaScript object.
func newObject(global safejs.Value) (safejs.Value, error) {
	object, err := global.Get("Object")
	if err != nil {
		return safejs.Value{}, err
	}
	return object.New()
}

// bridge adapts an export to JavaScript: it answers the JSON of the envelope.
// The argument crosses as one JSON.stringify and the answer as one string of
// Go-marshalled JSON, which the caller parses once: one crossing each way,
// measured faster than building objects key by key through syscall/js, and
// the only way to pass the engine's structs (js.ValueOf panics on them). The
// one recover of the bridge turns a panic into an error answer, because a
// panic that reached wasm_exec.js would stop the Go program and make every
// later call throw.
//
// An export with a text, given one object whose text fields are strings,
// gets those strings as they are and only the rest goes through
// JSON.stringify: escaping 100 KB of YAML into JSON and decoding it again in
// Go cost more than copying it. Any other argument takes the plain way,
// which says what is wrong with it.
func bridge(json, object safejs.Value, export string, fn api.Func, text *api.TextExport) func([]safejs.Value) []byte {
	return func(args []safejs.Value) (answer []byte) {
		defer func() {
			if r := recover(); r != nil {
				answer = api.Respond(nil, fmt.Errorf("%s: internal error: %v", export, r))
			}
		}()
		if text != nil {
			if texts, rest, ok := textArgs(object, args, text.Texts); ok {
				arg, err := stringify(json, export, []safejs.Value{rest})
				if err != nil {
					return api.Respond(nil, err)
				}
				return api.Respond(text.Func(texts, arg))
			}
		}
		arg, err := stringify(json, export, args)
		if err != nil {
			return api.Respond(nil, err)
		}
		return api.Respond(fn(arg))
	}
}

// textArgs are the strings of the argument's fields names and a copy of the
// argument without them; ok is false unless there is one object argument
// whose fields names are all strings.
func textArgs(object safejs.Value, args []safejs.Value, names []string) (texts []string, rest safejs.Value, ok bool) {
	if len(args) != 1 || args[0].Type() != safejs.TypeObject {
		return nil, safejs.Value{}, false
	}
	for _, name := range names {
		field, err := args[0].Get(name)
		if err != nil || field.Type() != safejs.TypeString {
			return nil, safejs.Value{}, false
		}
		s, err := field.String()
		if err != nil {
			return nil, safejs.Value{}, false
		}
		texts = append(texts, s)
	}
	empty, err := object.New()
	if err != nil {
		return nil, safejs.Value{}, false
	}
	rest, err = object.Call("assign", empty, args[0])
	if err != nil {
		return nil, safejs.Value{}, false
	}
	for _, name := range names {
		if err := rest.Delete(name); err != nil {
			return nil, safejs.Value{}, false
		}
	}
	return texts, rest, true
}

// failure is an error answer built without JSON, for when parsing the JSON is
// what failed.
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
