package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/wasm/api"
)

// firstAnswerPage is a page whose default pod text would end a <script>
// element if written into one as it is.
const firstAnswerPage = `<head>` + entryScript + `</head><body>
<p>Reproduces Kubernetes <strong class="js-k8s-version">…</strong></p>
<textarea id="nodes-input">
apiVersion: v1
kind: Node
metadata:
  name: a
spec:
  taints:
  - key: k
    effect: NoSchedule
</textarea>
<textarea id="pods-input">
apiVersion: v1
kind: Pod
metadata:
  name: p
  annotations:
    note: "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
spec:
  containers:
  - name: c
    image: nginx
</textarea>
<p>Kubernetes <span class="js-k8s-version">…</span>, Go <span class="js-go-version">Go</span>.</p></body>`

// pageModules are the modules mkdist reads the page's numbers from.
var pageModules = map[string]string{
	"js/verdicts/results.js": "const CARD_LIMIT = 4;\n",
	"js/clock/countdown.js":  "/** HORIZON is ten days. */\nconst HORIZON = 10 * 86400;\n",
}

// TestPrerender checks the data block mkdist writes before main.js's tag:
// the page's first calls, evaluate with the details CARD_LIMIT asks for and
// simulate to HORIZON, with the engine's answers, escaped so that nothing in
// them ends the element; and the versions the engine reports, written where
// the page shows them.
func TestPrerender(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{pageName: firstAnswerPage})
	writeTree(t, dir, pageModules)
	if err := prerender(dir); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, pageName))
	if err != nil {
		t.Fatal(err)
	}
	about := api.About()
	for _, want := range []string{
		`<strong class="js-k8s-version">` + about.Kubernetes + `</strong>`,
		`<span class="js-k8s-version">` + about.Kubernetes + `</span>`,
		`<span class="js-go-version">` + about.Go + `</span>`,
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	m := regexp.MustCompile(regexp.QuoteMeta(firstAnswersTag) + `(.*?)</script>\n` + regexp.QuoteMeta(entryScript)).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no first-answers block right before main.js's tag:\n%s", page)
	}
	var calls []struct {
		Fn  string
		Arg struct {
			Nodes, Pods string
			Details     int
			Window      struct{ Pods, Nodes int }
			Events      []any
			Until       float64
		}
		Answer struct {
			OK    bool
			Value struct {
				Cells []struct{ Taints string }
			}
		}
	}
	if err := json.Unmarshal(m[1], &calls); err != nil {
		t.Fatalf("the block is not JSON: %v\n%s", err, m[1])
	}
	if len(calls) != 2 || calls[0].Fn != "evaluate" || calls[1].Fn != "simulate" {
		t.Fatalf("the block's calls: %+v; want evaluate, then simulate", calls)
	}
	evaluate, simulate := calls[0], calls[1]
	if evaluate.Arg.Details != 4 || evaluate.Arg.Window.Pods != 50 || !strings.Contains(evaluate.Arg.Pods, "</script><script>") {
		t.Errorf("the block's evaluate: %+v; want the page's text with details 4 and the first window", evaluate.Arg)
	}
	if !evaluate.Answer.OK || len(evaluate.Answer.Value.Cells) != 1 || evaluate.Answer.Value.Cells[0].Taints != "blocked" {
		t.Errorf("evaluate's answer: %+v; want the one cell, blocked by the untolerated taint", evaluate.Answer)
	}
	if simulate.Arg.Events == nil || len(simulate.Arg.Events) != 0 || simulate.Arg.Until != 10*86400 || !simulate.Answer.OK {
		t.Errorf("the block's simulate: %+v; want no events, until HORIZON, and the engine's timeline", simulate)
	}
}

// TestPrerenderNeedsPageNumbers checks that a module without the number
// mkdist reads from it stops the build, naming the file and the number.
func TestPrerenderNeedsPageNumbers(t *testing.T) {
	for module, name := range map[string]string{"js/verdicts/results.js": "CARD_LIMIT", "js/clock/countdown.js": "HORIZON"} {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{pageName: firstAnswerPage})
		writeTree(t, dir, pageModules)
		writeTree(t, dir, map[string]string{module: "const OTHER = 4;\n"})
		if err := prerender(dir); err == nil || !strings.Contains(err.Error(), module) || !strings.Contains(err.Error(), name) {
			t.Errorf("prerender without %s: error = %v; want one naming %s and %s", name, err, module, name)
		}
	}
}
