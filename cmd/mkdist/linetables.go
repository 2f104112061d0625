package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Go's runtime symbol table (the pclntab, runtime/symtab.go and
// cmd/link/internal/ld/pcln.go) lives in the WASM's data. For each function
// it holds tables of values by program counter: the stack pointer's offset
// (pcsp) and the stack maps (pcdata), which the runtime needs to grow
// stacks and collect garbage, and the source file and line (pcfile, pcln),
// which only tracebacks and runtime.Caller read. The last two are two thirds
// of the tables: 260 KB of 397 KB, 126 KB of the WASM with brotli.
// dropLineTables removes them from the release WASM, as the runtime handles
// a function without them (funcline1 answers "?", line 0), so a panic in
// the page's console names the functions but not their lines; the WASM
// built by make wasm (bin/taint-playground.wasm) keeps them.

// pclntabMagic opens the table since Go 1.20 (internal/abi.Go120PCLnTabMagic).
const pclntabMagic = 0xfffffff1

// Offsets in the table's header (runtime.pcHeader) and in a function's
// record (runtime._func), for 8-byte pointers.
const (
	headerSize       = 72
	headerNFunc      = 8
	headerPCTab      = 56
	headerPCLn       = 64
	funcPCSP         = 16
	funcPCFile       = 20
	funcPCLn         = 24
	funcNPCData      = 28
	funcRecordSize   = 44 // the fixed part; the pcdata offsets follow
	functabEntrySize = 8  // entry offset and record offset
)

// dropLineTables zeroes, in the sorted segments (given new bytes where they
// change), the line and file tables
// that nothing else shares, and points the functions' records at none; it
// returns how many bytes of tables it zeroed. Data without a symbol table
// of this format is left as it is.
func dropLineTables(segments []dataSegment) (int, error) {
	if len(segments) == 0 {
		return 0, nil
	}
	base := segments[0].offset
	last := segments[len(segments)-1]
	image := make([]byte, last.offset+int64(len(last.bytes))-base)
	for _, s := range segments {
		copy(image[s.offset-base:], s.bytes)
	}
	header := findPCHeader(image, base)
	if header < 0 {
		return 0, nil
	}
	u32 := func(at int) int { return int(binary.LittleEndian.Uint32(image[at:])) }
	u64 := func(at int) int { return int(binary.LittleEndian.Uint64(image[at:])) }
	nfunc, pctab, pcln := u64(header+headerNFunc), header+u64(header+headerPCTab), header+u64(header+headerPCLn)
	if pctab > pcln || pcln+(nfunc+1)*functabEntrySize > len(image) {
		return 0, fmt.Errorf("the symbol table at %d does not fit the data", int64(header)+base)
	}
	kept, dropped := map[int]bool{}, map[int]bool{}
	for i := range nfunc {
		record := pcln + u32(pcln+i*functabEntrySize+4)
		if record+funcRecordSize > len(image) {
			return 0, fmt.Errorf("function %d's record is outside the data", i)
		}
		kept[u32(record+funcPCSP)] = true
		for j := range u32(record + funcNPCData) {
			kept[u32(record+funcRecordSize+4*j)] = true
		}
		dropped[u32(record+funcPCFile)] = true
		dropped[u32(record+funcPCLn)] = true
		clear(image[record+funcPCFile : record+funcPCLn+4])
	}
	zeroed := 0
	for offset := range dropped {
		if offset == 0 || kept[offset] {
			continue
		}
		n, err := tableLength(image[pctab+offset : pcln])
		if err != nil {
			return 0, fmt.Errorf("the table at pctab+%d: %w", offset, err)
		}
		clear(image[pctab+offset : pctab+offset+n])
		zeroed += n
	}
	// The segments' bytes may be the caller's module: changed ones are copied.
	for i, s := range segments {
		if changed := image[s.offset-base : s.offset-base+int64(len(s.bytes))]; !bytes.Equal(changed, s.bytes) {
			segments[i].bytes = changed
		}
	}
	return zeroed, nil
}

// findPCHeader is the offset in image, the memory from address base on, of
// the symbol table's header, or -1. The header is at an address that is a
// multiple of 8: the magic, two zero pads, the instruction size quantum (1
// for WebAssembly) and the pointer size (8).
func findPCHeader(image []byte, base int64) int {
	for at := int((8 - base%8) % 8); at+headerSize <= len(image); at += 8 {
		if binary.LittleEndian.Uint32(image[at:]) == pclntabMagic && image[at+4] == 0 && image[at+5] == 0 && image[at+6] == 1 && image[at+7] == 8 {
			return at
		}
	}
	return -1
}

// tableLength is the bytes of the value table at the start of p: pairs of
// varints (value delta, pc delta), ended by a zero value delta after the
// first pair (runtime.step).
func tableLength(p []byte) (int, error) {
	at := 0
	for first := true; ; first = false {
		delta, n := binary.Uvarint(p[at:])
		if n <= 0 {
			return 0, fmt.Errorf("a varint is cut short at byte %d", at)
		}
		if delta == 0 && !first {
			return at + 1, nil
		}
		at += n
		if _, n = binary.Uvarint(p[at:]); n <= 0 {
			return 0, fmt.Errorf("a varint is cut short at byte %d", at)
		}
		at += n
	}
}
