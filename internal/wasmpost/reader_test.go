package wasmpost

import (
	"encoding/binary"
	"testing"
)

// TestNumbers reads LEB128 numbers as the WebAssembly spec's examples write
// them, and sees a missing byte stop the reader with its place.
func TestNumbers(t *testing.T) {
	r := NewReader([]byte{0xe5, 0x8e, 0x26, 0x7f, 0xc0, 0xbb, 0x78, 0x80, 0x01, 7, 'a', 'b'})
	if got := r.Uint(); got != 624485 {
		t.Errorf("Uint = %d; want 624485", got)
	}
	if got := r.Int(); got != -1 {
		t.Errorf("Int = %d; want -1", got)
	}
	if got := r.Int(); got != -123456 {
		t.Errorf("Int = %d; want -123456", got)
	}
	if got := r.Int(); got != 128 {
		t.Errorf("Int = %d; want 128", got)
	}
	if got := r.Byte(); got != 7 {
		t.Errorf("Byte = %d; want 7", got)
	}
	if r.Done() || r.Err() != nil {
		t.Fatalf("done too soon: %v", r.Err())
	}
	if got := r.Bytes(3); got != nil || r.Err() == nil || r.Err().Error() != "cut short at byte 10" {
		t.Errorf("Bytes(3) of 2 = %q, error %v; want nil and cut short at byte 10", got, r.Err())
	}
	if !r.Done() || r.Uint() != 0 {
		t.Error("a failed reader reads on")
	}
}

// TestUintRoundTrip reads what encoding/binary writes.
func TestUintRoundTrip(t *testing.T) {
	for _, v := range []uint64{0, 1, 127, 128, 1 << 32, 1<<64 - 1} {
		r := NewReader(binary.AppendUvarint(nil, v))
		if got := r.Uint(); got != v || !r.Done() || r.Err() != nil {
			t.Errorf("Uint of %d = %d (done %v, error %v)", v, got, r.Done(), r.Err())
		}
	}
}
