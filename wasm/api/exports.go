package api

import (
	"slices"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples/generated"
)

// handlers are the exports, each declared once: its name on
// globalThis.taintPlayground, the argument it decodes with the defaults of
// what the caller leaves out, whether it reads the last evaluated workspace,
// and the method that answers. Nothing else names an export: the bridge
// publishes these (Exports), the worker refuses any other name, and the
// page's contract module is written from Names (package wasm/contract).
var handlers = []handler{
	takes("version", noArgs{}, func(*Session, *noArgs) (any, error) { return About(), nil }),
	takesTexts("evaluate", []string{"nodes", "pods"}, newEvaluation(), (*Session).evaluate),
	onWorkspace("cells", engine.Window{}, (*Session).cells),
	onWorkspace("explain", cellArgs{}, (*Session).explain),
	onWorkspace("simulate", simulateArgs{}, (*Session).simulate),
	takes("parseTaintCommand", lineArgs{}, (*Session).parseTaintCommand),
	onWorkspace("whatIf", commandArgs{}, (*Session).whatIf),
	takes("loadGenerated", generated.Spec{}, (*Session).loadGenerated),
	takes("whatIfGenerated", generatedWhatIfArgs{Limit: 100}, (*Session).whatIfGenerated),
	takes("whatIfItems", itemsArgs{}, (*Session).whatIfItems),
	takes("whatIfRows", rowsArgs{Limit: 100}, (*Session).whatIfRows),
	takes("whatIfDownload", downloadArgs{}, (*Session).whatIfDownload),
	onWorkspace("checkGoals", goalsArgs{}, (*Session).checkGoals),
	onWorkspace("verdicts", noArgs{}, (*Session).verdicts),
	takes("highlight", highlightArgs{}, (*Session).highlight),
	takes("format", formatArgs{}, (*Session).format),
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

// takes declares an export whose argument decodes into an A that starts as
// defaults (copied for each call, so it holds no slice or map), answered by
// answer.
func takes[A any](name string, defaults A, answer func(*Session, *A) (any, error)) handler {
	return handler{name: name, call: func(s *Session, arg []byte) (any, error) {
		args, err := decode(name, defaults, arg)
		if err != nil {
			return nil, err
		}
		return answer(s, args)
	}}
}

// decode is the argument of the export name: defaults, with what the JSON
// arg holds decoded over them.
func decode[A any](name string, defaults A, arg []byte) (*A, error) {
	args := defaults
	if err := decodeArgs(name, arg, &args); err != nil {
		return nil, err
	}
	return &args, nil
}

// onWorkspace declares an export that takes an A, as takes does, and then
// reads the workspace of the last evaluate, which it needs first.
func onWorkspace[A any](name string, defaults A, answer func(*Session, *engine.Workspace, *A) (any, error)) handler {
	return takes(name, defaults, func(s *Session, args *A) (any, error) {
		if s.workspace == nil {
			return nil, &Error{Message: name + ": call evaluate first"}
		}
		return answer(s, s.workspace, args)
	})
}

// takesTexts is takes for an argument with long strings, texts, that the
// bridge may pass as they are, apart from the JSON of the rest: escaping
// 100 KB of YAML into JSON and decoding it again cost more than copying it.
// The answer is the one the whole argument would get.
func takesTexts[A any, P interface {
	*A
	setTexts(texts []string)
}](name string, texts []string, defaults A, answer func(*Session, *A) (any, error)) handler {
	h := takes(name, defaults, answer)
	h.texts = texts
	h.callTexts = func(s *Session, values []string, arg []byte) (any, error) {
		args, err := decode(name, defaults, arg)
		if err != nil {
			return nil, err
		}
		P(args).setTexts(values)
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
