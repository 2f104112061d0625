package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/wasm/api"
	"github.com/taint-playground/taint-playground/web"
)

// firstAnswersTag opens the data block in index.html that holds the first
// answers; js/bridge.js reads it by its id.
const firstAnswersTag = `<script type="application/json" id="first-answers">`

// firstCall is one of the page's first calls and the engine's answer to
// it, the envelope the worker would post.
type firstCall struct {
	Fn     string          `json:"fn"`
	Arg    json.RawMessage `json:"arg,omitempty"`
	Answer json.RawMessage `json:"answer"`
}

// versionSlots are the page's places for the versions the engine reports,
// as web/static has them, with how many of each.
var versionSlots = []struct {
	slot  string
	count int
	value func(api.VersionInfo) string
}{
	{`class="js-k8s-version">…<`, 2, func(v api.VersionInfo) string { return v.Kubernetes }},
	{`class="js-go-version">Go<`, 1, func(v api.VersionInfo) string { return v.Go }},
}

// prerender writes into the page in dir what it would otherwise show only
// once the engine has started: the versions the engine reproduces and is
// built with, and, as a JSON data block, the engine's answers to the calls a
// first visit makes first: evaluate of the editors' default text with the
// default settings, the first window of the matrix and the cards' details,
// then simulate of the default clock for the countdown. The page shows
// those verdicts and that timeline as soon as its script runs, instead of
// after the WASM has been compiled and the Go program has started (about
// 150 ms later on a 2-core machine), and still sends the calls to the
// worker, whose engine must hold the workspace they are about. The answers
// are this build's engine's, computed here natively (the WASM's build uses
// the same Go), and the WASM gives the same (TestFirstAnswerIsTheEngines).
func prerender(dir string) error {
	path := filepath.Join(dir, pageName)
	page, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	about := api.About()
	for _, v := range versionSlots {
		if n := bytes.Count(page, []byte(v.slot)); n != v.count {
			return fmt.Errorf("%s: %d places %s; want %d", path, n, v.slot, v.count)
		}
		filled := strings.Replace(v.slot, v.slot[strings.IndexByte(v.slot, '>')+1:len(v.slot)-1], html.EscapeString(v.value(about)), 1)
		page = bytes.ReplaceAll(page, []byte(v.slot), []byte(filled))
	}
	tag, err := firstAnswersBlock(dir, page)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if n := bytes.Count(page, []byte(entryScript)); n != 1 {
		return fmt.Errorf("%s: %d tags %s; want one", path, n, entryScript)
	}
	page = bytes.Replace(page, []byte(entryScript), append(tag, entryScript...), 1)
	return os.WriteFile(path, page, 0o644)
}

// firstAnswersBlock is the data block of the engine's answers to the
// page's first calls on a first visit: evaluate of the editors' default
// text, then simulate of the default clock.
func firstAnswersBlock(dir string, page []byte) ([]byte, error) {
	nodes, pods, err := web.EditorDefaults(page)
	if err != nil {
		return nil, err
	}
	numbers, err := readPageNumbers(dir)
	if err != nil {
		return nil, err
	}
	first, err := answerFirstCalls(nodes, pods, core.DefaultOptions(), nil, numbers)
	if err != nil {
		return nil, fmt.Errorf("evaluating the default text: %w", err)
	}
	arg, err := withTexts(first.Evaluate.Arg, nodes, pods)
	if err != nil {
		return nil, err
	}
	calls := []firstCall{
		{Fn: "evaluate", Arg: arg, Answer: first.Evaluate.Answer},
		{Fn: "simulate", Arg: first.Simulate.Arg, Answer: first.Simulate.Answer},
	}
	// json.Marshal escapes <, > and & in the block, so no text ends the <script> element early.
	block, err := json.Marshal(calls)
	if err != nil {
		return nil, err
	}
	return append(append([]byte(firstAnswersTag), block...), "</script>\n"...), nil
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
// details of up to CARD_LIMIT cards) and the simulate its countdown sends
// then for the clock's events (js/countdown.js's timelineArg: to HORIZON
// past the last event).
func answerFirstCalls(nodes, pods string, settings core.Options, events []tainteviction.Event, numbers pageNumbers) (firstAnswers, error) {
	options, err := pageOptions(settings)
	if err != nil {
		return firstAnswers{}, err
	}
	evaluate, err := json.Marshal(map[string]any{"options": options, "window": engine.FirstWindow, "details": numbers.cardLimit})
	if err != nil {
		return firstAnswers{}, err
	}
	full, err := withTexts(evaluate, nodes, pods)
	if err != nil {
		return firstAnswers{}, err
	}
	session := new(api.Session)
	report, err := session.Evaluate(full)
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
	simulate, err := json.Marshal(map[string]any{"events": events, "until": last + numbers.horizon})
	if err != nil {
		return firstAnswers{}, err
	}
	timeline, err := session.Simulate(simulate)
	if err != nil {
		return firstAnswers{}, err
	}
	return firstAnswers{
		Evaluate: textlessCall{Arg: evaluate, Answer: api.Respond(report, nil)},
		Simulate: textlessCall{Arg: simulate, Answer: api.Respond(timeline, nil)},
	}, nil
}

// pageOptions are settings as the page sends them: js/state.js's
// defaultOptions() with the settings' JSON members spread over them.
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

// pageNumbers are the numbers the page's first calls carry, read from its
// modules: CARD_LIMIT of js/results.js, the most pairs shown as cards (its
// evaluate asks for their details), and HORIZON of js/countdown.js, how far
// past the last event the countdown's timeline is simulated.
type pageNumbers struct {
	cardLimit int
	horizon   float64
}

// pageConstants finds the numbers in their modules: a const line whose
// value is a product of whole numbers.
var pageConstants = []struct {
	module, name string
	set          func(*pageNumbers, int64)
}{
	{"js/results.js", "CARD_LIMIT", func(n *pageNumbers, v int64) { n.cardLimit = int(v) }},
	{"js/countdown.js", "HORIZON", func(n *pageNumbers, v int64) { n.horizon = float64(v) }},
}

// readPageNumbers reads pageNumbers from the page's modules in dir.
func readPageNumbers(dir string) (pageNumbers, error) {
	var numbers pageNumbers
	for _, c := range pageConstants {
		path := filepath.Join(dir, filepath.FromSlash(c.module))
		source, err := os.ReadFile(path)
		if err != nil {
			return numbers, err
		}
		m := regexp.MustCompile(`(?m)^const ` + c.name + ` = ([0-9][0-9 *]*);`).FindSubmatch(source)
		if m == nil {
			return numbers, fmt.Errorf("%s: no line const %s = <whole numbers multiplied>;", path, c.name)
		}
		value := int64(1)
		for _, factor := range strings.Split(string(m[1]), "*") {
			n, err := strconv.ParseInt(strings.TrimSpace(factor), 10, 64)
			if err != nil {
				return numbers, fmt.Errorf("%s: %s: %w", path, c.name, err)
			}
			value *= n
		}
		c.set(&numbers, value)
	}
	return numbers, nil
}
