package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

// loaded is the workspace the -f inputs make, with the editors that map its
// positions back to the files.
type loaded struct {
	ws      *engine.Workspace
	editors *editors
}

// load reads the inputs and loads the workspace, and prints its diagnostics
// on standard error. ok is false when a file cannot be read, or when the
// inputs hold no node and no pod (status is then ExitInvalid, already
// reported): as kubectl apply says "error: no objects passed to apply", an
// empty input (/dev/null, a closed standard input, only comments or "---")
// is an error, so that a CI job whose snapshot came out empty does not pass.
func (c *common) load(env *Env, name string) (l *loaded, ok bool) {
	var err error
	if streamed(c.files) {
		l, err = loadStream(env, c.files[0], c.opts, showProgress(env, c.output))
	} else {
		var files []inputFile
		if files, err = readInputs(c.files, env.Stdin); err == nil {
			e := newEditors(files)
			l = &loaded{ws: e.load(c.opts), editors: e}
		}
	}
	if err != nil {
		printf(env.Stderr, "error: %v\nSee 'taint-playground %s --help'.\n", err, name)
		return nil, false
	}
	l.ws.Now = time.Time(c.now)
	printDiagnostics(env.Stderr, speechIn(env.Language), l.ws.Diagnostics)
	if len(l.ws.Nodes) == 0 && len(l.ws.Pods) == 0 {
		if !l.invalid() {
			printf(env.Stderr, "error: no objects passed to %s (the input holds no node and no pod)\n", name)
		}
		return nil, false
	}
	return l, true
}

// invalid reports whether the input has an error: what the API server or
// kubectl would refuse.
func (l *loaded) invalid() bool {
	for i := range l.ws.Diagnostics {
		if l.ws.Diagnostics[i].Severity == core.SeverityError {
			return true
		}
	}
	return false
}

// The diagnostics' severities, as a compiler in the reader's language
// names them.
const (
	wordDiagnostic words.ID = "diagnostic"
	wordError      words.ID = "severity.error"
	wordWarning    words.ID = "severity.warning"
)

// printDiagnostics writes one line per diagnostic, as compilers do:
// "nodes.yaml:12:7: error: spec.taints[0].effect: Unsupported value: …",
// the engine's explanations in s's language; the diagnostics themselves
// keep their English, which -o json prints.
func printDiagnostics(w io.Writer, s *speech, diagnostics []core.Diagnostic) {
	shown := slices.Clone(diagnostics)
	translate(s.explanations, shown)
	for i := range shown {
		d := &shown[i]
		severity := d.Severity
		switch severity {
		case core.SeverityError:
			severity = s.say(wordError)
		case core.SeverityWarning:
			severity = s.say(wordWarning)
		}
		printf(w, "%s", position(d.Source))
		s.line(w, wordDiagnostic, "severity", severity, "message", d.Message)
	}
}

// position is "file:line:col: ", "file:line: " or "" for a source with no line.
func position(src core.Source) string {
	switch {
	case src.Editor == "" || src.Line == 0:
		return ""
	case src.Column == 0:
		return fmt.Sprintf("%s:%d: ", src.Editor, src.Line)
	}
	return fmt.Sprintf("%s:%d:%d: ", src.Editor, src.Line, src.Column)
}

// where is a source as "file:line:col", or "" when it has no line.
func where(src core.Source) string {
	return strings.TrimSuffix(position(src), ": ")
}

// podName is how output names a pod: namespace/name, or name alone when no
// namespace was written.
func podName(p *core.Pod) string { return engine.QualifiedName(p) }
