package bench

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
	r := &wasmReader{data: module[8:]}
	imported := 0
	var bodies [][]byte
	names := map[int]string{}
	for len(r.data) > 0 {
		id := r.byte()
		section := &wasmReader{data: r.bytes(int(r.uint()))}
		switch id {
		case 2: // imports: functions among them take the first indices
			for range section.uint() {
				section.bytes(int(section.uint()))
				section.bytes(int(section.uint()))
				switch kind := section.byte(); kind {
				case 0:
					imported++
					section.uint()
				case 1:
					section.byte()
					section.limits()
				case 2:
					section.limits()
				case 3:
					section.bytes(2)
				}
			}
		case 10: // code
			for range section.uint() {
				bodies = append(bodies, section.bytes(int(section.uint())))
			}
		case 0: // custom: "name" holds the function names
			if string(section.bytes(int(section.uint()))) != "name" {
				continue
			}
			for len(section.data) > 0 && section.err == nil {
				sub := section.byte()
				content := &wasmReader{data: section.bytes(int(section.uint()))}
				if sub != 1 {
					continue
				}
				for range content.uint() {
					index := int(content.uint())
					names[index] = string(content.bytes(int(content.uint())))
				}
				if content.err != nil {
					return nil, content.err
				}
			}
		}
		if section.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, section.err)
		}
	}
	if r.err != nil {
		return nil, r.err
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

// wasmReader reads a WebAssembly module's bytes; the first error stops it.
type wasmReader struct {
	data []byte
	err  error
}

func (r *wasmReader) bytes(n int) []byte {
	if r.err != nil || n > len(r.data) {
		r.err = errors.New("truncated")
		r.data = nil
		return nil
	}
	b := r.data[:n]
	r.data = r.data[n:]
	return b
}

func (r *wasmReader) byte() byte {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

// uint reads an unsigned LEB128 number.
func (r *wasmReader) uint() uint64 {
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.err = errors.New("bad LEB128 number")
		r.data = nil
		return 0
	}
	r.data = r.data[n:]
	return v
}

// limits reads a table's or memory's limits: a flag, a minimum and maybe a maximum.
func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.uint()
	}
	r.uint()
}

// int reads a signed LEB128 number of at most 64 bits.
func (r *wasmReader) int() int64 {
	var v int64
	for shift := 0; shift < 64; shift += 7 {
		b := r.byte()
		v |= int64(b&0x7f) << shift
		if b&0x80 == 0 {
			if shift+7 < 64 && b&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v
		}
	}
	r.err = errors.New("bad LEB128 number")
	return 0
}
