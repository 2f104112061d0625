package browsertest

import "fmt"

// Kinds of problem a page reports.
const (
	ProblemConsole   = "console error"
	ProblemException = "uncaught exception"
	ProblemLog       = "browser log error"
	ProblemCSP       = "CSP violation"
)

// Problem is something a page reported that a working page never does.
type Problem struct {
	Kind string
	Text string
	// URL and Line say where, when the browser knows; Line counts from 1.
	URL  string
	Line int64
}

func (p Problem) String() string {
	if p.URL == "" {
		return fmt.Sprintf("%s: %s", p.Kind, p.Text)
	}
	return fmt.Sprintf("%s at %s:%d: %s", p.Kind, p.URL, p.Line, p.Text)
}
