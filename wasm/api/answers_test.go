package api

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestEvaluateAndCellsAnswerAsEncodingJSON: evaluate and cells write their
// answers with the engine's own writer; each must be, byte for byte, the
// Envelope encoding/json makes of the same report or page (the page and the
// command line read the same JSON).
func TestEvaluateAndCellsAnswerAsEncodingJSON(t *testing.T) {
	nodes, pods := workspaceText(300, 100)
	for _, window := range []*engine.Window{nil, {Pod: 50, Node: 40, Pods: 50, Nodes: 40}, {Pods: 1000, Nodes: 1000}} {
		var s Session
		arg := []byte(evaluateArg(t, nodes, pods, window))
		got := Respond(s.Call("evaluate", arg))
		win := engine.FirstWindow
		if window != nil {
			win = *window
		}
		want, err := json.Marshal(Envelope{OK: true, Value: engine.Load(nodes, pods, core.DefaultOptions()).EvaluatePage(win)})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("evaluate, window %v: the answer differs from encoding/json's\n got %.300s\nwant %.300s", window, got, want)
		}
		page := []byte(`{"pod": 80, "node": 280, "pods": 50, "nodes": 40}`)
		got = Respond(s.Call("cells", page))
		w, cells := s.workspace.Cells(engine.Window{Pod: 80, Node: 280, Pods: 50, Nodes: 40})
		if want, _ = json.Marshal(Envelope{OK: true, Value: CellsPage{Window: w, Cells: cells}}); !bytes.Equal(got, want) {
			t.Fatalf("cells: the answer differs from encoding/json's\n got %.300s\nwant %.300s", got, want)
		}
	}
}

// TestEvaluateTextsAnswersAsEvaluate: the editors' text given apart answers
// what the same text inside the JSON answers, and an unknown field beside
// it is still refused.
func TestEvaluateTextsAnswersAsEvaluate(t *testing.T) {
	nodes, pods := workspaceText(30, 20)
	var whole, apart Session
	want := Respond(whole.Call("evaluate", []byte(evaluateArg(t, nodes, pods, &engine.Window{Pod: 1, Pods: 5, Nodes: 7}))))
	got := Respond(apart.TextExports()["evaluate"].Func([]string{nodes, pods}, []byte(`{"window":{"pod":1,"pods":5,"nodes":7}}`)))
	if !bytes.Equal(got, want) {
		t.Errorf("EvaluateTexts answered\n%.300s\nwant\n%.300s", got, want)
	}
	if _, err := apart.TextExports()["evaluate"].Func([]string{nodes, pods}, []byte(`{"verbose":true}`)); err == nil || err.Error() != `evaluate: unknown argument "verbose"` {
		t.Errorf("an unknown field beside the text: %v", err)
	}
}
