package web

import (
	"strings"
	"testing"
)

// TestFirstCallArg reads a call's argument from a first-answers block and
// says what is missing when there is none.
func TestFirstCallArg(t *testing.T) {
	page := []byte(`<head><script type="application/json" id="first-answers">[{"fn":"evaluate","arg":{"nodes":"a","details":6},"answer":{"ok":true}},{"fn":"simulate","arg":{"until":1},"answer":{"ok":true}}]</script></head>`)
	arg, err := FirstCallArg(page, "simulate")
	if err != nil || string(arg) != `{"until":1}` {
		t.Errorf("FirstCallArg(simulate) = %s, %v; want {\"until\":1}", arg, err)
	}
	for _, tc := range []struct {
		page []byte
		fn   string
		want string
	}{
		{page, "explain", "no explain call"},
		{[]byte(`<head></head>`), "evaluate", "no first-answers block"},
		{[]byte(`<script type="application/json" id="first-answers">[{</script>`), "evaluate", "the first-answers block:"},
	} {
		if _, err := FirstCallArg(tc.page, tc.fn); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FirstCallArg(%.40q, %s): error = %v; want one saying %q", tc.page, tc.fn, err, tc.want)
		}
	}
}
