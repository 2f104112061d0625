package cli

import (
	"io"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

// BenchmarkCheckTable writes check -o wide's table of a generated cluster
// of 3,000 pods on 100 nodes, the verdicts judged once: what the command
// line's words cost per table, in English and in Japanese.
func BenchmarkCheckTable(b *testing.B) {
	writeFiles(b, map[string]string{"cluster.json": snapshotText(b, clustersnapshot.Spec{Nodes: 100, Pods: 3000, Seed: 1})})
	c := &common{files: []string{"cluster.json"}, output: "wide", opts: core.DefaultOptions()}
	l, ok := c.load(&Env{Stderr: io.Discard}, "check")
	if !ok {
		b.Fatal("the cluster does not load")
	}
	v := l.verdicts()
	for _, language := range []string{"en", "ja"} {
		b.Run(language, func(b *testing.B) {
			s := speechIn(language)
			for b.Loop() {
				writeCheckTable(io.Discard, v, s)
			}
		})
	}
}
