package manifest

import (
	"testing"

	"github.com/taint-playground/taint-playground/engine/yamltext"
)

func TestDocumentFormat(t *testing.T) {
	tests := []struct {
		name string
		text string
		want documentFormat
	}{
		{name: "nothing but comments", text: "---\n# a\n\n", want: formatEmpty},
		{name: "YAML", text: "apiVersion: v1\nkind: Node\n", want: formatYAML},
		{name: "JSON", text: `{"kind": "Node"}`, want: formatYAML},
		{name: "a plain YAML scalar", text: "hello", want: formatYAML},
		{name: "a kubectl command", text: "# taint it\nkubectl taint nodes n k=v:NoSchedule\n", want: formatLines},
		{name: "a kubectl command after a prompt", text: "$ kubectl taint nodes n k-\n", want: formatLines},
		{name: "bare taints", text: "k=v:NoSchedule other:NoExecute\n", want: formatLines},
		{name: "a bare removal", text: "k-\n", want: formatLines},
		{name: "a YAML list item is not a removal", text: "- k-\n", want: formatYAML},
		{name: "a YAML key with a value", text: "key: value:NoSchedule\n", want: formatYAML},
		{name: "describe output", text: "Name:               node1\nRoles:  <none>\n", want: formatDescribe},
		{name: "a describe Taints block", text: "Taints:  k:NoSchedule\n", want: formatDescribe},
		{name: "describe after a separator", text: "---\nName:   n\n", want: formatDescribe},
		{name: "a word with a colon and no blank reads as a bare taint", text: "Name:n\n", want: formatLines},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := formatOf(yamltext.Part{Text: tc.text, FirstLine: 1}); got != tc.want {
				t.Errorf("format = %d, want %d", got, tc.want)
			}
		})
	}
}
