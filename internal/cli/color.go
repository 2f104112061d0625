package cli

import (
	"bytes"
	"io"

	"github.com/alecthomas/chroma/v2/quick"
)

// yamlStyle is chroma's style for YAML snippets on a terminal.
const yamlStyle = "monokai"

// writeYAML writes a YAML snippet, coloured with chroma's 256-colour
// terminal formatter when color is set; plain if chroma fails.
func writeYAML(w io.Writer, text string, color bool) {
	var coloured bytes.Buffer
	if color && quick.Highlight(&coloured, text, "yaml", "terminal256", yamlStyle) == nil {
		w.Write(coloured.Bytes())
		return
	}
	io.WriteString(w, text)
}
