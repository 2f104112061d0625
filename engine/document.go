package engine

import (
	"encoding/json"
	"io"
)

// WriteJSONDocument writes v in the one byte form of the JSON documents
// (Verdicts, WhatIfReport): indented by two spaces, ending in a newline.
// The command line's `-o json` and the page's downloads both write it, so
// a file saved from the page is, byte for byte, what the command prints.
func WriteJSONDocument(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
