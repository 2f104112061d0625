package manifest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/internal/yamlcorpus"
)

// TestBlockYAMLDecodesAsYAMLv3 decodes every editor text of the repository
// with and without yamltext's scanner: the objects and the diagnostics must
// be the same, byte for byte. The texts include yamltext's paste of growing
// node documents, whose trees the scanner cuts from one arena, each from the
// memory of the one before.
func TestBlockYAMLDecodesAsYAMLv3(t *testing.T) {
	for name, text := range yamlcorpus.Texts(t) {
		t.Run(name, func(t *testing.T) {
			for _, editor := range []string{core.EditorNodes, core.EditorPods} {
				if diff := cmp.Diff(decodeVia(editor, text, true), decodeVia(editor, text, false)); diff != "" {
					t.Errorf("%s editor (-goyaml.v3 +scanner):\n%s", editor, diff)
				}
			}
		})
	}
}

// decodeVia decodes a text in an editor, with goyaml.v3 alone or not, into
// what the decoder returns.
func decodeVia(editor, text string, yamlV3Only bool) any {
	d := newDecoder(editor, nil)
	d.parser.YAMLv3Only = yamlV3Only
	if editor == core.EditorNodes {
		nodes, diags := d.nodes(text)
		return []any{nodes, diags}
	}
	pods, diags := d.pods(text)
	return []any{pods, diags}
}
