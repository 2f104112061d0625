package wasmpost

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrNoSymbolTable is FindSymbolTable's error for memory without a Go symbol table.
var ErrNoSymbolTable = errors.New("no Go symbol table")

// pclntabMagic opens the symbol table since Go 1.20 (internal/abi.Go120PCLnTabMagic).
const pclntabMagic = 0xfffffff1

// Offsets in the symbol table's header (runtime.pcHeader) and fields of
// runtime.moduledata, for 8-byte pointers.
const (
	headerSize       = 72
	headerNFunc      = 8
	headerFuncName   = 32
	headerCU         = 40
	headerFileTab    = 48
	headerPCTab      = 56
	headerPCLn       = 64
	moduleNoPtrData  = 24 * 8
	moduleENoPtrData = 25 * 8
	moduleData       = 26 * 8
	moduleEData      = 27 * 8
	moduleGCData     = 35 * 8
	moduleTypes      = 37 * 8
	moduleETypes     = 38 * 8
	moduleGoFunc     = 40 * 8
	moduleEPCLnTab   = 41 * 8
	moduleDataFields = 42 * 8
)

// SymbolTable is where the tables are, as offsets into the memory image; Types
// may be negative, before the image's first byte, when the memory starts
// with zeros the data section leaves out.
type SymbolTable struct {
	NFunc int
	// Types to ETypes holds type descriptors, string literals, GC masks
	// (from GCData) and read-only tables.
	Types, GCData, ETypes int
	// The symbol table: its header, function names, compilation units
	// (to FileTab), file names, value tables by program counter (PCTab),
	// the function table and records (PCLn), funcdata such as stack maps
	// (GoFunc) and its end.
	Header, FuncNames, CUs, FileTab, PCTab, PCLn, GoFunc, EPCLnTab int
	// Initialised variables without pointers, then with pointers.
	NoPtrData, ENoPtrData, Data, EData int
}

// FindSymbolTable finds the tables in image, the memory from address base on.
func FindSymbolTable(image []byte, base int64) (SymbolTable, error) {
	header := findHeader(image, base)
	if header < 0 {
		return SymbolTable{}, ErrNoSymbolTable
	}
	u64 := func(at int) int { return int(binary.LittleEndian.Uint64(image[at:])) }
	l := SymbolTable{
		NFunc:     u64(header + headerNFunc),
		Header:    header,
		FuncNames: header + u64(header+headerFuncName),
		CUs:       header + u64(header+headerCU),
		FileTab:   header + u64(header+headerFileTab),
		PCTab:     header + u64(header+headerPCTab),
		PCLn:      header + u64(header+headerPCLn),
	}
	headerAddress := int64(header) + base
	for at := aligned(base); at+moduleDataFields <= len(image); at += 8 {
		if int64(u64(at)) != headerAddress || u64(at+8) != l.FuncNames+int(base) {
			continue
		}
		field := func(offset int) int { return int(int64(u64(at+offset)) - base) }
		l.Types, l.GCData, l.ETypes = field(moduleTypes), field(moduleGCData), field(moduleETypes)
		l.GoFunc, l.EPCLnTab = field(moduleGoFunc), field(moduleEPCLnTab)
		l.NoPtrData, l.ENoPtrData, l.Data, l.EData = field(moduleNoPtrData), field(moduleENoPtrData), field(moduleData), field(moduleEData)
		if !l.ordered() {
			return SymbolTable{}, fmt.Errorf("the module data at %d does not match Go 1.26's layout: %+v", int64(at)+base, l)
		}
		return l, nil
	}
	return SymbolTable{}, fmt.Errorf("no module data points at the symbol table at %d", headerAddress)
}

// ordered checks that the ranges follow each other as Go 1.26's linker
// lays them out.
func (l SymbolTable) ordered() bool {
	order := []int{l.Types, l.GCData, l.ETypes, l.Header, l.FuncNames, l.CUs, l.FileTab, l.PCTab, l.PCLn, l.GoFunc, l.EPCLnTab, l.NoPtrData, l.ENoPtrData, l.Data, l.EData}
	for i := 1; i < len(order); i++ {
		if order[i] < order[i-1] {
			return false
		}
	}
	return true
}

// findHeader is the offset in image of the symbol table's header, or -1.
// The header is at an address that is a multiple of 8: the magic, two zero
// pads, the instruction size quantum (1 for WebAssembly) and the pointer
// size (8).
func findHeader(image []byte, base int64) int {
	for at := aligned(base); at+headerSize <= len(image); at += 8 {
		if binary.LittleEndian.Uint32(image[at:]) == pclntabMagic && image[at+4] == 0 && image[at+5] == 0 && image[at+6] == 1 && image[at+7] == 8 {
			return at
		}
	}
	return -1
}

// aligned is the first offset in an image from base on whose address is a
// multiple of 8.
func aligned(base int64) int {
	return int((8 - base%8) % 8)
}
