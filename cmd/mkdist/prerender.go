package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/wasm/api"
	"github.com/taint-playground/taint-playground/web"
)

// firstAnswersTag opens the data block in index.html that holds the first
// answers; js/bridge.js reads it by its id.
const firstAnswersTag = `<script type="application/json" id="` + web.FirstAnswersID + `">`

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
	tag, err := firstAnswersBlock(page)
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
func firstAnswersBlock(page []byte) ([]byte, error) {
	nodes, pods, err := web.EditorDefaults(page)
	if err != nil {
		return nil, err
	}
	first, err := answerFirstCalls(nodes, pods, core.DefaultOptions(), nil)
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
