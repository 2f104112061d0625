//go:build js && wasm

package main

import (
	"encoding/json"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hack-pad/safejs"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/wasm/api"
)

// testGlobal keeps the test's exports apart from main's.
const testGlobal = "taintPlaygroundTest"

// namespace publishes the session's exports plus one that panics, and returns
// the object JavaScript sees.
func namespace(t *testing.T) safejs.Value {
	t.Helper()
	var session api.Session
	exports := session.Exports()
	exports["panics"] = func([]byte) (any, error) { panic("forced failure") }
	if err := publish(testGlobal, exports, session.TextExports()); err != nil {
		t.Fatal(err)
	}
	ns, err := safejs.Global().Get(testGlobal)
	if err != nil {
		t.Fatal(err)
	}
	return ns
}

// js evaluates a JavaScript expression, as a page script would write it.
func js(t *testing.T, expression string) safejs.Value {
	t.Helper()
	fn, err := safejs.Global().Get("Function")
	if err != nil {
		t.Fatal(err)
	}
	body, err := fn.New("return (" + expression + ");")
	if err != nil {
		t.Fatal(err)
	}
	v, err := body.Invoke()
	if err != nil {
		t.Fatalf("%s: %v", expression, err)
	}
	return v
}

// answer calls ns[export](...args) and returns the answer as JSON decoded
// into Go values, for comparison.
func answer(t *testing.T, ns safejs.Value, export string, args ...any) any {
	t.Helper()
	result, err := ns.Call(export, args...)
	if err != nil {
		t.Fatalf("%s threw: %v", export, err)
	}
	text, err := js(t, "JSON.stringify").Invoke(result)
	if err != nil {
		t.Fatal(err)
	}
	s, err := text.String()
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s answered %q: %v", export, s, err)
	}
	return v
}

// failed is the error answer with a message only.
func failed(message string) any {
	return map[string]any{"ok": false, "error": map[string]any{"message": message, "line": 0.0, "field": ""}}
}

func TestNamespace(t *testing.T) {
	namespace(t)
	keys, err := js(t, "Object.keys(globalThis."+testGlobal+").sort().join(',')").String()
	if err != nil {
		t.Fatal(err)
	}
	if want := "cells,checkGoals,evaluate,explain,format,highlight,json,loadGenerated,panics,parseTaintCommand,ready,simulate,verdicts,version,whatIf,whatIfDownload,whatIfGenerated,whatIfItems,whatIfRows,whatIfRule"; keys != want {
		t.Errorf("the namespace holds %s; want %s", keys, want)
	}
	textKeys, err := js(t, "Object.keys(globalThis."+testGlobal+".json).sort().join(',')").String()
	if err != nil {
		t.Fatal(err)
	}
	if want := "cells,checkGoals,evaluate,explain,format,highlight,loadGenerated,panics,parseTaintCommand,simulate,verdicts,version,whatIf,whatIfDownload,whatIfGenerated,whatIfItems,whatIfRows,whatIfRule"; textKeys != want {
		t.Errorf("the json namespace holds %s; want %s", textKeys, want)
	}
	isPromise, err := js(t, "globalThis."+testGlobal+".ready instanceof Promise").Bool()
	if err != nil || !isPromise {
		t.Errorf("ready is not a Promise (%v)", err)
	}
}

// TestReadyResolvesToTheVersion checks that ready resolves to what version
// answers: the worker tells the page the versions from it, without a call.
func TestReadyResolvesToTheVersion(t *testing.T) {
	ns := namespace(t)
	resolved := make(chan safejs.Value, 1)
	then, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		resolved <- args[0]
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	defer then.Release()
	ready, err := ns.Get("ready")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ready.Call("then", then.Value()); err != nil {
		t.Fatal(err)
	}
	text, err := js(t, "JSON.stringify").Invoke(<-resolved)
	if err != nil {
		t.Fatal(err)
	}
	s, err := text.String()
	if err != nil {
		t.Fatal(err)
	}
	var got any
	if err := json.Unmarshal([]byte(s), &got); err != nil {
		t.Fatalf("ready resolved to %q: %v", s, err)
	}
	version := answer(t, ns, "version", js(t, "{}")).(map[string]any)["value"]
	if diff := cmp.Diff(version, got); diff != "" {
		t.Errorf("ready resolved to (-version's value +got):\n%s", diff)
	}
	if version == nil {
		t.Error("version answered no value")
	}
}

// TestPanicDoesNotKillTheProgram forces a panic in one call and checks that
// it comes back as an error value and that the next calls still work: a panic
// reaching wasm_exec.js would make every later call throw.
func TestPanicDoesNotKillTheProgram(t *testing.T) {
	ns := namespace(t)
	if diff := cmp.Diff(failed("panics: internal error: forced failure"), answer(t, ns, "panics", js(t, "{}"))); diff != "" {
		t.Errorf("panicking call (-want +got):\n%s", diff)
	}
	want := map[string]any{"ok": true, "value": map[string]any{"kubernetes": core.KubernetesVersion, "go": runtime.Version()}}
	for i := range 3 {
		if diff := cmp.Diff(want, answer(t, ns, "version", js(t, "{}"))); diff != "" {
			t.Errorf("call %d after the panic (-want +got):\n%s", i+1, diff)
		}
	}
	got := answer(t, ns, "evaluate", js(t, `{nodes: "", pods: ""}`)).(map[string]any)
	if got["ok"] != true {
		t.Errorf("evaluate after the panic: %v", got)
	}
}

// TestJSONAnswersAreTheObjectsText checks that ns.json.f answers the JSON
// text of what ns.f answers, a panic included.
func TestJSONAnswersAreTheObjectsText(t *testing.T) {
	ns := namespace(t)
	text, err := ns.Get("json")
	if err != nil {
		t.Fatal(err)
	}
	for _, export := range []string{"panics", "version", "highlight"} {
		result, err := text.Call(export, js(t, `{text: "effect: NoSchedule"}`))
		if err != nil {
			t.Fatalf("json.%s threw: %v", export, err)
		}
		s, err := result.String()
		if err != nil {
			t.Fatalf("json.%s answered %v, not a string: %v", export, result, err)
		}
		var got any
		if err := json.Unmarshal([]byte(s), &got); err != nil {
			t.Fatalf("json.%s answered %q: %v", export, s, err)
		}
		if diff := cmp.Diff(answer(t, ns, export, js(t, `{text: "effect: NoSchedule"}`)), got); diff != "" {
			t.Errorf("json.%s differs from %s (-object +text):\n%s", export, export, diff)
		}
	}
}

func TestArguments(t *testing.T) {
	ns := namespace(t)
	tests := []struct {
		name string
		args []any
		want any
	}{
		{name: "no argument is null", want: map[string]any{"ok": true, "value": map[string]any{
			"kubernetes": core.KubernetesVersion, "go": runtime.Version()}}},
		{name: "two arguments", args: []any{js(t, "{}"), js(t, "{}")},
			want: failed("version takes one object argument, not 2 arguments")},
		{name: "a misspelt field names it", args: []any{js(t, "{verbose: true}")},
			want: map[string]any{"ok": false, "error": map[string]any{
				"message": `version: unknown argument "verbose"`, "line": 0.0, "field": "verbose"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, answer(t, ns, "version", tc.args...)); diff != "" {
				t.Errorf("version (-want +got):\n%s", diff)
			}
		})
	}
	cyclic := js(t, "(() => { const o = {}; o.self = o; return o; })()")
	got := answer(t, ns, "version", cyclic).(map[string]any)
	if got["ok"] != false {
		t.Errorf("a cyclic argument answered %v; want an error value", got)
	}
}

// TestEvaluateCrossesAsPlainObjects checks that the report reaches
// JavaScript as plain objects with the engine's JSON field names.
func TestEvaluateCrossesAsPlainObjects(t *testing.T) {
	ns := namespace(t)
	result, err := ns.Call("evaluate", js(t, `{nodes: "", pods: "", options: {comparisonOperators: true}}`))
	if err != nil {
		t.Fatal(err)
	}
	value, err := result.Get("value")
	if err != nil {
		t.Fatal(err)
	}
	options, err := value.Get("options")
	if err != nil {
		t.Fatal(err)
	}
	gate, err := options.Get("comparisonOperators")
	if err != nil {
		t.Fatal(err)
	}
	if on, err := gate.Bool(); err != nil || !on {
		t.Errorf("value.options.comparisonOperators = %v (%v); want true", on, err)
	}
	kubernetes, err := value.Get("kubernetes")
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := kubernetes.String(); s != core.KubernetesVersion {
		t.Errorf("value.kubernetes = %q; want %q", s, core.KubernetesVersion)
	}
}

// TestEvaluateTextsCrossAsThemselves: evaluate's text reaches the engine
// apart from the JSON of the rest, and answers byte for byte what the
// argument's JSON answers; an argument whose text is not two strings takes
// the JSON way, which names what is wrong, as does an unknown field beside
// the text.
func TestEvaluateTextsCrossAsThemselves(t *testing.T) {
	ns := namespace(t)
	text, err := ns.Get("json")
	if err != nil {
		t.Fatal(err)
	}
	nodes := `kubectl taint nodes node-1 dedicated=gpu:NoSchedule\nkubectl taint nodes node-2 <b>&\u2028\ud800:NoExecute\n`
	pods := `kind: Pod\nmetadata: {name: \"web\\u00e9\\ud800\"}\nspec:\n  tolerations: [{key: dedicated, operator: Exists}]\n`
	for _, arg := range []string{
		`{nodes: "` + nodes + `", pods: "` + pods + `", options: {comparisonOperators: true}, window: {pod: 0, node: 1, pods: 1, nodes: 1}}`,
		`{nodes: "` + nodes + `", pods: "` + pods + `"}`,
		`{nodes: "` + nodes + `"}`,
		`{nodes: 5, pods: ""}`,
		`{nodes: "", pods: "", verbose: true}`,
	} {
		result, err := text.Call("evaluate", js(t, arg))
		if err != nil {
			t.Fatalf("evaluate(%s) threw: %v", arg, err)
		}
		got, err := result.String()
		if err != nil {
			t.Fatal(err)
		}
		asJSON, err := js(t, "JSON.stringify").Invoke(js(t, arg))
		if err != nil {
			t.Fatal(err)
		}
		argJSON, err := asJSON.String()
		if err != nil {
			t.Fatal(err)
		}
		var session api.Session
		if want := string(api.Respond(session.Call("evaluate", []byte(argJSON)))); got != want {
			t.Errorf("evaluate(%s) answered\n%.300s\nwant\n%.300s", arg, got, want)
		}
	}
}
