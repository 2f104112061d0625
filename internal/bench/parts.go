package bench

import (
	"bytes"
	"fmt"

	"github.com/andybalholm/brotli"

	"github.com/taint-playground/taint-playground/internal/wasmpost"
)

// Part is a piece of the WASM, raw and compressed alone with brotli -q 11.
type Part struct {
	Name        string
	Raw, Brotli int
}

// Sections of a WebAssembly module (WebAssembly core spec, 5.5).
const (
	codeSectionID = 10
	dataSectionID = 11
)

// WASMParts splits a Go js/wasm module, as served, into its code, the data
// its data section initialises by kind (wasmpost.SymbolTable), and the rest
// (types, imports, exports, names), each compressed alone, which says what
// each kind costs.
func WASMParts(module []byte) ([]Part, error) {
	if !bytes.HasPrefix(module, []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, fmt.Errorf("not a WebAssembly module")
	}
	var code, data, rest []byte
	r := wasmpost.NewReader(module[8:])
	for !r.Done() {
		id := r.Byte()
		body := r.Bytes(r.Uint())
		switch id {
		case codeSectionID:
			code = body
		case dataSectionID:
			data = body
		default:
			rest = append(rest, body...)
		}
	}
	if r.Err() != nil {
		return nil, r.Err()
	}
	base, image, err := memoryImage(data)
	if err != nil {
		return nil, err
	}
	l, err := wasmpost.FindSymbolTable(image, base)
	if err != nil {
		return nil, err
	}
	parts := []Part{compressed("code (function bodies)", code)}
	for _, p := range []struct {
		name     string
		from, to int
	}{
		{"data: type descriptors and string literals", max(l.Types, 0), l.GCData},
		{"data: GC masks and read-only tables", l.GCData, l.ETypes},
		{"data: function names", l.FuncNames, l.CUs},
		{"data: file names", l.CUs, l.PCTab},
		{"data: value tables by pc (stack, stack maps)", l.PCTab, l.PCLn},
		{"data: function records", l.PCLn, l.GoFunc},
		{"data: funcdata (stack maps, defer info)", l.GoFunc, l.EPCLnTab},
		{"data: type and itab links", l.EPCLnTab, l.NoPtrData},
		{"data: variables without pointers", l.NoPtrData, l.ENoPtrData},
		{"data: variables with pointers", l.Data, min(l.EData, len(image))},
	} {
		parts = append(parts, compressed(p.name, image[p.from:p.to]))
	}
	return append(parts, compressed("everything else (types, imports, exports, names)", rest)), nil
}

// memoryImage is the memory a data section of active segments with
// i32.const offsets initialises, from the first segment's address (base) on.
func memoryImage(section []byte) (base int64, image []byte, err error) {
	type segment struct {
		offset int64
		bytes  []byte
	}
	var segments []segment
	r := wasmpost.NewReader(section)
	for range r.Uint() {
		if r.Uint() != 0 || r.Byte() != 0x41 { // active, memory 0; i32.const
			return 0, nil, fmt.Errorf("a data segment that is not active at a constant offset")
		}
		offset := r.Int()
		r.Byte() // end
		segments = append(segments, segment{offset, r.Bytes(r.Uint())})
	}
	if r.Err() != nil || len(segments) == 0 {
		return 0, nil, fmt.Errorf("no data segments: %v", r.Err())
	}
	base, end := segments[0].offset, int64(0)
	for _, s := range segments {
		base, end = min(base, s.offset), max(end, s.offset+int64(len(s.bytes)))
	}
	image = make([]byte, end-base)
	for _, s := range segments {
		copy(image[s.offset-base:], s.bytes)
	}
	return base, image, nil
}

// compressed is data as a Part.
func compressed(name string, data []byte) Part {
	var out bytes.Buffer
	w := brotli.NewWriterLevel(&out, brotli.BestCompression)
	w.Write(data)
	w.Close()
	return Part{Name: name, Raw: len(data), Brotli: out.Len()}
}
