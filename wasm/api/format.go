package api

import (
	"errors"

	"github.com/taint-playground/taint-playground/wasm/yamlfmt"
)

// FormatResult is an editor's text laid out again, and whether that changed it.
type FormatResult struct {
	Text    string `json:"text"`
	Changed bool   `json:"changed"`
}

// formatArgs are format's argument.
type formatArgs struct {
	Text string `json:"text"`
}

// format takes {text} and returns {text, changed}: the text re-indented by
// package yamlfmt. Text that does not parse gives an error naming its line
// (field "text"), and the page keeps the text as it was.
func (s *Session) format(args *formatArgs) (any, error) {
	formatted, err := yamlfmt.Format(args.Text)
	if err != nil {
		var formatErr *yamlfmt.Error
		if errors.As(err, &formatErr) {
			return nil, &Error{Message: "format: " + formatErr.Message, Line: formatErr.Line, Field: "text"}
		}
		return nil, &Error{Message: "format: " + err.Error(), Field: "text"}
	}
	return FormatResult{Text: formatted, Changed: formatted != args.Text}, nil
}
