package manifest

import (
	"strings"
	"testing"
)

// TestUnknownFieldThatOnlyLooksKnown: a field name with a Cyrillic letter
// or a zero-width space is named by its characters, not "did you mean".
func TestUnknownFieldThatOnlyLooksKnown(t *testing.T) {
	for _, tc := range []struct{ field, says string }{
		{"t\u043elerations", `unknown field "spec.tоlerations"; it only looks like "tolerations": character 2 is U+043E CYRILLIC SMALL LETTER O, not "o"`},
		{"node\u200bName", `unknown field "spec.node\u200bName"; it only looks like "nodeName": character 5 is U+200B ZERO WIDTH SPACE, which is invisible`},
	} {
		_, diags := DecodePods("kind: Pod\nmetadata: {name: p}\nspec:\n  " + tc.field + ": x\n")
		if len(diags) == 0 || !strings.HasSuffix(diags[0].Message, tc.says) {
			t.Errorf("%q: diagnostics %+v, want one ending %s", tc.field, diags, tc.says)
		}
	}
}
