package browsertest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// PageTimeout bounds everything a page does, so that a wait for an element
// that never comes fails the test instead of hanging it.
const PageTimeout = 2 * time.Minute

// violationBinding is the function the page calls with each CSP violation.
const violationBinding = "__browsertestViolation"

// reportViolations runs in every document and frame before the page's own
// scripts. Injected through the DevTools protocol, it is not subject to the CSP.
const reportViolations = `addEventListener('securitypolicyviolation', (e) => {
  globalThis.` + violationBinding + `(JSON.stringify({
    directive: e.effectiveDirective, blocked: e.blockedURI, url: e.sourceFile || e.documentURI,
    line: e.lineNumber, sample: e.sample,
  }));
}, true);`

// Page is one tab. Ctx is its chromedp context, for actions beyond the helpers.
type Page struct {
	Ctx context.Context
	t   testing.TB

	mu       sync.Mutex
	problems []Problem
}

// NewPage opens a tab that records problems from its first document on.
func (b *Browser) NewPage(t testing.TB) *Page {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(b.ctx)
	ctx, cancel := context.WithTimeout(tab, PageTimeout)
	t.Cleanup(func() {
		cancel()
		cancelTab()
	})
	p := &Page{Ctx: ctx, t: t}
	// Listen calls back in the order events arrive, before the reply of any
	// later command: a problem is recorded by the time CheckNoProblems looks.
	if err := chromedp.Listen(tab, p.record); err != nil {
		t.Fatalf("browsertest: listening to the page: %v", err)
	}
	if _, err := chromedp.Call(ctx, runtime.AddBinding, runtime.AddBindingParams{Name: violationBinding}); err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: reportViolations}); err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	return p
}

// record keeps the events that are problems; it runs in the tab's read loop,
// so it only appends.
func (p *Page) record(ev any) {
	var problem Problem
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
			return
		}
		problem = Problem{Kind: ProblemConsole, Text: argsText(ev.Args)}
		if ev.StackTrace != nil && len(ev.StackTrace.CallFrames) > 0 {
			frame := ev.StackTrace.CallFrames[0]
			problem.URL, problem.Line = frame.URL, frame.LineNumber+1
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			text += " " + d.Exception.Description
		}
		problem = Problem{Kind: ProblemException, Text: text, URL: d.URL, Line: d.LineNumber + 1}
	case *log.EventEntryAdded:
		if ev.Entry.Level != log.EntryLevelError {
			return
		}
		problem = Problem{Kind: ProblemLog, Text: string(ev.Entry.Source) + ": " + ev.Entry.Text, URL: ev.Entry.URL, Line: ev.Entry.LineNumber}
	case *runtime.EventBindingCalled:
		if ev.Name != violationBinding {
			return
		}
		var v struct {
			Directive, Blocked, URL, Sample string
			Line                            int64
		}
		if err := json.Unmarshal([]byte(ev.Payload), &v); err != nil {
			v.Sample = ev.Payload
		}
		problem = Problem{Kind: ProblemCSP, Text: "blocked by " + v.Directive + ": " + v.Blocked + " " + v.Sample, URL: v.URL, Line: v.Line}
	default:
		return
	}
	p.mu.Lock()
	p.problems = append(p.problems, problem)
	p.mu.Unlock()
}

// argsText is a console call's arguments as the console shows them, roughly.
func argsText(args []*runtime.RemoteObject) string {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		var s string
		if len(a.Value) > 0 && json.Unmarshal(a.Value, &s) == nil {
			parts = append(parts, s)
		} else if len(a.Value) > 0 {
			parts = append(parts, string(a.Value))
		} else {
			parts = append(parts, a.Description)
		}
	}
	return strings.Join(parts, " ")
}

// Navigate loads url and waits for its load event.
func (p *Page) Navigate(url string) {
	p.t.Helper()
	p.Do(chromedp.Navigate(url))
}

// Do runs actions in order and fails the test at the first error.
func (p *Page) Do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.Ctx, actions...); err != nil {
		p.t.Fatalf("browsertest: %v", err)
	}
}

// Run runs one action on the page and returns its value, failing the test on
// an error: browsertest.Run(page, chromedp.Evaluate[int]("1 + 2")).
func Run[T any](p *Page, action chromedp.Action[T]) T {
	p.t.Helper()
	v, err := chromedp.Run(p.Ctx, action)
	if err != nil {
		p.t.Fatalf("browsertest: %v", err)
	}
	return v
}

// Problems returns what the page reported so far. A round trip to the page
// first makes sure every earlier event has been recorded.
func (p *Page) Problems() []Problem {
	p.t.Helper()
	Run(p, chromedp.Evaluate[chromedp.Void]("0"))
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Problem(nil), p.problems...)
}

// CheckNoProblems fails the test, listing them, if the page reported any
// console error, uncaught exception, browser log error or CSP violation.
func (p *Page) CheckNoProblems() {
	p.t.Helper()
	for _, problem := range p.Problems() {
		p.t.Errorf("browsertest: the page reported %s", problem)
	}
}

// Screenshot saves the visible part of the page as test-artifacts/NAME.png
// and returns the file's path.
func (p *Page) Screenshot(name string) string {
	p.t.Helper()
	return p.keepImage(name+".png", Run(p, chromedp.CaptureScreenshot()))
}

// ElementScreenshot saves the first element the selector finds, scrolled
// into view, as test-artifacts/NAME.png and returns the file's path.
func (p *Page) ElementScreenshot(name, selector string) string {
	p.t.Helper()
	return p.keepImage(name+".png", Run(p, chromedp.Screenshot(chromedp.CSS(selector))))
}

// keepImage writes the image data as test-artifacts/FILE and returns its path.
func (p *Page) keepImage(file string, data []byte) string {
	p.t.Helper()
	dir, err := ArtifactsDir()
	if err != nil {
		p.t.Fatalf("browsertest: %v", err)
	}
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		p.t.Fatalf("browsertest: %v", err)
	}
	return path
}
