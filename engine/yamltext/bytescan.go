package yamltext

import "math/bits"

// Eight bytes at a time: the passes over a whole text (yamlTokenBound,
// blockYAMLCharacters) read a word of eight bytes and test every byte of it
// at once with the masks below, which are exact per byte (no carry crosses
// a byte), instead of a branch per byte; for 5,000 nodes of kubectl's YAML
// the two passes were an eighth of DecodeNodes' time (issue 12).

const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
	sevenBit = 0x7f7f7f7f7f7f7f7f
)

// word is the eight bytes of s from i, the first in the lowest byte.
func word(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// bytesEqual sets the high bit of each byte of x that is c, and no other bit.
func bytesEqual(x uint64, c byte) uint64 {
	y := x ^ (lowBits * uint64(c))
	return ^((y & sevenBit) + sevenBit | y) & highBits
}

// bytesBelow sets the high bit of each byte of x below n (n at most 0x80).
func bytesBelow(x uint64, n byte) uint64 {
	return ^((x & sevenBit) + lowBits*uint64(0x80-n) | x) & highBits
}

// countBytes is how many bytes a mask of bytesEqual or bytesBelow marks.
func countBytes(mask uint64) int {
	return bits.OnesCount64(mask)
}
