package yamltext

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/taint-playground/taint-playground/internal/yamlcorpus"
)

// byteByByteTokenBound is TokenBound's definition, one byte at a time.
func byteByByteTokenBound(text string) int {
	n := 1
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n', '[', '{', ',', ':':
			n++
		case '-', '?':
			if i+1 == len(text) || strings.IndexByte(" \t\n\r", text[i+1]) >= 0 {
				n++
			}
		}
	}
	return n
}

// byteByByteCharacters is blockYAMLCharacters' definition, one character
// at a time.
func byteByByteCharacters(text string) (ascii, ok bool) {
	ascii = true
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf && ((r < ' ' && r != '\n') || r == 0x7f):
			return false, false
		case r >= utf8.RuneSelf:
			ascii = false
		}
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size == 1, r >= utf8.RuneSelf && r < 0xa0, r == 0x2028, r == 0x2029, r == 0xfeff,
			r > 0xd7ff && r < 0xe000, r == 0xfffe, r == 0xffff:
			return false, false
		}
		i += size
	}
	return ascii, true
}

// checkByteScans holds the word-at-a-time passes to their definitions on
// text and on every suffix of it, so that each byte falls at every place
// of a word.
func checkByteScans(t *testing.T, text string) {
	t.Helper()
	for i := range min(len(text), 9) {
		s := text[i:]
		if got, want := TokenBound(s), byteByByteTokenBound(s); got != want {
			t.Fatalf("TokenBound(%q) = %d, want %d", s, got, want)
		}
		gotASCII, gotOK := blockYAMLCharacters(s)
		wantASCII, wantOK := byteByByteCharacters(s)
		if gotOK != wantOK || (wantOK && gotASCII != wantASCII) {
			t.Fatalf("blockYAMLCharacters(%q) = %v, %v; want %v, %v", s, gotASCII, gotOK, wantASCII, wantOK)
		}
	}
}

func TestByteScans(t *testing.T) {
	for _, text := range []string{
		"", "-", "- ", "a: b\n- c\n? d\n", "-\t-\r-\n-x?y? ", "aaaaaaa-", "aaaaaaa- ", "aaaaaaaa-\n",
		"[{,:}]:::::::::\n\n\n\n\n\n\n", "é-- ?? \x7f\x01\x1f \t", "kubectl-tolerates: [a, b]\n  - {c: d}\n",
		"\xe2\x80\xa8 \xef\xbb\xbf \xc2\x85 \xff", strings.Repeat("x- ", 40) + "\x00",
	} {
		checkByteScans(t, text)
	}
	checkByteScans(t, yamlcorpus.Texts(t)["engine/manifest/testdata/decode_nodes_get.yaml"])
}

func FuzzByteScans(f *testing.F) {
	f.Add("a: b\n- c\n? d\n")
	f.Add("aaaaaaa- \x7f\x80é")
	f.Fuzz(checkByteScans)
}
