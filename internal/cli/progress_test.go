package cli

import (
	"strings"
	"testing"
	"time"
)

// TestProgressLine draws the line only past progressBytes and at most once
// per progressEvery, and erases it at the end; nothing is drawn for a small
// input.
func TestProgressLine(t *testing.T) {
	var out strings.Builder
	now := time.Unix(0, 0)
	p := newProgressLine(&out, speechIn("en"), "big.json", 2*progressBytes)
	p.nowFor = func() time.Time { return now }
	p.update(progressBytes-1, 10)
	if out.Len() != 0 {
		t.Fatalf("drawn below progressBytes: %q", out.String())
	}
	p.update(progressBytes, 1000)
	now = now.Add(progressEvery / 2)
	p.update(progressBytes+1, 1001)
	want := "\r\x1b[Kreading big.json: 67.1 MB of 134.2 MB, 1,000 objects"
	if out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
	p.clear()
	if !strings.HasSuffix(out.String(), "\r\x1b[K") {
		t.Errorf("not erased: %q", out.String())
	}
	var quiet strings.Builder
	small := newProgressLine(&quiet, speechIn("en"), "small.json", 100)
	small.update(100, 1)
	small.clear()
	if quiet.Len() != 0 {
		t.Errorf("a small input drew %q", quiet.String())
	}
}

// TestProgressOnlyOnATerminalTable shows progress only on a terminal's
// standard error, and never with -o json or yaml.
func TestProgressOnlyOnATerminalTable(t *testing.T) {
	for _, tc := range []struct {
		terminal bool
		output   string
		want     bool
	}{
		{true, "table", true}, {true, "wide", true}, {true, "json", false}, {true, "yaml", false}, {false, "table", false},
	} {
		if got := showProgress(&Env{StderrTerminal: tc.terminal}, tc.output); got != tc.want {
			t.Errorf("terminal %t, -o %s: %t, want %t", tc.terminal, tc.output, got, tc.want)
		}
	}
}
