package cli

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// writeDocument writes v, a struct, as a stream: as JSON in the page's
// download form (engine.WriteJSONDocument's bytes: writeJSONStream), or as
// YAML (sigs.k8s.io/yaml's, the same object under the same names, as
// kubectl's -o yaml is its JSON: writeYAMLStream). Neither lets a control
// character through raw: encoding/json escapes C0 controls and invalid
// UTF-8 itself, and jsonEscapeUnprintable the rest; the YAML emitter
// escapes C0 controls (\e, \r, \a) and refuses C1 ones.
func writeDocument(w io.Writer, format string, v any) error {
	if format == "yaml" {
		return writeYAMLStream(w, v)
	}
	return writeJSONStream(w, v)
}

// jsonEscapeUnprintable rewrites each rune above ASCII that strconv.IsPrint
// refuses (C1 controls such as U+009B, which some terminals read as CSI;
// bidi overrides) as a \uXXXX escape, a surrogate pair above U+FFFF. Raw
// text above ASCII is only ever inside a JSON string, where the escape reads
// back as the same rune, so the document is unchanged for a JSON reader.
func jsonEscapeUnprintable(data []byte) []byte {
	var out []byte
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r < utf8.RuneSelf || strconv.IsPrint(r) {
			if out != nil {
				out = append(out, data[i:i+size]...)
			}
			i += size
			continue
		}
		if out == nil {
			out = append(make([]byte, 0, len(data)+16), data[:i]...)
		}
		quoted := strconv.QuoteToASCII(string(r)) // "\u009b" or "\U0001f600"
		if r > 0xFFFF {
			r1, r2 := utf16.EncodeRune(r)
			quoted = fmt.Sprintf(`"\u%04x\u%04x"`, r1, r2)
		}
		out = append(out, quoted[1:len(quoted)-1]...)
		i += size
	}
	if out == nil {
		return data
	}
	return out
}

// stickyWriter keeps the first error of its writer and writes nothing after
// it, so that a table printed line by line can be checked once at the end:
// a CI job must not read a cut verdict (`check > /dev/full`, a closed pipe)
// as a pass.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// tableBuffer is how much of a table is written to standard output at
// once: a table prints a line in a few pieces (the command line's words
// around the input's names), and each would be a write of its own.
const tableBuffer = 64 << 10

// writeOutput writes a command's result to standard output: table when the
// format is table or wide, doc as writeDocument writes it otherwise. A document that
// cannot be written, or a failed write, is reported on standard error; ok is
// false then, and the command's status is ExitInvalid.
func writeOutput(env *Env, format string, table func(io.Writer), doc any) (ok bool) {
	out := &stickyWriter{w: env.Stdout}
	if format == "table" || format == "wide" {
		translate(explanations(env.Language), doc)
		buffered := bufio.NewWriterSize(out, tableBuffer)
		table(buffered)
		buffered.Flush() // its error is out's
	} else if err := writeDocument(out, format, doc); err != nil && out.err == nil {
		printf(env.Stderr, "error: %v\n", err)
		return false
	}
	if out.err != nil {
		printf(env.Stderr, "error: writing the output: %v\n", out.err)
		return false
	}
	return true
}
