package yamltext

import (
	"math/bits"
	"unicode/utf8"
)

// Eight bytes at a time: the passes over a whole text (TokenBound,
// blockYAMLCharacters, both below) read a word of eight bytes and test every byte of it
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

// blockYAMLCharacters reports whether a text holds only characters the
// scanner reads as goyaml.v3 does: printable ASCII and line feeds, and
// printable characters beyond ASCII other than NEL, LS and PS (which
// goyaml.v3 takes for line breaks) and the BOM. ascii is whether every
// character is ASCII, so that a column is a byte count.
func blockYAMLCharacters(text string) (ascii, ok bool) {
	ascii = true
	for i := 0; i < len(text); {
		if i+8 <= len(text) {
			// Eight printable ASCII characters and line feeds at once.
			x := word(text, i)
			if bytesBelow(x, ' ')&^bytesEqual(x, '\n')|bytesEqual(x, 0x7f)|x&highBits == 0 {
				i += 8
				continue
			}
		}
		c := text[i]
		if c < utf8.RuneSelf {
			if (c < ' ' && c != '\n') || c == 0x7f {
				return false, false
			}
			i++
			continue
		}
		ascii = false
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size == 1, r < 0xa0, r == 0x2028, r == 0x2029, r == 0xfeff,
			r > 0xd7ff && r < 0xe000, r == 0xfffe, r == 0xffff:
			return false, false
		}
		i += size
	}
	return ascii, true
}

// TokenBound counts, in one pass over the bytes (eight at a time), the places a YAML node
// can begin: after a line break, a flow indicator ("[", "{", ","), a mapping
// indicator (":"), a block sequence entry ("- ") or a complex key ("? "). Every node but the
// first follows one of them, so the count bounds the nodes from above
// (a colon or dash inside a plain value counts too, which only overestimates).
// A caller bounds a text's cost with it before anything is parsed.
func TokenBound(text string) int {
	n := 1
	i := 0
	for ; i+8 < len(text); i += 8 {
		x := word(text, i)
		n += countBytes(bytesEqual(x, '\n') | bytesEqual(x, '[') | bytesEqual(x, '{') | bytesEqual(x, ',') | bytesEqual(x, ':'))
		if indicators := bytesEqual(x, '-') | bytesEqual(x, '?'); indicators != 0 {
			// The byte after each is in the same word, shifted down a byte,
			// but for the last, whose next byte is the next word's first
			// (there is one: i+8 < len(text)).
			next := x>>8 | uint64(text[i+8])<<56
			blank := bytesEqual(next, ' ') | bytesEqual(next, '\t') | bytesEqual(next, '\n') | bytesEqual(next, '\r')
			n += countBytes(indicators & blank)
		}
	}
	for ; i < len(text); i++ {
		switch text[i] {
		case '\n', '[', '{', ',', ':':
			n++
		case '-', '?':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '\n' || text[i+1] == '\r' {
				n++
			}
		}
	}
	return n
}
