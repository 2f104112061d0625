package wasmpost

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runInNode runs a js/wasm program in Node with the Go toolchain's runner
// and returns what it printed.
func runInNode(t *testing.T, module []byte) string {
	t.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("needs Node.js (make node)")
	}
	path := filepath.Join(t.TempDir(), "program.wasm")
	if err := os.WriteFile(path, module, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js"), path).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return string(out)
}

// TestDropTracebackTablesRuns runs testdata/runtimecheck, which grows its
// stack through thousands of frames, collects garbage, recovers a panic and
// asks runtime.Caller for its function and line and runtime.FuncForPC for
// the names of functions, before and after mkdist's rewrite: the same
// answers, but the line is no longer known and a library's or the runtime's
// function is named by its package only.
func TestDropTracebackTablesRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a WASM")
	}
	module := buildWASM(t, "./internal/wasmpost/testdata/runtimecheck")
	rewritten, err := Shrink(module)
	if err != nil {
		t.Fatal(err)
	}
	before, after := runInNode(t, module), runInNode(t, rewritten)
	changes := strings.NewReplacer(
		"line known true", "line known false",
		"library function strings.ToUpper", "library function strings.?",
		"runtime function runtime.GC", "runtime function runtime.?",
	)
	for _, want := range []string{"function main.main\n", "line known true\n", "library function strings.ToUpper\n", "runtime function runtime.GC\n"} {
		if !strings.Contains(before, want) {
			t.Fatalf("the program as built printed %q; want it to contain %q", before, want)
		}
	}
	if want := changes.Replace(before); after != want {
		t.Errorf("after dropping the traceback tables the program printed %q; want %q", after, want)
	}
}

// TestReadTable reads value tables as runtime.step does: values start at
// -1 and change by zigzag deltas, the first pair may have a zero value
// delta, a later zero delta ends the table, and deltas take one or more
// bytes.
func TestReadTable(t *testing.T) {
	for _, c := range []struct {
		table           []byte
		length, largest int
	}{
		{[]byte{0, 4, 0, 9}, 3, -1},                  // (+0, 4), then the end
		{[]byte{2, 1, 0x81, 0x01, 3, 0, 9}, 6, 0},    // (+1, 1), (-65, 3), end: -1, 0, -65
		{[]byte{8, 0x80, 0x80, 0x01, 3, 2, 0}, 7, 3}, // (+4, a pc delta of three bytes), (-2, 2): 3, 1
	} {
		if length, largest, err := readTable(c.table); err != nil || length != c.length || largest != c.largest {
			t.Errorf("readTable(%v) = %d, %d, %v; want %d, %d", c.table, length, largest, err, c.length, c.largest)
		}
	}
	if _, _, err := readTable([]byte{2, 0x80}); err == nil {
		t.Error("a table cut short has a length")
	}
}
