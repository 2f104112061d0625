package core

import "testing"

// TestCodePoint: U+ and at least four upper-case hex digits, as Unicode
// writes a code point.
func TestCodePoint(t *testing.T) {
	for r, want := range map[rune]string{
		0x0: "U+0000", 0xad: "U+00AD", 0x435: "U+0435", 0x202e: "U+202E", 0xfeff: "U+FEFF",
		0x1f600: "U+1F600", 0x10ffff: "U+10FFFF",
	} {
		if got := codePoint(r); got != want {
			t.Errorf("codePoint(%#x) = %q, want %q", r, got, want)
		}
	}
}
