package translationtest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want []string
	}{
		{"taints, fields and kinds are names", "Add team=payments:NoSchedule to node-1's spec.taints, as a DaemonSet does.",
			[]string{"team=payments:NoSchedule", "node-1", "spec.taints", "DaemonSet"}},
		{"camelCase fields and effects are names, each once", "tolerationSeconds on NoExecute, then tolerationSeconds again.",
			[]string{"tolerationSeconds", "NoExecute"}},
		{"plain words, capitals and e.g. are not", "The Pod waits 300-second defaults, e.g. for a GPU; well-known keys.", nil},
		{"paths are names", "node.kubernetes.io/unreachable for 300 seconds", []string{"node.kubernetes.io/unreachable"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Names(tc.text)); diff != "" {
				t.Errorf("Names(%q) (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}

func TestOnlyNames(t *testing.T) {
	for text, want := range map[string]bool{
		"NoExecute and tolerationSeconds": false,
		"PreferNoSchedule":                true,
		"Equal, Exists":                   true,
		"Lt/Gt on a node-1":               false,
	} {
		if got := onlyNames(text); got != want {
			t.Errorf("onlyNames(%q) = %t; want %t", text, got, want)
		}
	}
}

func TestProblems(t *testing.T) {
	english := "checkout may be scheduled on node-1."
	for _, tc := range []struct {
		name, translated string
		want             int
	}{
		{"a translation with the names passes", "checkout pode ser escalonado em node-1.", 0},
		{"a missing translation fails", " ", 1},
		{"the English copied fails", english, 1},
		{"a lost name fails", "checkout pode ser escalonado no nó 1.", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Problems(english, tc.translated); len(got) != tc.want {
				t.Errorf("Problems(%q) = %q; want %d problems", tc.translated, got, tc.want)
			}
		})
	}
	if got := Problems("PreferNoSchedule", "PreferNoSchedule"); len(got) != 0 {
		t.Errorf("a text of names only, kept as it is: %q; want no problem", got)
	}
}
