package yamltext

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitDocuments(t *testing.T) {
	text := "a: 1\n---\nb: 2\n--- # c\n----\n---x\n---"
	want := []Part{
		{Text: "a: 1\n", FirstLine: 1},
		{Text: "---\nb: 2\n", FirstLine: 2},
		{Text: "--- # c\n----\n---x\n", FirstLine: 4},
		{Text: "---", FirstLine: 7},
	}
	if diff := cmp.Diff(want, Split(text)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
