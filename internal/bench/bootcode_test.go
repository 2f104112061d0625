package bench

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestParseBootTrace adds up a trace's Liftoff compilations by step, leaving
// out what comes before go.run, the optimising compiler's and the wrappers.
func TestParseBootTrace(t *testing.T) {
	trace := `Compiled WasmToJS wrapper wasm-to-js-5-i-, took 0 ms; codesize 120
Compiled function 0x1#7 using Liftoff, took 0 ms and 100 bytes; bodysize 99 codesize 172
phase instantiate
Compiled function 0x1#1519 using Liftoff, took 0 ms and 16504 bytes; bodysize 37 codesize 172
Compiled function 0x1#967 using Liftoff, took 1 ms and 157976 bytes; bodysize 2285 codesize 6952
phase start
Compiled function 0x1#967 using TurboFan, took 3 ms and 157976 bytes; bodysize 2285 codesize 6000
Compiled function 0x1#12 using Liftoff, took 0 ms and 100 bytes; bodysize 40 codesize 90
phase evaluate
Compiled function 0x1#13 using Liftoff, took 0 ms and 100 bytes; bodysize 1000 codesize 90
`
	got, err := parseBootTrace(trace)
	if err != nil {
		t.Fatal(err)
	}
	want := BootCode{Start: CompiledCode{Functions: 2, Bytes: 37 + 2285}, Evaluate: CompiledCode{Functions: 1, Bytes: 40}}
	if got != want {
		t.Errorf("parsed %+v; want %+v", got, want)
	}
	if total := got.Total(); total != (CompiledCode{Functions: 3, Bytes: 37 + 2285 + 40}) {
		t.Errorf("total %+v", total)
	}
	if _, err := parseBootTrace(strings.Split(trace, "phase evaluate")[0]); err == nil {
		t.Error("a trace that stops before the evaluate's answer was accepted")
	}
	// V8 flushed half a line, then bootcode.js wrote its phase line, which
	// starts with a line break: the phase counts, the broken line does not.
	cut := strings.Replace(trace, "phase evaluate\n", "", 1) + "Compiled function \nphase evaluate\n0x1#14 using Liftoff, took 0 ms and 100 bytes; bodysize 7 codesize 90\n"
	if got, err := parseBootTrace(cut); err != nil || got != (BootCode{Start: want.Start, Evaluate: CompiledCode{Functions: 2, Bytes: 40 + 1000}}) {
		t.Errorf("a phase line after half of V8's: %+v, %v", got, err)
	}
}

// TestMeasureBootCode starts the built WASM in Node and finds code compiled
// in both steps: the inits and main, and the first evaluate.
func TestMeasureBootCode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the WASM in Node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	site := browsertest.Serve(t)
	arg, err := browsertest.PageFirstCallArg("evaluate")
	if err != nil {
		t.Fatal(err)
	}
	boot, err := MeasureBootCode(filepath.Join(site.Dir, site.WASM), filepath.Join(site.Dir, "wasm_exec.js"), arg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("go.run %+v, first evaluate %+v", boot.Start, boot.Evaluate)
	if boot.Start.Functions == 0 || boot.Evaluate.Functions == 0 {
		t.Errorf("no code compiled in a step: %+v", boot)
	}
}
