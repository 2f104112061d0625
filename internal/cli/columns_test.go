package cli

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"text/tabwriter"
)

// TestColumnsAreTabwriters checks columns against the text/tabwriter it
// replaces, on tables of ASCII cells of random widths (empty ones too):
// the same bytes, so English tables are as they were.
func TestColumnsAreTabwriters(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		cells, rows := 1+r.IntN(6), r.IntN(8)
		var text strings.Builder
		for range rows {
			for c := range cells {
				if c > 0 {
					text.WriteString("\t")
				}
				text.WriteString(strings.Repeat("x", r.IntN(12)))
			}
			text.WriteString("\n")
		}
		var want, got strings.Builder
		tw := tabwriter.NewWriter(&want, 0, 0, columnPadding, ' ', 0)
		fmt.Fprint(tw, text.String())
		tw.Flush()
		c := newColumns(&got)
		fmt.Fprint(c, text.String())
		if err := c.Flush(); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("table %q:\ncolumns   %q\ntabwriter %q", text.String(), got.String(), want.String())
		}
	}
}

// TestColumnsAlignWideCharacters checks that a cell of Japanese or Chinese
// characters, two terminal columns each, pushes the next column as far as
// their width, so every row's next cell starts at the same column.
func TestColumnsAlignWideCharacters(t *testing.T) {
	var out strings.Builder
	c := newColumns(&out)
	fmt.Fprint(c, "NAMESPACE\tワークロード\t即時退避\n")
	fmt.Fprint(c, "default\tDeployment/web\t3\n")
	fmt.Fprint(c, "kube-system\t工作负载\t12\n")
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "NAMESPACE    ワークロード    即時退避\n" +
		"default      Deployment/web  3\n" +
		"kube-system  工作负载        12\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
