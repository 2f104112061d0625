package core

import (
	"testing"

	"k8s.io/apimachinery/pkg/labels"
)

// selectorLabelSets are the nodes' labels every selector is matched against.
var selectorLabelSets = []map[string]string{
	nil,
	{"zone": "x"},
	{"zone": "y", "gpu": "true"},
	{"zone": "", "tier": "web"},
	{"size": "5", "in": "notin"},
	{"size": "-3", "example.com/role": "db"},
	{"size": "x"},
}

// TestLabelSelectorAgainstUpstream parses and matches selectors with ours and
// with apimachinery's labels.Parse (the apiserver's parser) and requires the
// same acceptance and the same match on every label set.
func TestLabelSelectorAgainstUpstream(t *testing.T) {
	selectors := []string{
		"", "zone", "!zone", "zone=x", "zone==x", "zone!=x", "zone=", "zone!=",
		"zone in (x,y)", "zone notin (x)", "zone in ()", "zone in (,x)", "zone in (x,)", "zone in (x,,y)",
		"zone notin (,)", "in in (notin)", "in", "!in", "zone=x,gpu", "zone=x, !gpu", " zone = x ",
		"size>4", "size<6", "size>-4", "size>a", "size>", "zone>1,size<10",
		"example.com/role=db", "Example.com/role", "a/b/c", "zone=x y", "zone in x", "zone in (x y)",
		"zone in (x", "!zone=x", "!zone,", "zone,", ",zone", "zone=x=y", "zone=(x)", "zone==", "zone!", "!",
		"!!zone", "zone!==x", "zone=!x", "=x", "(", ")", "zone notin", "zone in (-x)", "zone=-x",
		"-zone", "zone/", "zone=x,,gpu", "zone in (x),zone notin (y)", "tier=web,zone",
	}
	for _, s := range selectors {
		t.Run(s, func(t *testing.T) {
			checkSelectorAgainstUpstream(t, s)
		})
	}
}

func checkSelectorAgainstUpstream(t *testing.T, s string) {
	t.Helper()
	want, wantErr := labels.Parse(s)
	got, gotErr := ParseLabelSelector(s)
	if (wantErr == nil) != (gotErr == nil) {
		t.Fatalf("parse %q: upstream error %v, ours %v", s, wantErr, gotErr)
	}
	if wantErr != nil {
		return
	}
	for _, set := range selectorLabelSets {
		if w, g := want.Matches(labels.Set(set)), got.Matches(set); w != g {
			t.Errorf("%q on %v: upstream %v, ours %v", s, set, w, g)
		}
	}
}

// FuzzLabelSelector runs the same comparison on any selector.
func FuzzLabelSelector(f *testing.F) {
	for _, seed := range []string{"zone in (x,y),!gpu", "size>4", "a=b,c!=d", "x notin ()"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSelectorAgainstUpstream(t, s)
	})
}
