package core_test

import (
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/messagetest"
)

func TestLookalike(t *testing.T) {
	for _, tc := range []struct{ name, got, want, says string }{
		{name: "a Cyrillic e names its code point", got: "d\u0435dicated", want: "dedicated",
			says: `character 2 is U+0435 CYRILLIC SMALL LETTER IE, not "e"`},
		{name: "a zero-width space is invisible", got: "ded\u200bicated", want: "dedicated",
			says: "character 4 is U+200B ZERO WIDTH SPACE, which is invisible"},
		{name: "a byte order mark at the start", got: "\ufeffgpu", want: "gpu",
			says: "character 1 is U+FEFF ZERO WIDTH NO-BREAK SPACE, which is invisible"},
		{name: "a bidi isolate at the end", got: "gpu\u2069", want: "gpu",
			says: "character 4 is U+2069 POP DIRECTIONAL ISOLATE, which is invisible"},
		{name: "two differences are both named", got: "N\u043eSchedule\u200e", want: "NoSchedule",
			says: `character 2 is U+043E CYRILLIC SMALL LETTER O, not "o"; character 11 is U+200E LEFT-TO-RIGHT MARK, which is invisible`},
		{name: "the same string says nothing", got: "gpu", want: "gpu"},
		{name: "a real misspelling says nothing", got: "dedicatd", want: "dedicated"},
		{name: "a lookalike of another letter says nothing", got: "d\u0435dicated", want: "dodicated"},
		{name: "a lookalike plus a real change says nothing", got: "d\u0435dicatex", want: "dedicated"},
		{name: "an invisible character alone is not a key", got: "\u200b", want: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			said := core.Lookalike(tc.got, tc.want)
			if got := message.InEnglish(said); got != tc.says {
				t.Errorf("Lookalike(%q, %q) = %q, want %q", tc.got, tc.want, got, tc.says)
			}
			if said.ID != "" {
				messagetest.CheckRenders(t, said)
			}
		})
	}
}

// TestInvisibleCharactersAreTypos: a key that differs from a known one only
// by invisible characters is a near miss, however many bytes they take.
func TestInvisibleCharactersAreTypos(t *testing.T) {
	for _, got := range []string{"ded\u200b\u200c\u200dicated", "\u202ededicated\u202c", "d\u0435d\u0456cat\u0435d"} {
		if !core.IsTypo(got, "dedicated") {
			t.Errorf("IsTypo(%q, dedicated) = false", got)
		}
	}
}
