package bench

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/taint-playground/taint-playground/internal/wasmpost"
)

// WASMFunctions builds ./wasm as make wasm does but keeps the function names
// (no -s -w), and returns each function's code by the name the WASM's name
// section gives it: (*T).M is spelled __T_.M, and an import path's
// characters other than letters, digits and dots are underscores.
func WASMFunctions(moduleRoot string) (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "taint-playground-names-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "named.wasm")
	build := exec.Command("go", "build", "-trimpath", "-o", out, "./wasm")
	build.Dir = moduleRoot
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if output, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build ./wasm: %v\n%s", err, output)
	}
	module, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	return functionBodies(module)
}

// functionBodies reads a WebAssembly module's function names (its "name"
// section) and each named function's code.
func functionBodies(module []byte) (map[string][]byte, error) {
	if !bytes.HasPrefix(module, []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("not a WebAssembly module")
	}
	r := wasmpost.NewReader(module[8:])
	imported := 0
	var bodies [][]byte
	names := map[int]string{}
	for !r.Done() {
		id := r.Byte()
		section := wasmpost.NewReader(r.Bytes(r.Uint()))
		switch id {
		case 2: // imports: functions among them take the first indices
			for range section.Uint() {
				section.Bytes(section.Uint())
				section.Bytes(section.Uint())
				switch kind := section.Byte(); kind {
				case 0:
					imported++
					section.Uint()
				case 1:
					section.Byte()
					section.Limits()
				case 2:
					section.Limits()
				case 3:
					section.Bytes(2)
				}
			}
		case 10: // code
			for range section.Uint() {
				bodies = append(bodies, section.Bytes(section.Uint()))
			}
		case 0: // custom: "name" holds the function names
			if string(section.Bytes(section.Uint())) != "name" {
				continue
			}
			for !section.Done() {
				sub := section.Byte()
				content := wasmpost.NewReader(section.Bytes(section.Uint()))
				if sub != 1 {
					continue
				}
				for range content.Uint() {
					index := int(content.Uint())
					names[index] = string(content.Bytes(content.Uint()))
				}
				if content.Err() != nil {
					return nil, content.Err()
				}
			}
		}
		if section.Err() != nil {
			return nil, fmt.Errorf("section %d: %w", id, section.Err())
		}
	}
	if r.Err() != nil {
		return nil, r.Err()
	}
	if len(names) == 0 {
		return nil, errors.New("the module has no function names (built with -s?)")
	}
	named := make(map[string][]byte, len(bodies))
	for i, body := range bodies {
		if name, ok := names[imported+i]; ok {
			named[name] = body
		}
	}
	return named, nil
}
