package cli

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/manifest"
)

// endless is a standard input that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// allocated runs f and returns the bytes it allocated on the heap.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestEndlessInputsStopAtTheBound reads inputs that never end, each alone
// and so as a stream (loadStream): each run stops at manifest.MaxInputBytes,
// the most one line, one item of a List or the text around a List's items
// may hold, with status 2 and a message naming the input and the bound,
// having allocated less than twice the bound.
func TestEndlessInputsStopAtTheBound(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	tests := []struct {
		name  string
		stdin io.Reader
		args  []string
		want  string
	}{
		{name: "-f /dev/zero", stdin: strings.NewReader(""), args: []string{"check", "-f", "/dev/zero"}, want: "/dev/zero: the input is too large"},
		{name: "-f /dev/urandom", stdin: strings.NewReader(""), args: []string{"whatif", "-f", "/dev/urandom", "--", "kubectl", "taint", "nodes", "n", "k:NoSchedule"}, want: "/dev/urandom: the input is too large"},
		{name: "a standard input that never ends", stdin: endless{}, args: []string{"simulate", "-f", "-"}, want: "<stdin>: the input is too large"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			var status int
			alloc := allocated(func() {
				status = Run(&Env{Stdin: tc.stdin, Stdout: &stdout, Stderr: &stderr}, tc.args)
			})
			if status != ExitInvalid || !strings.Contains(stderr.String(), tc.want) || !strings.Contains(stderr.String(), "16 MiB (16777216 bytes)") {
				t.Errorf("status %d, stderr:\n%s", status, stderr.String())
			}
			t.Logf("allocated %d bytes", alloc)
			if limit := uint64(2 * manifest.MaxInputBytes); alloc > limit {
				t.Errorf("allocated %d bytes, over %d", alloc, limit)
			}
		})
	}
}

// TestInputBoundIsForAllInputs reads two files that fit the bound alone but
// not together: the second one is named as over it.
func TestInputBoundIsForAllInputs(t *testing.T) {
	half := "#" + strings.Repeat("x", manifest.MaxInputBytes/2) + "\n"
	writeFiles(t, map[string]string{"a.yaml": half, "b.yaml": half})
	got := run(t, "", false, "check", "-f", "a.yaml", "-f", "b.yaml")
	if got.status != ExitInvalid || !strings.Contains(got.stderr, "b.yaml: the input is too large") {
		t.Errorf("status %d, stderr:\n%s", got.status, got.stderr)
	}
}
