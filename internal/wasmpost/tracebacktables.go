package wasmpost

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Go's runtime symbol table (the pclntab: runtime/symtab.go,
// cmd/link/internal/ld/pcln.go) lives in the WASM's data. For each function
// it holds tables of values by program counter and blobs of data: the stack
// pointer's offset (pcsp), the stack maps and unsafe points (pcdata,
// funcdata), which the runtime needs to grow stacks, collect garbage and
// recover panics; and what only tracebacks and runtime.Caller read: the
// source file and line (pcfile, pcln), which inlined call a program counter
// is in (the InlTreeIndex pcdata and the InlTree funcdata) and which
// arguments are live (the ArgLiveIndex pcdata), with the compilation units'
// file lists and file names only pcfile leads to. dropTracebackTables removes
// these: with Go 1.26, 265 KB of the 397 KB of tables and 183 KB of inline
// trees, 200 KB of the WASM with brotli. It also shortens the libraries'
// function names (functionnames.go). The runtime handles a function
// without them (funcline1 answers "?", line 0; no table means not inlined),
// so a panic in the page's console names the functions, not their lines or
// the functions inlined into them; the WASM built by make wasm
// (bin/taint-playground.wasm) keeps them.

// Offsets in a function's record (runtime._func).
const (
	funcNameOff      = 4
	funcPCSP         = 16
	funcPCFile       = 20
	funcPCLn         = 24
	funcNPCData      = 28
	funcCUOffset     = 32
	funcStartLine    = 36
	funcNFuncData    = 43
	funcRecordSize   = 44 // the fixed part; the pcdata, then the funcdata offsets follow
	functabEntrySize = 8  // entry offset and record offset
	inlinedCallSize  = 16 // runtime.inlinedCall
)

// Indices of the pcdata and funcdata a function may have (internal/abi).
const (
	pcdataInlTreeIndex = 2
	pcdataArgLiveIndex = 3
	funcdataInlTree    = 3
)

// noFuncData marks a funcdata a function does not have.
const noFuncData = 0xffffffff

// dropTracebackTables zeroes, in the sorted segments (given new bytes where
// they change), the tables above that nothing else shares, and points the
// functions' records at none; it returns how many bytes it zeroed. Data
// without a symbol table of this format is left as it is.
func dropTracebackTables(segments []dataSegment) (int, error) {
	if len(segments) == 0 {
		return 0, nil
	}
	base := segments[0].offset
	last := segments[len(segments)-1]
	image := make([]byte, last.offset+int64(len(last.bytes))-base)
	for _, s := range segments {
		copy(image[s.offset-base:], s.bytes)
	}
	layout, err := FindSymbolTable(image, base)
	if errors.Is(err, ErrNoSymbolTable) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if layout.PCLn+(layout.NFunc+1)*functabEntrySize > layout.EPCLnTab {
		return 0, fmt.Errorf("the function table does not fit the symbol table")
	}
	d := &tracebackDrop{image: image, layout: layout, keptTables: map[int]bool{}, droppedTables: map[int]bool{},
		keptData: map[int]bool{}, inlineTrees: map[int]int{}, names: newFunctionNames(image)}
	for i := range layout.NFunc {
		if err := d.unlinkFunction(i); err != nil {
			return 0, err
		}
	}
	zeroed, err := d.zeroUnlinked()
	if err != nil {
		return 0, err
	}
	// The segments' bytes may be the caller's module: changed ones are copied.
	for i, s := range segments {
		if changed := image[s.offset-base : s.offset-base+int64(len(s.bytes))]; !bytes.Equal(changed, s.bytes) {
			segments[i].bytes = changed
		}
	}
	return zeroed, nil
}

// tracebackDrop is dropTracebackTables at work on image, the memory the
// data section initialises. Tables and blobs are shared between functions,
// and one could serve as a table to keep as well: those kept are zeroed by
// no one.
type tracebackDrop struct {
	image  []byte
	layout SymbolTable
	// keptTables and droppedTables are value tables by offset from PCTab.
	keptTables, droppedTables map[int]bool
	// keptData are funcdata blobs by offset from GoFunc; inlineTrees are the
	// inline trees by offset from GoFunc, with their calls.
	keptData    map[int]bool
	inlineTrees map[int]int
	names       *functionNames
}

func (d *tracebackDrop) u32(at int) int { return int(binary.LittleEndian.Uint32(d.image[at:])) }

// unlinkFunction points function i's record at none of the tables
// dropped, and notes which tables and blobs it keeps or drops.
func (d *tracebackDrop) unlinkFunction(i int) error {
	image, pcln := d.image, d.layout.PCLn
	record := pcln + d.u32(pcln+i*functabEntrySize+4)
	if record+funcRecordSize > len(image) {
		return fmt.Errorf("function %d's record is outside the data", i)
	}
	npcdata, nfuncdata := d.u32(record+funcNPCData), int(image[record+funcNFuncData])
	pcdata, funcdata := record+funcRecordSize, record+funcRecordSize+4*npcdata
	d.keptTables[d.u32(record+funcPCSP)] = true
	calls := 0
	for j := range npcdata {
		table := d.u32(pcdata + 4*j)
		switch j {
		case pcdataInlTreeIndex, pcdataArgLiveIndex:
			if j == pcdataInlTreeIndex && table != 0 {
				_, largest, err := readTable(image[d.layout.PCTab+table : pcln])
				if err != nil {
					return fmt.Errorf("function %d's inline table: %w", i, err)
				}
				calls = largest + 1
			}
			d.droppedTables[table] = true
			clear(image[pcdata+4*j : pcdata+4*j+4])
		default:
			d.keptTables[table] = true
		}
	}
	for j := range nfuncdata {
		blob := d.u32(funcdata + 4*j)
		switch {
		case blob == noFuncData:
		case j == funcdataInlTree:
			d.inlineTrees[blob] = max(d.inlineTrees[blob], calls)
			binary.LittleEndian.PutUint32(image[funcdata+4*j:], noFuncData)
		default:
			d.keptData[blob] = true
		}
	}
	d.droppedTables[d.u32(record+funcPCFile)] = true
	d.droppedTables[d.u32(record+funcPCLn)] = true
	clear(image[record+funcPCFile : record+funcPCLn+4])
	// Without pcfile and pcln, a function's compilation unit and first
	// line are read by no one.
	clear(image[record+funcCUOffset : record+funcStartLine+4])
	d.names.add(record+funcNameOff, d.u32(record+funcNameOff))
	return nil
}

// zeroUnlinked zeroes what no function points at any more, once every
// function is unlinked, and shortens the names; it returns the bytes zeroed.
func (d *tracebackDrop) zeroUnlinked() (int, error) {
	image, layout := d.image, d.layout
	// The compilation units' file lists and the file names are read only
	// through pcfile.
	clear(image[layout.CUs:layout.PCTab])
	zeroed := layout.PCTab - layout.CUs + d.names.shorten(image[layout.FuncNames:layout.CUs])
	for offset := range d.droppedTables {
		if offset == 0 || d.keptTables[offset] {
			continue
		}
		n, _, err := readTable(image[layout.PCTab+offset : layout.PCLn])
		if err != nil {
			return 0, fmt.Errorf("the table at pctab+%d: %w", offset, err)
		}
		clear(image[layout.PCTab+offset : layout.PCTab+offset+n])
		zeroed += n
	}
	for offset, calls := range d.inlineTrees {
		from, to := layout.GoFunc+offset, layout.GoFunc+offset+calls*inlinedCallSize
		if d.keptData[offset] {
			continue
		}
		if to > layout.EPCLnTab {
			return 0, fmt.Errorf("the inline tree at go:func.*+%d ends after the symbol table", offset)
		}
		clear(image[from:to])
		zeroed += to - from
	}
	return zeroed, nil
}

// readTable reads the value table at the start of p: pairs of varints
// (value delta, pc delta), ended by a zero value delta after the first pair
// (runtime.step). It returns the table's bytes and its largest value;
// values start at -1.
func readTable(p []byte) (length, largest int, err error) {
	value, largest := int64(-1), -1
	at := 0
	for first := true; ; first = false {
		delta, n := binary.Uvarint(p[at:])
		if n <= 0 {
			return 0, 0, fmt.Errorf("a varint is cut short at byte %d", at)
		}
		if delta == 0 && !first {
			return at + 1, largest, nil
		}
		at += n
		value += int64(-(delta & 1) ^ (delta >> 1)) // zigzag
		largest = max(largest, int(value))
		if _, n = binary.Uvarint(p[at:]); n <= 0 {
			return 0, 0, fmt.Errorf("a varint is cut short at byte %d", at)
		}
		at += n
	}
}
