package engine

// Severity of a diagnostic.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
)

// Diagnostic is an error or a warning about the input, with where it points. An
// error in one object never stops the others from being evaluated.
type Diagnostic struct {
	Severity string `json:"severity"`
	// Code names the kind of finding, stable for the page and for tests: for
	// example "yaml", "invalid", "exists-everything", "empty-effect",
	// "unused-toleration".
	Code    string `json:"code"`
	Message string `json:"message"`
	Source  Source `json:"source"`
}
