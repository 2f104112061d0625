package main

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// maxDataGap is the longest run of zeros mergeDataSegments writes out to
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

// mergeDataSegments drops the runtime's traceback tables
// (dropTracebackTables) and joins the module's data segments that are at
// most maxDataGap bytes apart, filling the gaps with the zeros the memory
// holds there anyway, so that the module initialises the same memory, but
// for those tables, with fewer segments. A module whose data section holds anything but active segments
// of memory 0 at constant offsets, in increasing order, is returned as it
// is.
func mergeDataSegments(module []byte) ([]byte, error) {
	if len(module) < 8 || string(module[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	out := append([]byte(nil), module[:8]...)
	r := &moduleReader{b: module, at: 8}
	for !r.done() {
		id := r.byte()
		size := r.uint()
		body := r.take(size)
		if r.err != nil {
			return nil, r.err
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
	r := &moduleReader{b: section}
	count := r.uint()
	for range count {
		if r.uint() != 0 || r.byte() != 0x41 { // active, memory 0; i32.const
			return nil, false
		}
		offset := r.int()
		if r.byte() != 0x0b { // the end of the expression
			return nil, false
		}
		bytes := r.take(r.uint())
		if r.err != nil {
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
	return segments, r.err == nil && r.done()
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

// moduleReader reads the parts of a module; the first error sticks.
type moduleReader struct {
	b   []byte
	at  int
	err error
}

func (r *moduleReader) done() bool { return r.err != nil || r.at >= len(r.b) }

func (r *moduleReader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("the module is cut short at byte %d", r.at)
	}
	r.at = len(r.b)
}

func (r *moduleReader) byte() byte {
	if r.at >= len(r.b) {
		r.fail()
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

func (r *moduleReader) take(n uint64) []byte {
	if n > uint64(len(r.b)-r.at) {
		r.fail()
		return nil
	}
	r.at += int(n)
	return r.b[r.at-int(n) : r.at]
}

// uint reads an unsigned LEB128.
func (r *moduleReader) uint() uint64 {
	v, n := binary.Uvarint(r.b[r.at:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.at += n
	return v
}

// int reads a signed LEB128 of at most 64 bits.
func (r *moduleReader) int() int64 {
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
	r.fail()
	return 0
}
