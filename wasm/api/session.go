package api

import (
	"encoding/json"
	"runtime"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/wasm/api/wire"
	"github.com/taint-playground/taint-playground/wasm/highlight"
)

// Session holds what one page's calls share: the workspace of the last
// evaluate, which explain and simulate read, so that the editors' text is
// decoded once per change and not once per click; and the generated cluster
// (loadGenerated); and the blast radius of the last what-if, on either,
// which whatIfItems, whatIfRows and whatIfDownload read.
type Session struct {
	workspace *engine.Workspace
	generated *engine.Workspace
	last      lastRadius
}

// VersionInfo says whose behaviour the engine reproduces and what built it.
type VersionInfo struct {
	Kubernetes string `json:"kubernetes"`
	Go         string `json:"go"`
}

// About is the value of version, which the bridge's ready Promise also
// resolves to: the page learns it without calling into Go (and compiling
// encoding/json's encoder) before its first evaluate.
func About() VersionInfo {
	return VersionInfo{Kubernetes: core.KubernetesVersion, Go: runtime.Version()}
}

// evaluation is evaluate's argument.
type evaluation struct {
	Nodes   string        `json:"nodes"`
	Pods    string        `json:"pods"`
	Options core.Options  `json:"options"`
	Window  engine.Window `json:"window"`
	// Details is the most pairs the page shows as cards: a workspace of
	// that many pairs or fewer gets every cell's CellDetail in the answer,
	// so that the cards need no explain call each.
	Details int `json:"details"`
}

// setTexts sets the editors' text the bridge passed apart.
func (e *evaluation) setTexts(texts []string) { e.Nodes, e.Pods = texts[0], texts[1] }

// setDefaults sets what an evaluate leaves out: core.DefaultOptions (and
// so each options field left out) and engine.FirstWindow.
func (e *evaluation) setDefaults() {
	e.Options, e.Window = core.DefaultOptions(), engine.FirstWindow
}

// evaluate takes {nodes, pods, options, window, details} and returns the engine's
// Report within its work budget, as the page shows it
// (engine.EvaluatePage): every cell when the window covers the matrix,
// otherwise counts over every pair with the window's cells and the running
// ones, and no cells over engine.MaxPairs. It drops the generated cluster: the page has returned
// to the editors' one. Missing options, and options fields left out, keep
// core.DefaultOptions; a missing window is engine.FirstWindow. With details
// (see evaluation), a small workspace's answer also has its cells' details.
// A workspace with devices also gets "deviceClock", the time its device
// verdicts are for (engine.Workspace.DeviceClock: the page sets no Now):
// the countdown's t = 0 for the device evictions simulate places on it.
//
// The bridge may pass nodes and pods apart from the JSON of the rest
// (takesTexts): that saved a tenth of evaluating 500 nodes × 50 pods in the
// WASM.
func (s *Session) evaluate(args *evaluation) (any, error) {
	// The page is back on the editors' cluster: free the generated one.
	s.generated, s.last = nil, lastRadius{}
	s.workspace = engine.Load(args.Nodes, args.Pods, args.Options)
	report := s.workspace.EvaluatePage(args.Window)
	details, err := cardDetails(s.workspace, report, args.Details)
	if err != nil {
		return nil, err
	}
	// The report's own writer: encoding/json took a third of this call in the WASM.
	return encode(reportSize(report), func(b []byte) ([]byte, error) {
		b, err := wire.AppendReport(b, report)
		if err != nil {
			return b, err
		}
		if s.workspace.HasDevices() {
			clock := s.workspace.DeviceClock().UTC()
			b = withMember(b, "deviceClock", append(clock.AppendFormat([]byte{'"'}, time.RFC3339Nano), '"'))
		}
		if details != nil {
			b = withMember(b, "details", details)
		}
		return b, nil
	})
}

// withMember adds a member, its value JSON already, to the object that
// ends b: the report's writer knows only the report.
func withMember(b []byte, name string, value []byte) []byte {
	b = append(append(append(b[:len(b)-1], ',', '"'), name...), '"', ':')
	return append(append(b, value...), '}')
}

// cardDetails is the JSON of the CellDetail of every cell of report, in its
// order, when the report has all of the workspace's pairs and there are at
// most upTo; nil otherwise.
func cardDetails(w *engine.Workspace, report *engine.Report, upTo int) ([]byte, error) {
	pairs := len(w.Pods) * len(w.Nodes)
	if pairs == 0 || pairs > upTo || len(report.Cells) != pairs {
		return nil, nil
	}
	details := []byte{'['}
	for i, cell := range report.Cells {
		detail, err := w.Explain(cell.Pod, cell.Node)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			details = append(details, ',')
		}
		// The engine's writer: encoding/json's encoder is the largest code
		// V8 would otherwise compile for the page's first evaluate.
		details = wire.AppendCellDetail(details, detail)
	}
	return append(details, ']'), nil
}

// reportSize is about how many bytes of JSON a report takes: generated
// workspaces average 200 a cell, 400 a node and 1,100 a pod.
func reportSize(r *engine.Report) int {
	return 200*len(r.Cells) + 500*len(r.Nodes) + 1200*len(r.Pods) + 400*len(r.Diagnostics) + 1024
}

// CellsPage is one window of the last evaluated workspace's matrix.
type CellsPage struct {
	Window engine.Window `json:"window"`
	Cells  []engine.Cell `json:"cells"`
}

// cells takes {pod, node, pods, nodes}, a window of the matrix, and returns
// its cells in the last evaluated workspace, for the page to show a windowed
// report one page at a time. The window is clipped to the workspace and to
// engine.MaxWindowCells.
func (s *Session) cells(w *engine.Workspace, win *engine.Window) (any, error) {
	window, cells := w.Cells(*win)
	// CellsPage's JSON, with the cells written by the engine's writer.
	return encode(200*len(cells)+100, func(b []byte) ([]byte, error) {
		win, err := json.Marshal(window)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, `{"window":`...), win...), `,"cells":`...)
		return append(wire.AppendCells(b, cells), '}'), nil
	})
}

// cellArgs are explain's argument: indexes in the last evaluated report.
type cellArgs struct {
	Pod  int `json:"pod"`
	Node int `json:"node"`
}

// explain takes {pod, node} and returns the cell's CellDetail.
func (s *Session) explain(w *engine.Workspace, args *cellArgs) (any, error) {
	detail, err := w.Explain(args.Pod, args.Node)
	if err != nil {
		// The engine refuses only an index out of range; name the argument.
		field := "node"
		if args.Pod < 0 || args.Pod >= len(w.Pods) {
			field = "pod"
		}
		return nil, &Error{Message: "explain: " + err.Error(), Field: field}
	}
	return detail, nil
}

// simulateArgs are simulate's argument.
type simulateArgs struct {
	Events []tainteviction.Event `json:"events"`
	Until  float64               `json:"until"`
}

// simulate takes {events, until} and returns the Timeline of the last
// evaluated workspace under those events.
func (s *Session) simulate(w *engine.Workspace, args *simulateArgs) (any, error) {
	return w.Simulate(args.Events, args.Until), nil
}

// lineArgs are parseTaintCommand's argument.
type lineArgs struct {
	Line string `json:"line"`
}

// parseTaintCommand takes {line}, one `kubectl taint nodes …` line, and returns
// the engine's TaintCommand. Its errors point at line 1 of that one line.
func (s *Session) parseTaintCommand(args *lineArgs) (any, error) {
	cmd, err := kubectl.ParseTaintCommand(args.Line)
	if err != nil {
		return nil, &Error{Message: err.Error(), Line: 1, Field: "line"}
	}
	return cmd, nil
}

// commandArgs are whatIf's argument.
type commandArgs struct {
	Command string `json:"command"`
}

// whatIf takes {command}, one `kubectl taint nodes …` line, and returns the
// engine's BlastRadius on the last evaluated workspace, which it keeps for
// whatIfRows and whatIfDownload. A command kubectl
// refuses is an error pointing at line 1 of that one line.
func (s *Session) whatIf(w *engine.Workspace, args *commandArgs) (any, error) {
	radius, err := w.WhatIf(args.Command)
	if err != nil {
		return nil, &Error{Message: err.Error(), Line: 1, Field: "command"}
	}
	s.last = lastRadius{workspace: w, radius: radius}
	return radius, nil
}

// goalsArgs are checkGoals' argument.
type goalsArgs struct {
	Goals []engine.Goal `json:"goals"`
}

// checkGoals takes {goals}, a workshop exercise's goals, and returns one
// GoalResult each for the last evaluated workspace. A malformed goal is an
// error naming its field (goals[1].kind).
func (s *Session) checkGoals(w *engine.Workspace, args *goalsArgs) (any, error) {
	results, err := w.CheckGoals(args.Goals)
	if err != nil {
		field, _, _ := strings.Cut(err.Error(), ":")
		return nil, &Error{Message: "checkGoals: " + err.Error(), Field: field}
	}
	return results, nil
}

// verdicts takes no argument and returns, as text, the last evaluated
// workspace's engine.Verdicts in the form `taint-playground check -o json`
// prints (engine.WriteJSONDocument; README, "The JSON report"): the page's
// report download saves these bytes as they are. Every pod gets its
// verdict, also in a windowed report.
func (s *Session) verdicts(w *engine.Workspace, _ *noArgs) (any, error) {
	return document("verdicts", w.Verdicts())
}

// document is v as the text of a JSON document (engine.WriteJSONDocument),
// for the page to save without parsing and printing it again: JavaScript
// would print numbers, escapes and key order its own way.
func document(function string, v any) (string, error) {
	var out strings.Builder
	if err := engine.WriteJSONDocument(&out, v); err != nil {
		return "", &Error{Message: function + ": " + err.Error()}
	}
	return out.String(), nil
}

// highlightArgs are highlight's argument.
type highlightArgs struct {
	Text   string `json:"text"`
	Editor string `json:"editor"`
}

// highlight takes {text, editor} and returns {html}: chroma's escaped HTML with
// one element per line (see package highlight), written as JSON by the
// highlighter, which is faster than encoding its megabyte of HTML.
func (s *Session) highlight(args *highlightArgs) (any, error) {
	answer, err := encode(0, func(dst []byte) ([]byte, error) {
		dst, err := highlight.AppendJSON(append(dst, `{"html":`...), args.Text, args.Editor)
		return append(dst, '}'), err
	})
	if err != nil {
		return nil, &Error{Message: "highlight: " + err.Error(), Field: "editor"}
	}
	return answer, nil
}
