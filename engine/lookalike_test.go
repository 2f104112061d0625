package engine

import (
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestNearMissNamesTheHiddenCharacter: a toleration whose key or value only
// looks like the taint's (a Cyrillic letter, a zero-width space, a bidi
// control) is a near miss that names the character, not "is it misspelt?".
func TestNearMissNamesTheHiddenCharacter(t *testing.T) {
	taint := core.Taint{Key: "dedicated", Value: "gpu", Effect: core.TaintEffectNoSchedule}
	for _, tc := range []struct {
		name       string
		toleration core.Toleration
		want       string
	}{
		{name: "a Cyrillic e in the key", toleration: core.Toleration{Key: "d\u0435dicated", Operator: core.TolerationOpExists},
			want: `toleration #1 has key "dеdicated", which only looks like the taint's "dedicated": character 2 is U+0435 CYRILLIC SMALL LETTER IE, not "e"`},
		{name: "a zero-width space in the key", toleration: core.Toleration{Key: "ded\u200bicated", Operator: core.TolerationOpExists},
			want: `toleration #1 has key "ded\u200bicated", which only looks like the taint's "dedicated": character 4 is U+200B ZERO WIDTH SPACE, which is invisible`},
		{name: "a right-to-left override in the value", toleration: core.Toleration{Key: "dedicated", Value: "gpu\u202e"},
			want: `toleration #1 has value "gpu\u202e", which only looks like the taint's "gpu": character 4 is U+202E RIGHT-TO-LEFT OVERRIDE, which is invisible`},
		{name: "a Cyrillic o in the effect", toleration: core.Toleration{Key: "dedicated", Operator: core.TolerationOpExists, Effect: "N\u043eSchedule"},
			want: `toleration #1 has effect "NоSchedule", which is not an effect; it only looks like NoSchedule: character 2 is U+043E CYRILLIC SMALL LETTER O, not "o"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := ExplainTaint(&taint, []core.Toleration{tc.toleration}, false)
			if len(v.NearMisses) != 1 {
				t.Fatalf("near misses %+v, want one", v.NearMisses)
			}
			if got := v.NearMisses[0].Reason; got != tc.want {
				t.Errorf("near miss\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}
