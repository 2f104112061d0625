package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// The longest main-thread tasks are logged, in CPU and wall time, for the
// person reading the test's output; they are not asserted. Even the CPU time
// of a task grows on a loaded machine (measured: a task of 65 ms took 139 ms
// of CPU while another make test ran beside it), so a limit on it fails
// whenever CI is busy. What keeps the page responsive is asserted instead as
// work: checkEditorWindow bounds what the browser has to lay out.

// windowLines is large-view.js's WINDOW_LINES, the lines a large document's
// textarea and gutter hold, and longLineLength long-line.js's
// LONG_LINE_LENGTH, from which a line shows as a placeholder row.
const (
	windowLines    = 240
	longLineLength = 2000
)

// checkEditorWindow checks that a large document's editor holds only its
// window: at most windowLines lines in the textarea and the highlight layer,
// none of them longLineLength characters or more. That is the work a paste
// or a keystroke costs the page's layout, whatever the document's size; a
// textarea holding the whole text is what froze the page for 1.6 s a paste.
func (p *playground) checkEditorWindow(what, editor string) {
	p.t.Helper()
	got := browsertest.Run(p.Page, chromedp.Evaluate[struct {
		Lines, Longest, Layer int
	}](fmt.Sprintf(`(() => {
  const lines = document.querySelector(%q).value.split('\n');
  return {
    lines: lines.length,
    longest: Math.max(...lines.map((line) => line.length)),
    layer: document.querySelectorAll('[data-editor=%s] .js-editor-layer [data-line]').length,
  };
})()`, editorSelector(editor), editor)))
	if got.Lines > windowLines+1 || got.Layer > windowLines+1 || got.Longest >= longLineLength {
		p.t.Errorf("%s: the %s editor lays out %d lines in its textarea and %d in its layer, the longest %d characters; want at most %d lines of under %d",
			what, editor, got.Lines, got.Layer, got.Longest, windowLines+1, longLineLength)
	}
}

// mainTask is one task of the page's main thread, in ms.
type mainTask struct {
	Name      string
	Wall, CPU float64
}

// traceEvent is the part of a Chrome trace event the check reads.
type traceEvent struct {
	Name string         `json:"name"`
	Ph   string         `json:"ph"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Dur  float64        `json:"dur"`
	Tdur float64        `json:"tdur"`
	Args map[string]any `json:"args"`
}

// mainThreadTrace records the tasks of the renderer's main thread with
// Chrome's tracing, from traceMainThread to check.
type mainThreadTrace struct {
	p      *playground
	stop   context.CancelFunc
	mu     sync.Mutex
	events []traceEvent
	done   chan struct{}
}

// traceMainThread starts recording the page's main-thread tasks.
func (p *playground) traceMainThread() *mainThreadTrace {
	p.t.Helper()
	ctx, stop := context.WithCancel(p.Ctx)
	tr := &mainThreadTrace{p: p, stop: stop, done: make(chan struct{})}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			tr.mu.Lock()
			defer tr.mu.Unlock()
			for _, raw := range ev.Value {
				var e traceEvent
				if json.Unmarshal([]byte(raw), &e) == nil {
					tr.events = append(tr.events, e)
				}
			}
		case *tracing.EventTracingComplete:
			close(tr.done)
		}
	})
	if err != nil {
		p.t.Fatal(err)
	}
	config := &tracing.TraceConfig{IncludedCategories: []string{"toplevel", "__metadata"}}
	if _, err := chromedp.Call(p.Ctx, tracing.Start, tracing.StartParams{TraceConfig: config}); err != nil {
		p.t.Fatalf("starting a trace: %v", err)
	}
	return tr
}

// tasks stops the trace and returns the main thread's top-level tasks, longest CPU time first.
func (tr *mainThreadTrace) tasks() []mainTask {
	tr.p.t.Helper()
	defer tr.stop()
	if _, err := chromedp.Call(tr.p.Ctx, tracing.End, cdp.Empty{}); err != nil {
		tr.p.t.Fatalf("ending the trace: %v", err)
	}
	select {
	case <-tr.done:
	case <-tr.p.Ctx.Done():
		tr.p.t.Fatal("the trace never completed")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	main := map[[2]int]bool{}
	for _, e := range tr.events {
		if e.Name == "thread_name" && e.Args["name"] == "CrRendererMain" {
			main[[2]int{e.Pid, e.Tid}] = true
		}
	}
	var tasks []mainTask
	for _, e := range tr.events {
		if e.Ph == "X" && e.Name == "ThreadControllerImpl::RunTask" && main[[2]int{e.Pid, e.Tid}] {
			tasks = append(tasks, mainTask{Name: e.Name, Wall: e.Dur / 1000, CPU: e.Tdur / 1000})
		}
	}
	slices.SortFunc(tasks, func(a, b mainTask) int { return int(b.CPU*1000 - a.CPU*1000) })
	return tasks
}

// log stops the trace and logs the longest tasks under what.
func (tr *mainThreadTrace) log(what string) {
	tr.p.t.Helper()
	tasks := tr.tasks()
	if len(tasks) == 0 {
		tr.p.t.Fatalf("%s: the trace holds no main-thread task", what)
	}
	var longest []string
	for _, task := range tasks[:min(5, len(tasks))] {
		longest = append(longest, fmt.Sprintf("%.0f ms CPU (%.0f ms wall)", task.CPU, task.Wall))
	}
	tr.p.t.Logf("%s: %d main-thread tasks, the longest: %s", what, len(tasks), strings.Join(longest, ", "))
}
