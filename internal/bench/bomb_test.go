package bench

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"strings"
	"testing"
)

// TestShareBomb inflates the bomb's data: exactly the MiB of zeros it
// promises, from about a thousandth of that.
func TestShareBomb(t *testing.T) {
	const mib = 64
	fragment := ShareBomb(mib)
	data, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(fragment, "#s="))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > mib<<20/500 {
		t.Errorf("the bomb's data is %d bytes for %d MiB; want at most 1/500 of it", len(data), mib)
	}
	inflated, err := io.ReadAll(flate.NewReader(bytes.NewReader(data)))
	if err != nil {
		t.Fatal(err)
	}
	if len(inflated) != mib<<20 || bytes.ContainsFunc(inflated, func(r rune) bool { return r != 0 }) {
		t.Errorf("the bomb inflates to %d bytes, not %d zeros", len(inflated), mib<<20)
	}
}
