package wasmpost

import (
	"bytes"
	"encoding/binary"
	"sort"
	"strings"
)

// The symbol table names every function for tracebacks and
// runtime.FuncForPC, which is all the runtime reads them for (it tells
// functions apart by funcID). The page's panics are recovered and reported
// without a traceback, so the served WASM keeps only main's names and calls
// every other function by its package: "encoding/json.?",
// "github.com/taint-playground/taint-playground/engine.?". A traceback then
// still says which package each frame is in; the runtime's frames, which a
// traceback hides unless GOTRACEBACK=system, show as "runtime.?" there.
// bin/taint-playground.wasm, which make wasm builds, is the same program
// with every name, to read a traceback by. 19 KB of brotli for the
// libraries' names, 9 KB more for the runtime's (Go 1.26), 4.9 KB for the
// project's own (issue 23).

// keptNamePrefixes are the functions whose names stay whole.
var keptNamePrefixes = []string{"main."}

// functionNames collects where the function records point into the name
// table, to shorten the names not kept.
type functionNames struct {
	image []byte
	// fields are the image offsets of the records' name fields, by name.
	fields map[int][]int
}

func newFunctionNames(image []byte) *functionNames {
	return &functionNames{image: image, fields: map[int][]int{}}
}

// add records that the record field at field names the function whose name
// is at offset in the name table.
func (n *functionNames) add(field, offset int) {
	n.fields[offset] = append(n.fields[offset], field)
}

// shorten rewrites table, the name table, and the records: each name not
// kept is zeroed and its functions point at "<package>.?", written over the
// first such name of the package. It returns the bytes zeroed.
func (n *functionNames) shorten(table []byte) int {
	offsets := make([]int, 0, len(n.fields))
	for offset := range n.fields {
		offsets = append(offsets, offset)
	}
	sort.Ints(offsets)
	nameAt := func(offset int) string {
		if offset < 0 || offset >= len(table) {
			return ""
		}
		end := bytes.IndexByte(table[offset:], 0)
		if end < 0 {
			return ""
		}
		return string(table[offset : offset+end])
	}
	// A name read by a kept function is never written over, even if the
	// linker let two functions share bytes.
	kept := map[int]bool{}
	var dropped []int
	for _, offset := range offsets {
		name := nameAt(offset)
		if name == "" || keepName(name) || packageOfName(name) == "" {
			for i := range len(name) + 1 {
				kept[offset+i] = true
			}
			continue
		}
		dropped = append(dropped, offset)
	}
	placeholders := map[string]int{}
	zeroed := 0
	for _, offset := range dropped {
		name := nameAt(offset)
		if overlapsKept(kept, offset, len(name)+1) {
			continue
		}
		clear(table[offset : offset+len(name)])
		zeroed += len(name)
		pkg := packageOfName(name)
		at, ok := placeholders[pkg]
		if !ok {
			// "<package>.?" is never longer than a name of the package.
			at = offset
			copy(table[at:], pkg+".?")
			placeholders[pkg] = at
		}
		for _, field := range n.fields[offset] {
			binary.LittleEndian.PutUint32(n.image[field:], uint32(at))
		}
	}
	return zeroed
}

func overlapsKept(kept map[int]bool, offset, length int) bool {
	for i := range length {
		if kept[offset+i] {
			return true
		}
	}
	return false
}

func keepName(name string) bool {
	for _, prefix := range keptNamePrefixes {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// packageOfName is the import path a function's symbol name starts with:
// "go.yaml.in/yaml/v3" of "go.yaml.in/yaml/v3.(*parser).parse",
// "slices" of "slices.SortFunc[go.shape.string]"; "" when the name has no
// "<package>." prefix.
func packageOfName(name string) string {
	head := name
	if cut := strings.IndexAny(head, "[("); cut >= 0 {
		head = head[:cut]
	}
	slash := strings.LastIndexByte(head, '/') + 1
	dot := strings.IndexByte(head[slash:], '.')
	if dot <= 0 {
		return ""
	}
	return name[:slash+dot]
}
