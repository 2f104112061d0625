package wasmpost

import (
	"encoding/binary"
	"errors"
	"testing"
)

// TestFindWithoutModuleData: a symbol table's header alone, or nothing, is
// not enough; the module data must point at the header. (Shrink's tests and
// internal/bench's test FindSymbolTable on programs built for js/wasm.)
func TestFindWithoutModuleData(t *testing.T) {
	image := make([]byte, 4096)
	if _, err := FindSymbolTable(image, 0); !errors.Is(err, ErrNoSymbolTable) {
		t.Errorf("FindSymbolTable in zeros: %v; want ErrNoSymbolTable", err)
	}
	binary.LittleEndian.PutUint32(image[1024:], pclntabMagic)
	image[1030], image[1031] = 1, 8
	if _, err := FindSymbolTable(image, 0); err == nil || errors.Is(err, ErrNoSymbolTable) {
		t.Errorf("FindSymbolTable with a header and no module data: %v; want an error saying so", err)
	}
	// The header must be at an address that is a multiple of 8.
	if _, err := FindSymbolTable(image[4:], 4); err == nil {
		t.Error("FindSymbolTable read a header at an address that is not a multiple of 8")
	}
}
