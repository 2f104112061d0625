package bench

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/andybalholm/brotli"
)

// PackageSize is the code one Go package puts in the WASM: the bodies of its
// functions, raw and compressed alone with brotli -q 11, which says roughly
// what removing the package would save.
type PackageSize struct {
	Package string
	Raw     int
	Brotli  int
}

// PackageSizes builds ./wasm as the release does but keeps the WASM's name
// section (no -s -w), and sums each package's function bodies, largest
// first. Data (strings, tables) is not attributed to packages.
func PackageSizes(moduleRoot string) ([]PackageSize, error) {
	dir, err := os.MkdirTemp("", "taint-playground-sizes-")
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
	bodies, err := functionBodies(module)
	if err != nil {
		return nil, err
	}
	code := map[string][]byte{}
	for name, body := range bodies {
		pkg := packageOf(name)
		code[pkg] = append(code[pkg], body...)
	}
	sizes := make([]PackageSize, 0, len(code))
	for pkg, body := range code {
		var compressed bytes.Buffer
		w := brotli.NewWriterLevel(&compressed, brotli.BestCompression)
		w.Write(body)
		w.Close()
		sizes = append(sizes, PackageSize{Package: pkg, Raw: len(body), Brotli: compressed.Len()})
	}
	sort.Slice(sizes, func(a, b int) bool { return sizes[a].Brotli > sizes[b].Brotli })
	return sizes, nil
}

// packageOf is the package of a function as the WASM's name section spells
// it, with "/" and "-" as "_": "go.yaml.in_yaml_v3.peek_token" is in
// go.yaml.in_yaml_v3, "runtime.__mheap_.alloc" in runtime. A module path's
// domain has dots of its own, so the package ends at the first dot after it.
func packageOf(symbol string) string {
	start := 0
	for _, domain := range moduleDomains {
		if strings.HasPrefix(symbol, domain+"_") {
			start = len(domain)
			break
		}
	}
	if dot := strings.Index(symbol[start:], "."); dot >= 0 {
		return symbol[:start+dot]
	}
	return symbol
}

// moduleDomains are the hosts of the modules the WASM links.
var moduleDomains = []string{"github.com", "go.yaml.in", "golang.org", "sigs.k8s.io", "k8s.io", "gopkg.in"}

// functionBodies reads a WASM module's code section and its name section's
// function names: each named function's body bytes.
func functionBodies(module []byte) (map[string][]byte, error) {
	if len(module) < 8 || string(module[:4]) != "\x00asm" {
		return nil, errors.New("not a WASM module")
	}
	r := &wasmReader{data: module, pos: 8}
	var imported int
	var bodies [][]byte
	names := map[int]string{}
	for r.pos < len(r.data) {
		id := r.byte()
		size := int(r.uleb())
		section := &wasmReader{data: r.data[r.pos : r.pos+size]}
		r.pos += size
		switch id {
		case 2: // imports: functions imported come first in the index space
			for range section.uleb() {
				section.name()
				section.name()
				kind := section.byte()
				switch kind {
				case 0:
					section.uleb()
					imported++
				case 1:
					section.byte()
					section.limits()
				case 2:
					section.limits()
				case 3:
					section.byte()
					section.byte()
				}
			}
		case 10: // code
			for range section.uleb() {
				n := int(section.uleb())
				bodies = append(bodies, section.data[section.pos:section.pos+n])
				section.pos += n
			}
		case 0: // custom: only "name" matters
			if section.name() != "name" {
				continue
			}
			for section.pos < len(section.data) {
				sub := section.byte()
				n := int(section.uleb())
				if sub != 1 {
					section.pos += n
					continue
				}
				for range section.uleb() {
					index := int(section.uleb())
					names[index] = section.name()
				}
			}
		}
		if r.err != nil || section.err != nil {
			return nil, errors.Join(r.err, section.err)
		}
	}
	if len(names) == 0 {
		return nil, errors.New("the WASM has no name section (built with -s?)")
	}
	out := make(map[string][]byte, len(bodies))
	for i, body := range bodies {
		name, ok := names[imported+i]
		if !ok {
			name = fmt.Sprintf("unnamed.%d", imported+i)
		}
		out[name] = body
	}
	return out, nil
}

// wasmReader reads the WASM binary format's bytes, LEB128 numbers and names.
type wasmReader struct {
	data []byte
	pos  int
	err  error
}

func (r *wasmReader) byte() byte {
	if r.pos >= len(r.data) {
		r.err = errors.New("truncated WASM")
		r.pos = len(r.data)
		return 0
	}
	b := r.data[r.pos]
	r.pos++
	return b
}

func (r *wasmReader) uleb() uint64 {
	v, n := binary.Uvarint(r.data[min(r.pos, len(r.data)):])
	if n <= 0 {
		r.err = errors.New("bad LEB128 in WASM")
		r.pos = len(r.data)
		return 0
	}
	r.pos += n
	return v
}

func (r *wasmReader) name() string {
	n := int(r.uleb())
	if r.pos+n > len(r.data) {
		r.err = errors.New("truncated WASM name")
		r.pos = len(r.data)
		return ""
	}
	s := string(r.data[r.pos : r.pos+n])
	r.pos += n
	return s
}

func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}
