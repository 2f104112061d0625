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
	"github.com/taint-playground/taint-playground/wasm/api"
	"github.com/taint-playground/taint-playground/web"
)

// firstAnswerTag opens the data block in index.html that holds the first
// answer; js/bridge.js reads it by its id.
const firstAnswerTag = `<script type="application/json" id="first-answer">`

// resultsModule holds CARD_LIMIT, the most pairs the page shows as cards:
// its evaluate asks for their details.
const resultsModule = "js/results.js"

var cardLimitPattern = regexp.MustCompile(`(?m)^const CARD_LIMIT = (\d+);`)

// firstCall is the page's first call on a first visit and the engine's
// answer to it, the envelope the worker would post.
type firstCall struct {
	Fn     string          `json:"fn"`
	Arg    json.RawMessage `json:"arg"`
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
// built with, and, as a JSON data block, the engine's answer to the call a
// first visit makes first: evaluate of the editors' default text with the
// default settings, the first window of the matrix and the cards' details.
// The page shows those verdicts as soon as its script runs, instead of after
// the WASM has been compiled and the Go program has started (about 150 ms
// later on a 2-core machine), and still sends the call to the worker, whose
// engine must hold the workspace the verdicts are about. The answer is this
// build's engine's, computed here natively (the WASM's build uses the same
// Go), and the WASM gives the same (TestFirstAnswerIsTheEngines).
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
	tag, err := firstAnswer(dir, page)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if n := bytes.Count(page, []byte(entryScript)); n != 1 {
		return fmt.Errorf("%s: %d tags %s; want one", path, n, entryScript)
	}
	page = bytes.Replace(page, []byte(entryScript), append(tag, entryScript...), 1)
	return os.WriteFile(path, page, 0o644)
}

// firstAnswer is the data block of the engine's answer to the page's first
// call on a first visit.
func firstAnswer(dir string, page []byte) ([]byte, error) {
	nodes, pods, err := web.EditorDefaults(page)
	if err != nil {
		return nil, err
	}
	details, err := cardLimit(filepath.Join(dir, filepath.FromSlash(resultsModule)))
	if err != nil {
		return nil, err
	}
	arg, err := json.Marshal(map[string]any{"nodes": nodes, "pods": pods, "options": core.DefaultOptions(), "window": engine.FirstWindow, "details": details})
	if err != nil {
		return nil, err
	}
	value, err := new(api.Session).Evaluate(arg)
	if err != nil {
		return nil, fmt.Errorf("evaluating the default text: %w", err)
	}
	// json.Marshal escapes <, > and & in the block, so no text ends the <script> element early.
	block, err := json.Marshal(firstCall{Fn: "evaluate", Arg: arg, Answer: api.Respond(value, nil)})
	if err != nil {
		return nil, err
	}
	return append(append([]byte(firstAnswerTag), block...), "</script>\n"...), nil
}

// cardLimit reads CARD_LIMIT from the results module at path.
func cardLimit(path string) (int, error) {
	source, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	m := cardLimitPattern.FindSubmatch(source)
	if m == nil {
		return 0, fmt.Errorf("%s: no line const CARD_LIMIT = <number>;", path)
	}
	return strconv.Atoi(string(m[1]))
}
