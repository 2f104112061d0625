package core

import (
	"strconv"
	"unicode/utf8"

	"github.com/taint-playground/taint-playground/engine/message"
)

// A near miss between two strings that look the same names the character
// that differs, since the person reading it cannot see the difference:
// "dеdicated" with a Cyrillic е looks like "dedicated", and a key with a
// zero-width space in it looks like the key without. The tables are the few
// dozen characters seen in such mix-ups (Unicode's confusables.txt, from
// Cyrillic, Greek and punctuation, for the ASCII that keys, values, effects
// and operators use) and the invisible format characters (zero-width and
// bidirectional controls): a short table, not Unicode's, keeps the
// WebAssembly binary small.

// lookalike is a character that looks like an ASCII one in common fonts.
type lookalike struct {
	r    rune
	like byte
	name string
}

var lookalikes = [...]lookalike{
	{'\u0430', 'a', "CYRILLIC SMALL LETTER A"}, {'\u0435', 'e', "CYRILLIC SMALL LETTER IE"},
	{'\u043E', 'o', "CYRILLIC SMALL LETTER O"}, {'\u0440', 'p', "CYRILLIC SMALL LETTER ER"},
	{'\u0441', 'c', "CYRILLIC SMALL LETTER ES"}, {'\u0443', 'y', "CYRILLIC SMALL LETTER U"},
	{'\u0445', 'x', "CYRILLIC SMALL LETTER HA"}, {'\u0455', 's', "CYRILLIC SMALL LETTER DZE"},
	{'\u0456', 'i', "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I"}, {'\u0458', 'j', "CYRILLIC SMALL LETTER JE"},
	{'\u04BB', 'h', "CYRILLIC SMALL LETTER SHHA"}, {'\u0501', 'd', "CYRILLIC SMALL LETTER KOMI DE"},
	{'\u0410', 'A', "CYRILLIC CAPITAL LETTER A"}, {'\u0412', 'B', "CYRILLIC CAPITAL LETTER VE"},
	{'\u0415', 'E', "CYRILLIC CAPITAL LETTER IE"}, {'\u041A', 'K', "CYRILLIC CAPITAL LETTER KA"},
	{'\u041C', 'M', "CYRILLIC CAPITAL LETTER EM"}, {'\u041D', 'H', "CYRILLIC CAPITAL LETTER EN"},
	{'\u041E', 'O', "CYRILLIC CAPITAL LETTER O"}, {'\u0420', 'P', "CYRILLIC CAPITAL LETTER ER"},
	{'\u0421', 'C', "CYRILLIC CAPITAL LETTER ES"}, {'\u0422', 'T', "CYRILLIC CAPITAL LETTER TE"},
	{'\u0425', 'X', "CYRILLIC CAPITAL LETTER HA"}, {'\u0406', 'I', "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I"},
	{'\u03B1', 'a', "GREEK SMALL LETTER ALPHA"}, {'\u03B9', 'i', "GREEK SMALL LETTER IOTA"},
	{'\u03BD', 'v', "GREEK SMALL LETTER NU"}, {'\u03BF', 'o', "GREEK SMALL LETTER OMICRON"},
	{'\u0391', 'A', "GREEK CAPITAL LETTER ALPHA"}, {'\u0392', 'B', "GREEK CAPITAL LETTER BETA"},
	{'\u0395', 'E', "GREEK CAPITAL LETTER EPSILON"}, {'\u0397', 'H', "GREEK CAPITAL LETTER ETA"},
	{'\u0399', 'I', "GREEK CAPITAL LETTER IOTA"}, {'\u039A', 'K', "GREEK CAPITAL LETTER KAPPA"},
	{'\u039C', 'M', "GREEK CAPITAL LETTER MU"}, {'\u039D', 'N', "GREEK CAPITAL LETTER NU"},
	{'\u039F', 'O', "GREEK CAPITAL LETTER OMICRON"}, {'\u03A1', 'P', "GREEK CAPITAL LETTER RHO"},
	{'\u03A4', 'T', "GREEK CAPITAL LETTER TAU"}, {'\u03A7', 'X', "GREEK CAPITAL LETTER CHI"},
	{'\u0131', 'i', "LATIN SMALL LETTER DOTLESS I"}, {'\u0261', 'g', "LATIN SMALL LETTER SCRIPT G"},
	{'\u2010', '-', "HYPHEN"}, {'\u2011', '-', "NON-BREAKING HYPHEN"}, {'\u2012', '-', "FIGURE DASH"},
	{'\u2013', '-', "EN DASH"}, {'\u2212', '-', "MINUS SIGN"}, {'\uFF0E', '.', "FULLWIDTH FULL STOP"},
	{'\u2024', '.', "ONE DOT LEADER"}, {'\u2215', '/', "DIVISION SLASH"}, {'\u2044', '/', "FRACTION SLASH"},
}

// invisible is a format character that takes no room on screen.
type invisible struct {
	r    rune
	name string
}

var invisibles = [...]invisible{
	{'\u00AD', "SOFT HYPHEN"}, {'\u200B', "ZERO WIDTH SPACE"}, {'\u200C', "ZERO WIDTH NON-JOINER"},
	{'\u200D', "ZERO WIDTH JOINER"}, {'\u200E', "LEFT-TO-RIGHT MARK"}, {'\u200F', "RIGHT-TO-LEFT MARK"},
	{'\u202A', "LEFT-TO-RIGHT EMBEDDING"}, {'\u202B', "RIGHT-TO-LEFT EMBEDDING"},
	{'\u202C', "POP DIRECTIONAL FORMATTING"}, {'\u202D', "LEFT-TO-RIGHT OVERRIDE"},
	{'\u202E', "RIGHT-TO-LEFT OVERRIDE"}, {'\u2060', "WORD JOINER"}, {'\u2066', "LEFT-TO-RIGHT ISOLATE"},
	{'\u2067', "RIGHT-TO-LEFT ISOLATE"}, {'\u2068', "FIRST STRONG ISOLATE"},
	{'\u2069', "POP DIRECTIONAL ISOLATE"}, {'\uFEFF', "ZERO WIDTH NO-BREAK SPACE"},
}

func invisibleName(r rune) string {
	for _, c := range invisibles {
		if c.r == r {
			return c.name
		}
	}
	return ""
}

func lookalikeOf(r rune) (lookalike, bool) {
	for _, c := range lookalikes {
		if c.r == r {
			return c, true
		}
	}
	return lookalike{}, false
}

// The IDs of Lookalike's notes. Arguments: position counts characters from
// 1; codePoint and name are Unicode's (U+0435, CYRILLIC SMALL LETTER IE);
// want is the character it looks like, quoted.
const (
	msgLookalikeInvisible message.ID = "lookalike.invisible"
	msgLookalikeNot       message.ID = "lookalike.not"
)

// Lookalike explains how got differs from want when it only looks the same:
// each character of got that is invisible, or a lookalike of want's
// character in its place, by its position (counting characters from 1) and
// code point, such as `character 2 is U+0435 CYRILLIC SMALL LETTER IE, not
// "e"`, the notes joined (message.Joined). It is the zero message when got
// is want or differs otherwise.
func Lookalike(got, want string) message.Message {
	if got == want || want == "" || len(got) < len(want) {
		return message.Message{}
	}
	var notes []message.Message
	position, j := 0, 0
	for _, r := range got {
		position++
		if name := invisibleName(r); name != "" {
			notes = append(notes, message.New(msgLookalikeInvisible, "position", strconv.Itoa(position), "codePoint", codePoint(r), "name", name))
			continue
		}
		if j == len(want) {
			return message.Message{}
		}
		w, size := utf8.DecodeRuneInString(want[j:])
		j += size
		if r == w {
			continue
		}
		if c, ok := lookalikeOf(r); ok && rune(c.like) == w {
			notes = append(notes, message.New(msgLookalikeNot, "position", strconv.Itoa(position), "codePoint", codePoint(r), "name", c.name, "want", strconv.Quote(string(w))))
			continue
		}
		return message.Message{}
	}
	if j != len(want) {
		return message.Message{}
	}
	return message.Joined(notes)
}

// codePoint writes r as Unicode does: U+ and at least four upper-case hex
// digits. It writes the digits itself: strings.ToUpper would link Unicode's
// case tables into the WASM for a few hex letters.
func codePoint(r rune) string {
	const digits = "0123456789ABCDEF"
	n := 4
	for n < 8 && uint32(r)>>(4*n) != 0 {
		n++
	}
	b := append(make([]byte, 0, 2+n), "U+"...)
	for i := n - 1; i >= 0; i-- {
		b = append(b, digits[uint32(r)>>(4*i)&0xF])
	}
	return string(b)
}
