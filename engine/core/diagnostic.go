package core

import "github.com/taint-playground/taint-playground/engine/message"

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
	// MessageMessage is Message as data when the engine wrote it (issue 24),
	// for the page's and the command line's languages; zero for the API
	// server's, kubectl's and the YAML decoder's messages, kept verbatim.
	MessageMessage message.Message `json:"messageMessage,omitzero"`
	Source         Source          `json:"source"`
	// Hidden is set on the note of a ProblemCap (CodeLimit): how many
	// diagnostics of each severity it stands for, so that counts stay true.
	Hidden *HiddenProblems `json:"hidden,omitempty"`
}

// HiddenProblems counts the diagnostics a cap left out, by severity.
type HiddenProblems struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

// Diagnostic codes of the decoders (package manifest) and of the work budget.
const (
	// CodeYAML: the text is not YAML (a syntax error, or a document too deep
	// or too aliased to read).
	CodeYAML = "yaml"
	// CodeDecode: a value of the wrong type, or an object of the wrong kind
	// or without one.
	CodeDecode = "decode"
	// CodeInvalid: a value the apiserver's validation refuses, in its words
	// ("spec.tolerations[0].key: Invalid value: …"); the object is Rejected.
	CodeInvalid = "invalid"
	// CodeKubectl: a kubectl line that kubectl would reject.
	CodeKubectl = "kubectl"
	// CodeLimit: the text exceeds one of the limits in manifest/limits.go.
	CodeLimit = "limit"
	// CodeStrict: an unknown or duplicate field, which the apiserver's strict
	// field validation (kubectl's default) refuses: an error, and the object
	// is Rejected (checkKnownFields); a warning in a List wrapper, which
	// kubectl never sends.
	CodeStrict = "strict"
	// CodePaste: a warning that a shell prompt and command, or a byte order
	// mark, pasted around the output was ignored (stripPaste).
	CodePaste = "paste"
	// CodeSelectorSubset: a warning that a CEL selector of a DeviceClass or
	// a request is outside the subset the engine evaluates
	// (package deviceselector): its devices count as candidates.
	CodeSelectorSubset = "cel-subset"
)
