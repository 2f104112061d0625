package wasmpost

import (
	"cmp"
	"encoding/binary"
	"errors"
	"slices"
)

// maxDataGap is the longest run of zeros Shrink writes out to
// join two data segments. Go's linker starts a new segment after any gap of
// more than 8 zero bytes, which gives the release WASM tens of thousands of
// segments; each costs a header of an offset and a length that compresses
// badly, while zeros compress to almost nothing.
const maxDataGap = 64

// Sections of a WebAssembly module read here (WebAssembly core spec, 5.5).
const (
	dataSectionID      = 11
	dataCountSectionID = 12
)

// dataSegment is an active segment of memory 0: bytes at a constant offset.
type dataSegment struct {
	offset int64
	bytes  []byte
}

// Shrink is the package's one entry: it drops the runtime's traceback
// tables and the function names but main's (dropTracebackTables) and joins
// the module's data segments that are at most maxDataGap bytes apart,
// filling the gaps with the zeros the memory holds there anyway, so that the
// module initialises the same memory, but for those tables, with fewer
// segments. A module whose data section holds anything but active segments
// of memory 0 at constant offsets, in increasing order, is returned as it
// is.
func Shrink(module []byte) ([]byte, error) {
	if len(module) < 8 || string(module[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	out := append([]byte(nil), module[:8]...)
	r := NewReader(module[8:])
	for !r.Done() {
		id := r.Byte()
		size := r.Uint()
		body := r.Bytes(size)
		if r.Err() != nil {
			return nil, r.Err()
		}
		switch id {
		case dataCountSectionID:
			// Only bulk-memory instructions read it; it must then agree
			// with the data section, which a merge changes.
			return module, nil
		case dataSectionID:
			segments, ok := readDataSegments(body)
			if !ok {
				return module, nil
			}
			if _, err := dropTracebackTables(segments); err != nil {
				return nil, err
			}
			body = writeDataSegments(joinDataSegments(splitAtZeros(segments)))
		}
		out = append(out, id)
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = append(out, body...)
	}
	return out, nil
}

// readDataSegments reads a data section of active segments of memory 0
// with i32.const offsets, none overlapping another, and returns them in the
// order of their offsets (Go's linker writes its sections' segments in
// another order); ok is false for anything else, where order could matter.
func readDataSegments(section []byte) (segments []dataSegment, ok bool) {
	r := NewReader(section)
	count := r.Uint()
	for range count {
		if r.Uint() != 0 || r.Byte() != 0x41 { // active, memory 0; i32.const
			return nil, false
		}
		offset := r.Int()
		if r.Byte() != 0x0b { // the end of the expression
			return nil, false
		}
		bytes := r.Bytes(r.Uint())
		if r.Err() != nil {
			return nil, false
		}
		segments = append(segments, dataSegment{offset: offset, bytes: bytes})
	}
	slices.SortStableFunc(segments, func(a, b dataSegment) int { return cmp.Compare(a.offset, b.offset) })
	for i := 1; i < len(segments); i++ {
		if segments[i].offset < segments[i-1].offset+int64(len(segments[i-1].bytes)) {
			return nil, false
		}
	}
	return segments, r.Err() == nil && r.Done()
}

// joinDataSegments joins, in order, segments at most maxDataGap apart.
func joinDataSegments(segments []dataSegment) []dataSegment {
	var joined []dataSegment
	for _, s := range segments {
		if n := len(joined); n > 0 {
			last := &joined[n-1]
			if gap := s.offset - last.offset - int64(len(last.bytes)); gap <= maxDataGap {
				last.bytes = append(last.bytes, make([]byte, gap)...)
				last.bytes = append(last.bytes, s.bytes...)
				continue
			}
		}
		joined = append(joined, dataSegment{offset: s.offset, bytes: append([]byte(nil), s.bytes...)})
	}
	return joined
}

// splitAtZeros splits segments at their runs of more than maxDataGap zeros,
// such as the tables dropTracebackTables zeroed.
func splitAtZeros(segments []dataSegment) []dataSegment {
	var split []dataSegment
	for _, s := range segments {
		start, zeros := 0, 0
		for i, b := range s.bytes {
			if b != 0 {
				if zeros > maxDataGap {
					split = append(split, dataSegment{offset: s.offset + int64(start), bytes: s.bytes[start : i-zeros]})
					start = i
				}
				zeros = 0
				continue
			}
			zeros++
		}
		split = append(split, dataSegment{offset: s.offset + int64(start), bytes: s.bytes[start:]})
	}
	return split
}

// writeDataSegments writes a data section of active segments of memory 0.
func writeDataSegments(segments []dataSegment) []byte {
	out := binary.AppendUvarint(nil, uint64(len(segments)))
	for _, s := range segments {
		out = append(out, 0, 0x41)
		out = appendSLEB128(out, s.offset)
		out = append(out, 0x0b)
		out = binary.AppendUvarint(out, uint64(len(s.bytes)))
		out = append(out, s.bytes...)
	}
	return out
}

// appendSLEB128 appends v in WebAssembly's signed LEB128, as i32.const takes it.
func appendSLEB128(out []byte, v int64) []byte {
	for {
		b := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && b&0x40 == 0) || (v == -1 && b&0x40 != 0) {
			return append(out, b)
		}
		out = append(out, b|0x80)
	}
}
