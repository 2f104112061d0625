package api

import (
	"reflect"
	"slices"

	"github.com/taint-playground/taint-playground/engine"
)

// handlers are the exports, each declared once: its name on
// globalThis.taintPlayground, whether it reads the last evaluated workspace,
// and the method that answers, whose parameter is the argument it decodes
// (with the defaults of what the caller leaves out, see newArgs). Nothing
// else names an export: the bridge publishes these (Exports), the worker
// refuses any other name, and package wasm/contract checks the page's calls
// against Names.
var handlers = []handler{
	takes("version", func(*Session, *noArgs) (any, error) { return About(), nil }),
	takesTexts("evaluate", []string{"nodes", "pods"}, (*Session).evaluate),
	onWorkspace("cells", (*Session).cells),
	onWorkspace("explain", (*Session).explain),
	onWorkspace("simulate", (*Session).simulate),
	takes("parseTaintCommand", (*Session).parseTaintCommand),
	onWorkspace("whatIf", (*Session).whatIf),
	onWorkspace("whatIfRule", (*Session).whatIfRule),
	takes("loadGenerated", (*Session).loadGenerated),
	takes("whatIfGenerated", (*Session).whatIfGenerated),
	takes("whatIfItems", (*Session).whatIfItems),
	takes("whatIfRows", (*Session).whatIfRows),
	takes("whatIfDownload", (*Session).whatIfDownload),
	onWorkspace("checkGoals", (*Session).checkGoals),
	onWorkspace("verdicts", (*Session).verdicts),
	takes("highlight", (*Session).highlight),
	takes("format", (*Session).format),
}

// noArgs is the argument of an export that takes none: null, or {}.
type noArgs struct{}

// handler is one export's Go side.
type handler struct {
	name string
	call func(s *Session, arg []byte) (any, error)
	// texts are the argument's long strings that the bridge may pass apart
	// (TextExport); callTexts answers them with the JSON of the rest.
	texts     []string
	callTexts func(s *Session, texts []string, arg []byte) (any, error)
}

// The constructors below take the argument's type as a pointer, P, so that
// Go compiles each of them once for every export (pointers share one GC
// shape): one instantiation per argument struct cost the WASM 59 KB raw
// and 4 KB of brotli more than this.

// takes declares an export whose argument, a P, answer answers.
func takes[P any](name string, answer func(*Session, P) (any, error)) handler {
	return handler{name: name, call: func(s *Session, arg []byte) (any, error) {
		args := newArgs[P]()
		if err := decodeArgs(name, arg, args); err != nil {
			return nil, err
		}
		return answer(s, args)
	}}
}

// defaulted is an argument with defaults for what the caller leaves out.
type defaulted interface{ setDefaults() }

// newArgs is a new argument of type P, a pointer to a struct: zero, or its
// defaults when it has some.
func newArgs[P any]() P {
	args := reflect.New(reflect.TypeFor[P]().Elem()).Interface()
	if d, ok := args.(defaulted); ok {
		d.setDefaults()
	}
	return args.(P)
}

// onWorkspace declares an export that takes a P, as takes does, and then
// reads the workspace of the last evaluate, which it needs first.
func onWorkspace[P any](name string, answer func(*Session, *engine.Workspace, P) (any, error)) handler {
	return takes(name, func(s *Session, args P) (any, error) {
		if s.workspace == nil {
			return nil, &Error{Message: name + ": call evaluate first"}
		}
		return answer(s, s.workspace, args)
	})
}

// textsArg is an argument with long strings that the bridge may pass apart.
type textsArg interface{ setTexts(texts []string) }

// takesTexts is takes for an argument with long strings, texts, that the
// bridge may pass as they are, apart from the JSON of the rest: escaping
// 100 KB of YAML into JSON and decoding it again cost more than copying it.
// The answer is the one the whole argument would get.
func takesTexts[P textsArg](name string, texts []string, answer func(*Session, P) (any, error)) handler {
	h := takes(name, answer)
	h.texts = texts
	h.callTexts = func(s *Session, values []string, arg []byte) (any, error) {
		args := newArgs[P]()
		if err := decodeArgs(name, arg, args); err != nil {
			return nil, err
		}
		args.setTexts(values)
		return answer(s, args)
	}
	return h
}

// Func is one export: it takes the JSON of its argument and returns a value
// that encodes to JSON, or an error.
type Func func(arg []byte) (any, error)

// Exports are the functions the page calls, by the names
// globalThis.taintPlayground has for them.
func (s *Session) Exports() map[string]Func {
	exports := make(map[string]Func, len(handlers))
	for _, h := range handlers {
		exports[h.name] = func(arg []byte) (any, error) { return h.call(s, arg) }
	}
	return exports
}

// TextExport is an export whose argument holds long strings, Texts, that the
// bridge may pass as they are, apart from the JSON of the rest, to Func
// (texts in the order of Texts).
type TextExport struct {
	Texts []string
	Func  func(texts []string, arg []byte) (any, error)
}

// TextExports are the exports the bridge may call with their text apart.
func (s *Session) TextExports() map[string]TextExport {
	exports := map[string]TextExport{}
	for _, h := range handlers {
		if h.texts != nil {
			exports[h.name] = TextExport{Texts: h.texts, Func: func(texts []string, arg []byte) (any, error) {
				return h.callTexts(s, texts, arg)
			}}
		}
	}
	return exports
}

// Call answers the export name for the JSON argument arg, as the page's call
// of it would be answered.
func (s *Session) Call(name string, arg []byte) (any, error) {
	i := slices.IndexFunc(handlers, func(h handler) bool { return h.name == name })
	if i < 0 {
		return nil, &Error{Message: "unknown function " + name}
	}
	return handlers[i].call(s, arg)
}

// Names are the exports' names, in the order of their declaration.
func Names() []string {
	names := make([]string, len(handlers))
	for i, h := range handlers {
		names[i] = h.name
	}
	return names
}
