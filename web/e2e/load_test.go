package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestLoad opens the page with nothing saved: the docs' example is already
// evaluated, the page names the Kubernetes version it reproduces, the status
// line clears once the engine has loaded, and the text is highlighted.
func TestLoad(t *testing.T) {
	p := open(t, "/")
	if got := p.text(".k8s-version .js-k8s-version"); got != core.KubernetesVersion {
		t.Errorf("the header names Kubernetes %q; the engine reproduces %q", got, core.KubernetesVersion)
	}
	if got, want := p.text("[data-first-verdict]"), "Cannot schedule: taint key2=value2:NoSchedule is not tolerated"; got != want {
		t.Errorf("first verdict = %q; want %q", got, want)
	}
	p.waitFor(`taintPlaygroundBridge.engine.started && document.querySelector('.js-status').textContent === ''`)
	p.waitFor(`document.querySelector('[data-editor=nodes] .js-editor-layer [data-line="9"] span')`)
	if got := p.value("nodes"); got != docsNodes {
		t.Errorf("the Nodes editor starts with %q; want the docs' example", got)
	}
	p.finish("playground")
}

// TestFirstVerdictMark checks the hook make bench reads: one performance mark
// when the first verdict renders.
func TestFirstVerdictMark(t *testing.T) {
	p := open(t, "/")
	marks := browsertest.Run(p.Page, chromedp.Evaluate[int](`performance.getEntriesByName('first-verdict').length`))
	if marks != 1 {
		t.Errorf("%d first-verdict marks; want 1", marks)
	}
	ms := browsertest.Run(p.Page, chromedp.Evaluate[float64](`window.__tpBench.evaluate(document.querySelector('#nodes-input').value, document.querySelector('#pods-input').value)`, chromedp.EvalAwaitPromise))
	if ms <= 0 {
		t.Errorf("__tpBench.evaluate took %v ms; want a positive duration", ms)
	}
	p.finish("")
}

// firstAnswerUse is how many calls the page answered with answers it was
// given, and whether the worker answers those calls the same.
type firstAnswerUse struct {
	Answered int
	Same     bool
}

// sameAsWorker posts the calls the page answered with the answers it was
// given, evaluate then simulate as the page did, and compares the worker's
// answers with them (given: the JavaScript of the answers' values, in order).
func (p *playground) sameAsWorker(given string) firstAnswerUse {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[firstAnswerUse](`(async () => {
		const { engine } = taintPlaygroundBridge;
		const given = await (`+given+`);
		const answers = [];
		for (const { fn, arg } of engine.answeredAtBuild) answers.push(await engine.post(fn, arg));
		return { answered: engine.answeredAtBuild.length, same: JSON.stringify(answers) === JSON.stringify(given) };
	})()`, chromedp.EvalAwaitPromise))
}

// TestFirstAnswerIsTheEngines opens the page with nothing saved: its first
// verdicts and countdown are the answers mkdist wrote into the page, and the
// worker's own answers to those calls are the same, member for member. With
// saved work the page asks the worker.
func TestFirstAnswerIsTheEngines(t *testing.T) {
	p := open(t, "/")
	got := p.sameAsWorker(`JSON.parse(document.getElementById('first-answers').textContent).map((call) => call.answer.value)`)
	if got.Answered != 2 || !got.Same {
		t.Errorf("with nothing saved, %d calls were answered with the page's answers (want 2: evaluate, simulate), and the worker's answers are the same: %v", got.Answered, got.Same)
	}

	p.typeAtEnd("pods", "# mine\n")
	p.waitFor(`(localStorage.getItem('taint-playground:state') || '').includes('# mine')`)
	p.Do(chromedp.Reload())
	p.waitFirstVerdict()
	if answered := browsertest.Run(p.Page, chromedp.Evaluate[int](`taintPlaygroundBridge.engine.answeredAtBuild.length`)); answered != 0 {
		t.Errorf("with saved work, %d calls were answered with the page's answers; want 0", answered)
	}
	p.finish("")
}

// TestExampleFirstAnswers opens every gallery example by its link, as docs
// sites embed it: its first verdicts and countdown are the answers
// examples.json carries, and the worker's answers to the same calls are the
// same.
func TestExampleFirstAnswers(t *testing.T) {
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	site := browsertest.Serve(t)
	browser := browsertest.NewBrowser(t)
	for _, s := range scenarios {
		t.Run(s.Slug, func(t *testing.T) {
			p := &playground{Page: browser.NewPage(t), t: t, site: site}
			p.Navigate(site.URL + "/?embed&example=" + s.Slug)
			p.waitFirstVerdict()
			p.waitFor(`taintPlaygroundBridge.engine.answeredAtBuild.length === 2`)
			got := p.sameAsWorker(fmt.Sprintf(`fetch('examples.json').then((response) => response.json()).then((all) => {
				const { evaluate, simulate } = all.find((s) => s.slug === %q).firstAnswers;
				return [evaluate.answer.value, simulate.answer.value];
			})`, s.Slug))
			if got.Answered != 2 || !got.Same {
				t.Errorf("%d calls were answered with examples.json's answers (want 2: evaluate, simulate), and the worker's answers are the same: %v", got.Answered, got.Same)
			}
			p.finish("")
		})
	}
}

// TestWASMCannotLoad serves the site without its WASM: the page says so in
// plain words, in the reader's language, and the editors keep working.
func TestWASMCannotLoad(t *testing.T) {
	site := browsertest.Serve(t)
	url := serveWithout(t, site, ".wasm")
	browser := browsertest.NewBrowser(t)
	p := &playground{Page: browser.NewPage(t), t: t, site: site}
	p.Navigate(url + "/")
	status := p.waitText(".js-status", "could not load")
	if !strings.Contains(status, "Your text is kept") {
		t.Errorf("the failure message %q does not say the text is kept", status)
	}
	p.typeAtEnd("pods", "# still typing\n")
	if got := p.value("pods"); !strings.HasSuffix(got, "# still typing\n") {
		t.Errorf("the Pods editor holds %q after typing", got)
	}
	p.Screenshot("wasm-failed")
	for _, problem := range p.Problems() {
		if !strings.Contains(problem.String(), ".wasm") {
			t.Errorf("unexpected problem: %s", problem)
		}
	}

	// A Japanese reader is told in Japanese, the browser's reason inside.
	ja := &playground{Page: browser.NewPage(t), t: t, site: site}
	ja.Navigate(url + "/?lang=ja")
	before, after, _ := strings.Cut(pageSentence(t, "ja", "engine.loadFailed", map[string]string{"error": "\x00"}), "\x00")
	if status := ja.waitText(".js-status", before); !strings.HasSuffix(status, after) {
		t.Errorf("the Japanese failure message %q does not end %q", status, after)
	}
}
