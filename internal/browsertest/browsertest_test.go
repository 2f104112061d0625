package browsertest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/web"
)

// TestRecordsProblems serves a page that does each wrong thing once, under
// the playground's CSP, and checks that each is recorded, a Web Worker's
// console errors included.
func TestRecordsProblems(t *testing.T) {
	files := map[string]string{
		"/": `<!doctype html><title>broken</title>
<script>window.inline = true</script>
<script src="broken.js"></script>
<img src="missing.png" alt="">`,
		"/broken.js": `console.error("boom", 42);
setTimeout(() => { throw new Error("uncaught") });
new Worker("worker.js").onmessage = () => { window.done = true };`,
		"/worker.js": `console.error("worker boom"); postMessage("done");`,
	}
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", web.ContentSecurityPolicy)
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, ".js") {
			w.Header().Set("Content-Type", "text/javascript")
		}
		w.Write([]byte(body))
	}))
	defer server.Close()

	p := NewBrowser(t).NewPage(t)
	p.Navigate(server.URL + "/")
	Run(p, chromedp.Poll[bool]("window.done === true"))

	var kinds []string
	var texts []string
	for _, problem := range p.Problems() {
		if !slices.Contains(kinds, problem.Kind) {
			kinds = append(kinds, problem.Kind)
		}
		texts = append(texts, problem.String())
	}
	slices.Sort(kinds)
	want := []string{ProblemCSP, ProblemLog, ProblemConsole, ProblemException}
	slices.Sort(want)
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("kinds of problem recorded (-want +got):\n%s\nproblems:\n%s", diff, strings.Join(texts, "\n"))
	}
	for _, fragment := range []string{"boom 42", "uncaught", "script-src", "missing.png", "worker boom"} {
		if !strings.Contains(strings.Join(texts, "\n"), fragment) {
			t.Errorf("no problem mentions %q:\n%s", fragment, strings.Join(texts, "\n"))
		}
	}
}

// TestWASMLoadsUnderTheCSP loads the built WASM from the built site the way
// a tool would (build.json, wasm_exec.js, instantiateStreaming), in the
// page itself, and calls it: the server's types, compression and CSP let it
// run, and the bridge answers.
func TestWASMLoadsUnderTheCSP(t *testing.T) {
	site := Serve(t)
	p := NewBrowser(t).NewPage(t)
	p.Navigate(site.URL + "/")
	version := Run(p, chromedp.Evaluate[map[string]any](`(async () => {
		const script = document.createElement('script');
		script.src = '/wasm_exec.js';
		await new Promise((resolve, reject) => { script.onload = resolve; script.onerror = reject; document.head.append(script); });
		const manifest = await (await fetch('/build.json')).json();
		const go = new Go();
		const { instance } = await WebAssembly.instantiateStreaming(fetch('/' + manifest.wasm), go.importObject);
		go.run(instance);
		await globalThis.taintPlayground.ready;
		const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
		return {answer: globalThis.taintPlayground.version({}), encoded: wasm.encodedBodySize, decoded: wasm.decodedBodySize};
	})()`, chromedp.EvalAwaitPromise))
	answer, _ := version["answer"].(map[string]any)
	if answer["ok"] != true {
		t.Fatalf("version() answered %v", answer)
	}
	if encoded, decoded := version["encoded"].(float64), version["decoded"].(float64); encoded <= 0 || encoded >= decoded {
		t.Errorf("the WASM crossed as %.0f bytes for %.0f: not compressed", encoded, decoded)
	}
	p.CheckNoProblems()
}

func TestCheckBuilt(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		wantWASM string
		wantErr  string
	}{
		{name: "an empty web/dist, as in a fresh clone", files: map[string]string{".gitkeep": ""}, wantErr: "has no built site"},
		{name: "no manifest", files: map[string]string{"index.html": "x"}, wantErr: "has no build.json"},
		{name: "a manifest without a WASM", files: map[string]string{"index.html": "x", "build.json": "{}"}, wantErr: "names no WASM"},
		{name: "the WASM is missing", files: map[string]string{"index.html": "x", "build.json": `{"wasm": "a.wasm"}`}, wantErr: "lacks a.wasm"},
		{name: "complete", files: map[string]string{"index.html": "x", "build.json": `{"wasm": "a.wasm"}`, "a.wasm": "x"}, wantWASM: "a.wasm"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			wasm, err := checkBuilt(dir)
			if (err == nil) != (tc.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("checkBuilt error = %v; want an error containing %q", err, tc.wantErr)
			}
			if wasm != tc.wantWASM {
				t.Errorf("checkBuilt = %q; want %q", wasm, tc.wantWASM)
			}
		})
	}
}
