package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/taint-playground/taint-playground/engine/manifest"
)

// readChunk is how much one read asks for: small enough that the bytes read
// past the bound (at most one chunk) cost little, large enough for few calls.
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
// bound, having held at most the budget and one chunk.
func (b *inputBudget) read(name string, r io.Reader) (string, error) {
	var chunks [][]byte
	var total int64
	limited := io.LimitReader(r, b.left+1)
	for {
		chunk := make([]byte, readChunk)
		n, err := io.ReadFull(limited, chunk)
		if n > 0 {
			chunks = append(chunks, chunk[:n])
			total += int64(n)
		}
		if total > b.left {
			return "", fmt.Errorf("%s: the input is too large: all inputs together may hold up to 16 MiB (%d bytes), the engine's limit on a text; reading stopped there",
				name, int64(manifest.MaxInputBytes))
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	b.left -= total
	var text strings.Builder
	text.Grow(int(total))
	for _, c := range chunks {
		text.Write(c)
	}
	return text.String(), nil
}
