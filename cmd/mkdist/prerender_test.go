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

// TestPrerender checks the data block mkdist writes before main.js's tag:
// the page's first call, with the details CARD_LIMIT asks for, and the
// engine's answer, escaped so that nothing in it ends the element; and the
// versions the engine reports, written where the page shows them.
func TestPrerender(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{pageName: firstAnswerPage, resultsModule: "const CARD_LIMIT = 4;\n"})
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
	m := regexp.MustCompile(regexp.QuoteMeta(firstAnswerTag) + `(.*?)</script>\n` + regexp.QuoteMeta(entryScript)).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no first-answer block right before main.js's tag:\n%s", page)
	}
	var block struct {
		Fn  string
		Arg struct {
			Nodes, Pods string
			Details     int
			Window      struct{ Pods, Nodes int }
		}
		Answer struct {
			OK    bool
			Value struct {
				Cells []struct{ Taints string }
			}
		}
	}
	if err := json.Unmarshal(m[1], &block); err != nil {
		t.Fatalf("the block is not JSON: %v\n%s", err, m[1])
	}
	if block.Fn != "evaluate" || block.Arg.Details != 4 || block.Arg.Window.Pods != 50 || !strings.Contains(block.Arg.Pods, "</script><script>") {
		t.Errorf("the block's call: %+v; want evaluate of the page's text with details 4 and the first window", block)
	}
	if !block.Answer.OK || len(block.Answer.Value.Cells) != 1 || block.Answer.Value.Cells[0].Taints != "blocked" {
		t.Errorf("the block's answer: %+v; want the one cell, blocked by the untolerated taint", block.Answer)
	}
}

// TestPrerenderNeedsCardLimit checks that a results module without
// CARD_LIMIT stops the build, naming the file.
func TestPrerenderNeedsCardLimit(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{pageName: firstAnswerPage, resultsModule: "const CARDS = 4;\n"})
	if err := prerender(dir); err == nil || !strings.Contains(err.Error(), resultsModule) {
		t.Errorf("prerender: error = %v; want one naming %s", err, resultsModule)
	}
}
