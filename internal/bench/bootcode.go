package bench

import (
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// bootCodeScript is the Node program that starts the WASM as the page's worker does.
//
//go:embed bootcode.js
var bootCodeScript []byte

// CompiledCode is a count of WASM functions V8 compiled and the size of
// their bodies in the module.
type CompiledCode struct {
	Functions, Bytes int
}

// BootCode is the WASM code V8 compiles, each function on its first call,
// from the Go program's start to the answer of the page's first evaluate,
// the engine's share of the page's first verdict: Start is go.run (the
// packages' initialisation and main), Evaluate the first evaluate. Unlike
// the page's time it does not depend on the machine's load.
type BootCode struct {
	Start, Evaluate CompiledCode
}

// Total is the code compiled before the first verdict.
func (b BootCode) Total() CompiledCode {
	return CompiledCode{Functions: b.Start.Functions + b.Evaluate.Functions, Bytes: b.Start.Bytes + b.Evaluate.Bytes}
}

// MeasureBootCode runs the WASM in Node with V8's
// --trace-wasm-compilation-times, as the page's worker runs it (wasmExec is
// the wasm_exec.js it loads), then calls evaluate with evaluateArg, the
// argument of the page's first evaluate (browsertest.PageFirstCallArg).
func MeasureBootCode(wasm, wasmExec string, evaluateArg []byte) (BootCode, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return BootCode{}, err
	}
	dir, err := os.MkdirTemp("", "taint-playground-bootcode-")
	if err != nil {
		return BootCode{}, err
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "bootcode.js")
	args := filepath.Join(dir, "args.json")
	if err := os.WriteFile(script, bootCodeScript, 0o644); err != nil {
		return BootCode{}, err
	}
	if err := os.WriteFile(args, evaluateArg, 0o644); err != nil {
		return BootCode{}, err
	}
	absExec, err := filepath.Abs(wasmExec)
	if err != nil {
		return BootCode{}, err
	}
	cmd := exec.Command(node, "--trace-wasm-compilation-times", script, absExec, wasm)
	cmd.Args = append(cmd.Args, args)
	out, err := cmd.Output()
	if err != nil {
		return BootCode{}, fmt.Errorf("node %s: %w", script, err)
	}
	return parseBootTrace(string(out))
}

// compiledLine is V8's line for a function Liftoff, its baseline compiler,
// compiled; the optimising compiler's later recompilations are left out, as
// they run on other threads.
var compiledLine = regexp.MustCompile(`^Compiled function \S+ using Liftoff, .*; bodysize (\d+)`)

// parseBootTrace adds up the Liftoff compilations after each "phase" line
// of bootcode.js's output, up to the next.
func parseBootTrace(out string) (BootCode, error) {
	var b BootCode
	var into *CompiledCode
	phases := map[string]*CompiledCode{"instantiate": &b.Start, "start": &b.Evaluate}
	seen := map[string]bool{}
	for line := range strings.Lines(out) {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "phase "); ok {
			into = phases[name]
			seen[name] = true
			continue
		}
		m := compiledLine.FindStringSubmatch(line)
		if m == nil || into == nil {
			continue
		}
		size, err := strconv.Atoi(m[1])
		if err != nil {
			return b, err
		}
		into.Functions++
		into.Bytes += size
	}
	if !seen["evaluate"] {
		return b, fmt.Errorf("the boot script did not reach the first evaluate's answer:\n%s", out)
	}
	if b.Start.Functions == 0 {
		return b, fmt.Errorf("node printed no Liftoff compilation (is --trace-wasm-compilation-times supported?)")
	}
	return b, nil
}
