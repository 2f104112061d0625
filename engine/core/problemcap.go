package core

import "strconv"

// MaxProblemsShown is how many problems one place (an editor of the page,
// a file on the command line) lists before it only counts them.
const MaxProblemsShown = 1_000

// ProblemCap decides which diagnostics are listed: at most Limit per place,
// counting only those a person would see, so problems left out elsewhere
// (the warnings the command line drops for a file fed to both editors)
// never crowd out the ones that are shown. Past the limit a diagnostic is
// only counted, by severity, and Notes says how many were left out: memory
// stays bounded whatever the input. It decides what is listed, never what
// is true: rejection is decided before a diagnostic reaches it.
type ProblemCap struct {
	// Limit is how many diagnostics each place lists.
	Limit int
	// Shown, when set, tells the diagnostics a person would see from those
	// dropped without being counted.
	Shown func(*Diagnostic) bool
	// Place, when set, names where a diagnostic is listed; the editor
	// otherwise.
	Place  func(*Diagnostic) string
	places map[string]*placeCount
	order  []string
}

// placeCount is what one place listed and left out.
type placeCount struct {
	listed           int
	errors, warnings int    // left out
	first            Source // of the first left out
}

// NewProblemCap caps each editor at MaxProblemsShown.
func NewProblemCap() *ProblemCap {
	return &ProblemCap{Limit: MaxProblemsShown}
}

// Admit reports whether d is listed; a diagnostic not listed is counted
// when it would be shown.
func (c *ProblemCap) Admit(d *Diagnostic) bool {
	if c.Shown != nil && !c.Shown(d) {
		return false
	}
	place := d.Source.Editor
	if c.Place != nil {
		place = c.Place(d)
	}
	if c.places == nil {
		c.places = map[string]*placeCount{}
	}
	count := c.places[place]
	if count == nil {
		count = &placeCount{}
		c.places[place] = count
		c.order = append(c.order, place)
	}
	if count.listed < c.Limit {
		count.listed++
		return true
	}
	if count.errors+count.warnings == 0 {
		count.first = d.Source
		count.first.Field, count.first.Fields = "", nil
	}
	if d.Severity == SeverityError {
		count.errors++
	} else {
		count.warnings++
	}
	return false
}

// Filter keeps the diagnostics Admit lists, in order.
func (c *ProblemCap) Filter(diags []Diagnostic) []Diagnostic {
	kept := diags[:0]
	for i := range diags {
		if c.Admit(&diags[i]) {
			kept = append(kept, diags[i])
		}
	}
	return kept
}

// Notes is one diagnostic per place that left problems out, at the first
// of them: "1,234 more problems not shown: 1,200 warnings, 34 errors". It is
// an error only when errors were left out, so a cap never turns warnings
// into an error.
func (c *ProblemCap) Notes() []Diagnostic {
	var notes []Diagnostic
	for _, place := range c.order {
		count := c.places[place]
		if count.errors+count.warnings == 0 {
			continue
		}
		severity := SeverityWarning
		if count.errors > 0 {
			severity = SeverityError
		}
		msg := countOf(count.errors+count.warnings, "more problem") + " not shown: " +
			countOf(count.warnings, "warning") + ", " + countOf(count.errors, "error")
		notes = append(notes, Diagnostic{Severity: severity, Code: CodeLimit, Message: msg, Source: count.first,
			Hidden: &HiddenProblems{Errors: count.errors, Warnings: count.warnings}})
	}
	return notes
}

func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return Thousands(n) + " " + noun + "s"
}

// Thousands writes n with a comma between groups of three digits: 1,234.
func Thousands(n int) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := strconv.Itoa(n)
	start := len(s) % 3
	out := s[:start]
	for i := start; i < len(s); i += 3 {
		if out != "" {
			out += ","
		}
		out += s[i : i+3]
	}
	return out
}
