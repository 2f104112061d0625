package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/taint-playground/taint-playground/engine/manifest"
)

// readChunk is how much one read of a stream asks for: small enough that the
// bytes read past the bound (at most one chunk) cost little, large enough for
// few calls.
const readChunk = 64 << 10

// inputBudget is what is left of manifest.MaxInputBytes, the engine's limit
// on an editor's text, for all the inputs of one run together: the engine
// refuses a larger text anyway, so reading past it only costs memory, and
// `-f /dev/zero` or a standard input that never ends would grow until the
// process is killed.
type inputBudget struct {
	left int64
}

// newInputBudget is the budget of one run.
func newInputBudget() *inputBudget { return &inputBudget{left: manifest.MaxInputBytes} }

// read reads r to its end and charges the bytes to the budget. It stops at
// the first byte past the budget with an error that names the input and the
// bound. size is what r is expected to hold (a regular file's size), or 0
// when unknown: a file that fits is read into one buffer of its size, so at
// most the bound is held; a stream is read in chunks, at most the bound and
// one chunk, and joined once at its end.
func (b *inputBudget) read(name string, r io.Reader, size int64) (string, error) {
	limited := io.LimitReader(r, b.left+1)
	var text strings.Builder
	over := false
	if size > 0 && size <= b.left {
		text.Grow(int(size) + 1) // and the byte past the end that finds EOF
		if _, err := io.Copy(&text, limited); err != nil {
			return "", err
		}
		over = int64(text.Len()) > b.left
	} else {
		var err error
		if over, err = b.readChunks(&text, limited); err != nil {
			return "", err
		}
	}
	if over {
		return "", fmt.Errorf("%s: the input is too large: all inputs together may hold up to 16 MiB (%d bytes), the engine's limit on a text; reading stopped there",
			name, int64(manifest.MaxInputBytes))
	}
	b.left -= int64(text.Len())
	return text.String(), nil
}

// readChunks reads r, a stream of unknown length limited to one byte past
// the budget, in chunks, and joins them into text; over is true, and text
// left empty, when r holds more than the budget.
func (b *inputBudget) readChunks(text *strings.Builder, r io.Reader) (over bool, err error) {
	var chunks [][]byte
	total := 0
	for {
		chunk := make([]byte, readChunk)
		n, err := io.ReadFull(r, chunk)
		chunks = append(chunks, chunk[:n])
		total += n
		if int64(total) > b.left {
			return true, nil
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return false, err
		}
	}
	text.Grow(total)
	for _, c := range chunks {
		text.Write(c)
	}
	return false, nil
}
