package wasmpost

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// memoryImage is the memory a module's data section initialises: offset →
// byte, for the bytes any segment writes (zeros included).
func memoryImage(t *testing.T, module []byte) (image map[int64]byte, segments int) {
	t.Helper()
	image = map[int64]byte{}
	r := NewReader(module[8:])
	for !r.Done() {
		id := r.Byte()
		body := r.Bytes(r.Uint())
		if id != dataSectionID {
			continue
		}
		list, ok := readDataSegments(body)
		if !ok {
			t.Fatal("the data section is not one of active segments that do not overlap")
		}
		for _, s := range list {
			for i, b := range s.bytes {
				image[s.offset+int64(i)] = b
			}
		}
		segments = len(list)
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	return image, segments
}

// sameMemory checks that merged initialises what module does: every byte
// module writes with the same value, or with the 0 or 0xff that
// dropTracebackTables writes, or, where renamed says a function's name or
// its record's pointer to it is, another name (changed counts those), and
// nothing else but zeros.
func sameMemory(t *testing.T, module, merged []byte, renamed func(offset int64) bool) (before, after, changed int) {
	t.Helper()
	want, before := memoryImage(t, module)
	got, after := memoryImage(t, merged)
	for offset, b := range want {
		switch got[offset] {
		case b:
		case 0, 0xff:
			changed++
		default:
			if renamed != nil && renamed(offset) {
				changed++
				continue
			}
			t.Fatalf("byte %d is %#x after the merge, %#x before", offset, got[offset], b)
		}
	}
	for offset, b := range got {
		if _, ok := want[offset]; !ok && b != 0 {
			t.Fatalf("the merge writes %#x at %d, which no segment wrote", b, offset)
		}
	}
	return before, after, changed
}

// moduleWith is a module of a type section and a data section of segments.
func moduleWith(segments []dataSegment) []byte {
	module := []byte("\x00asm\x01\x00\x00\x00")
	module = append(module, 1, 1, 0) // a type section with no types
	section := writeDataSegments(segments)
	module = append(module, dataSectionID)
	module = binary.AppendUvarint(module, uint64(len(section)))
	return append(module, section...)
}

// TestMergeDataSegments merges random segments, some a few bytes apart, some
// far apart, at offsets whose LEB128 needs one to five bytes, written out of
// order: the memory stays the same, segments at most maxDataGap apart become
// one, and the other sections are unchanged.
func TestMergeDataSegments(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		var segments []dataSegment
		offset := int64(r.IntN(1 << uint(r.IntN(31))))
		for range 1 + r.IntN(30) {
			data := make([]byte, 1+r.IntN(40))
			for i := range data {
				data[i] = byte(r.IntN(3)) // zeros too
			}
			segments = append(segments, dataSegment{offset: offset, bytes: data})
			offset += int64(len(data)) + []int64{1, 8, maxDataGap, maxDataGap + 1, 5000}[r.IntN(5)]
		}
		want := len(joinDataSegments(segments))
		r.Shuffle(len(segments), func(i, j int) { segments[i], segments[j] = segments[j], segments[i] })
		module := moduleWith(segments)
		merged, err := Shrink(module)
		if err != nil {
			t.Fatal(err)
		}
		before, after, changed := sameMemory(t, module, merged, nil)
		if before != len(segments) || after != want || changed != 0 {
			t.Fatalf("round %d: %d segments became %d (%d bytes changed); want %d", round, before, after, changed, want)
		}
		if !bytes.Equal(merged[8:11], module[8:11]) {
			t.Fatalf("round %d: the type section changed", round)
		}
	}
}

// TestMergeDataSegmentsLeavesOthersAlone: a module with a data count
// section, a passive segment or overlapping segments is returned as it is;
// a truncated one is an error.
func TestMergeDataSegmentsLeavesOthersAlone(t *testing.T) {
	plain := moduleWith([]dataSegment{{offset: 16, bytes: []byte{1}}, {offset: 20, bytes: []byte{2}}})
	withCount := append(append([]byte(nil), plain[:8]...), dataCountSectionID, 1, 2)
	withCount = append(withCount, plain[8:]...)
	passive := append([]byte("\x00asm\x01\x00\x00\x00"), dataSectionID, 4, 1, 1, 1, 7) // one passive segment: 7
	overlapping := moduleWith([]dataSegment{{offset: 16, bytes: []byte{1, 2}}, {offset: 17, bytes: []byte{3}}})
	for name, module := range map[string][]byte{"data count": withCount, "passive": passive, "overlapping": overlapping} {
		got, err := Shrink(module)
		if err != nil || !bytes.Equal(got, module) {
			t.Errorf("%s: got %v, %v; want the module unchanged", name, got, err)
		}
	}
	if _, err := Shrink(plain[:len(plain)-1]); err == nil {
		t.Error("a module cut short merged without an error")
	}
}

// functionNameBytes says, for module's memory, whether an offset is in the
// symbol table's function names or in a function record's offset of its
// name: the bytes shortening the libraries' names rewrites.
func functionNameBytes(t *testing.T, module []byte) func(offset int64) bool {
	t.Helper()
	bytesAt, _ := memoryImage(t, module)
	base, end := int64(math.MaxInt64), int64(0)
	for offset := range bytesAt {
		base, end = min(base, offset), max(end, offset+1)
	}
	image := make([]byte, end-base)
	for offset, b := range bytesAt {
		image[offset-base] = b
	}
	layout, err := FindSymbolTable(image, base)
	if err != nil {
		t.Fatal(err)
	}
	fields := map[int64]bool{}
	for i := range layout.NFunc {
		record := layout.PCLn + int(binary.LittleEndian.Uint32(image[layout.PCLn+i*functabEntrySize+4:]))
		for b := range 4 {
			fields[base+int64(record+funcNameOff+b)] = true
		}
	}
	return func(offset int64) bool {
		at := int(offset - base)
		return fields[offset] || (at >= layout.FuncNames && at < layout.CUs)
	}
}

// buildWASM builds the package pkg of this module for js/wasm with the flags
// make wasm builds the release WASM with, and returns the module.
func buildWASM(t *testing.T, pkg string) []byte {
	t.Helper()
	root, err := browsertest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "release.wasm")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if output, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", pkg, err, output)
	}
	module, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return module
}

// TestMergeReleaseWASM merges the data segments of the WASM built from
// ./wasm: the memory it initialises is the same but for the traceback
// tables, which are zeroed, with far fewer segments.
func TestMergeReleaseWASM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM")
	}
	module := buildWASM(t, "./wasm")
	merged, err := Shrink(module)
	if err != nil {
		t.Fatal(err)
	}
	before, after, changed := sameMemory(t, module, merged, functionNameBytes(t, module))
	t.Logf("%d data segments became %d; %d bytes became %d; %d bytes of traceback tables changed", before, after, len(module), len(merged), changed)
	if after*2 > before {
		t.Errorf("%d data segments became %d; want fewer than half", before, after)
	}
	// The tables were 450 KB with Go 1.26.
	if changed < 200_000 {
		t.Errorf("%d bytes were changed; want the traceback tables, over 200 KB", changed)
	}
}
