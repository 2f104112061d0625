// Package golden compares what a test produced with a file kept under testdata,
// or rewrites the file when the test runs with -update (chroma's RECORD=true):
//
//	go test ./engine ./examples ./wasm/highlight -update
package golden

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Updating reports whether the test run rewrites golden files, for tests that
// regenerate other recorded outputs along with them.
func Updating() bool { return *update }

// Check compares got with the file at path, line by line, or writes it with -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (record it with -update)", err)
	}
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")); diff != "" {
		t.Errorf("%s differs from what the test produced (-want +got; re-record with -update):\n%s", path, diff)
	}
}

// JSON checks v, as indented JSON, against the file at path.
func JSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	Check(t, path, append(data, '\n'))
}
