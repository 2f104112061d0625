package main

import (
	"encoding/json"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/wasm/api"
	"github.com/taint-playground/taint-playground/wasm/contract"
)

// firstCall is one of the page's first calls and the engine's answer to
// it, the envelope the worker would post.
type firstCall struct {
	Fn     string          `json:"fn"`
	Arg    json.RawMessage `json:"arg,omitempty"`
	Answer json.RawMessage `json:"answer"`
}

// textlessCall is a first call's argument, an evaluate's without the texts
// (which the page has elsewhere: a gallery scenario's nodes and pods), and
// the engine's answer.
type textlessCall struct {
	Arg    json.RawMessage `json:"arg,omitempty"`
	Answer json.RawMessage `json:"answer"`
}

// firstAnswers are the engine's answers to the two calls the page makes
// first to show a text: evaluate, and then simulate for the countdown.
type firstAnswers struct {
	Evaluate textlessCall `json:"evaluate"`
	Simulate textlessCall `json:"simulate"`
}

// answerFirstCalls answers, in one session as the worker would, the
// evaluate the page sends first for nodes and pods with settings (the
// options as the page sends them, the first window of the matrix, the
// details of up to contract.CardLimit cards) and the simulate its
// countdown sends then for the clock's events (js/clock/countdown.js's
// timelineArg: to contract.Horizon past the last event).
func answerFirstCalls(nodes, pods string, settings core.Options, events []tainteviction.Event) (firstAnswers, error) {
	options, err := pageOptions(settings)
	if err != nil {
		return firstAnswers{}, err
	}
	evaluate, err := json.Marshal(map[string]any{"options": options, "window": engine.FirstWindow, "details": contract.CardLimit})
	if err != nil {
		return firstAnswers{}, err
	}
	full, err := withTexts(evaluate, nodes, pods)
	if err != nil {
		return firstAnswers{}, err
	}
	session := new(api.Session)
	report, err := session.Call("evaluate", full)
	if err != nil {
		return firstAnswers{}, err
	}
	last := 0.0
	for _, e := range events {
		last = max(last, e.At)
	}
	if events == nil {
		events = []tainteviction.Event{}
	}
	simulate, err := json.Marshal(map[string]any{"events": events, "until": last + contract.Horizon})
	if err != nil {
		return firstAnswers{}, err
	}
	timeline, err := session.Call("simulate", simulate)
	if err != nil {
		return firstAnswers{}, err
	}
	return firstAnswers{
		Evaluate: textlessCall{Arg: evaluate, Answer: api.Respond(report, nil)},
		Simulate: textlessCall{Arg: simulate, Answer: api.Respond(timeline, nil)},
	}, nil
}

// pageOptions are settings as the page sends them: js/state/state.js's
// defaultOptions() (contract.js's DEFAULT_OPTIONS, core.DefaultOptions) with
// the settings' JSON members spread over them.
func pageOptions(settings core.Options) (map[string]json.RawMessage, error) {
	options := map[string]json.RawMessage{}
	for _, o := range []core.Options{core.DefaultOptions(), settings} {
		data, err := json.Marshal(o)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &options); err != nil {
			return nil, err
		}
	}
	return options, nil
}

// withTexts is an evaluate argument with nodes and pods added.
func withTexts(arg json.RawMessage, nodes, pods string) (json.RawMessage, error) {
	members := map[string]any{}
	if err := json.Unmarshal(arg, &members); err != nil {
		return nil, err
	}
	members["nodes"], members["pods"] = nodes, pods
	return json.Marshal(members)
}
