package bench

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFunctionBodies reads a hand-made module: one imported function, one
// defined, named a/b.c in the name section, so the body is the second index.
func TestFunctionBodies(t *testing.T) {
	module := []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00,
		2, 7, 1, 1, 'm', 1, 'f', 0, 0, // import section: m.f, a function
		10, 4, 1, 2, 0x00, 0x0b, // code section: one body, no locals, end
		0, 15, 4, 'n', 'a', 'm', 'e', 1, 8, 1, 1, 5, 'a', '/', 'b', '.', 'c', // names: function 1 is a/b.c
	}
	got, err := functionBodies(module)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string][]byte{"a/b.c": {0x00, 0x0b}}, got); diff != "" {
		t.Errorf("bodies (-want +got):\n%s", diff)
	}
	if _, err := functionBodies(module[:20]); err == nil {
		t.Error("a truncated module was read without an error")
	}
}

func TestPackageOf(t *testing.T) {
	for symbol, want := range map[string]string{
		"go.yaml.in_yaml_v3.peek_token": "go.yaml.in_yaml_v3",
		"github.com_taint_playground_taint_playground_engine_core.requirements.qosClass": "github.com_taint_playground_taint_playground_engine_core",
		"github.com_alecthomas_chroma_v2.__LexerRegistry_.Get":                           "github.com_alecthomas_chroma_v2",
		"runtime.__mheap_.alloc":             "runtime",
		"encoding_json.stateInStringEscU123": "encoding_json",
		"wasm_export_run":                    "wasm_export_run",
	} {
		if got := packageOf(symbol); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", symbol, got, want)
		}
	}
}
