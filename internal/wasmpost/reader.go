package wasmpost

import (
	"encoding/binary"
	"fmt"
)

// Reader reads a module, or one of its sections, from the start.
type Reader struct {
	data []byte
	at   int
	err  error
}

// NewReader reads data from its first byte.
func NewReader(data []byte) *Reader { return &Reader{data: data} }

// Err is the first error met: bytes missing, or a bad number.
func (r *Reader) Err() error { return r.err }

// Done says whether there is nothing more to read: every byte read, or an error.
func (r *Reader) Done() bool { return r.err != nil || r.at >= len(r.data) }

func (r *Reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%s at byte %d", what, r.at)
	}
	r.at = len(r.data)
}

// Bytes reads the next n bytes (nil once failed).
func (r *Reader) Bytes(n uint64) []byte {
	if r.err != nil || n > uint64(len(r.data)-r.at) {
		r.fail("cut short")
		return nil
	}
	r.at += int(n)
	return r.data[r.at-int(n) : r.at]
}

// Byte reads one byte (0 once failed).
func (r *Reader) Byte() byte {
	if b := r.Bytes(1); b != nil {
		return b[0]
	}
	return 0
}

// Uint reads an unsigned LEB128 number.
func (r *Reader) Uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.data[r.at:])
	if n <= 0 {
		r.fail("bad LEB128 number")
		return 0
	}
	r.at += n
	return v
}

// Int reads a signed LEB128 number of at most 64 bits.
func (r *Reader) Int() int64 {
	var v int64
	for shift := 0; shift < 64; shift += 7 {
		b := r.Byte()
		v |= int64(b&0x7f) << shift
		if b&0x80 == 0 {
			if shift+7 < 64 && b&0x40 != 0 {
				v |= -1 << (shift + 7)
			}
			return v
		}
	}
	r.fail("bad LEB128 number")
	return 0
}

// Limits reads a table's or memory's limits: a flag, a minimum and maybe a maximum.
func (r *Reader) Limits() {
	if r.Byte()&1 != 0 {
		r.Uint()
	}
	r.Uint()
}
