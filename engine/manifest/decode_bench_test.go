package manifest

import (
	"fmt"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// nodeListYAML is `kubectl get nodes -o yaml` for n nodes like the kind
// worker of testdata/decode_nodes_get.yaml (about 1.2 KB each), with distinct
// names and hostname labels.
func nodeListYAML(t testing.TB, n int) string {
	fixture := readFixture(t, "decode_nodes_get.yaml")
	start := strings.Index(fixture, "- apiVersion: v1\n  kind: Node\n  metadata:\n    annotations:\n      node.alpha")
	end := strings.Index(fixture, "kind: List\n")
	item := fixture[start:end]
	var b strings.Builder
	b.WriteString("apiVersion: v1\nitems:\n")
	for i := range n {
		b.WriteString(strings.ReplaceAll(item, "kind-worker", fmt.Sprintf("worker-%d", i)))
	}
	b.WriteString(fixture[end:])
	return b.String()
}

// BenchmarkDecodeNodes5000 decodes `kubectl get nodes -o yaml` for 5,000 nodes.
func BenchmarkDecodeNodes5000(b *testing.B) {
	text := nodeListYAML(b, 5000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		nodes, diags := DecodeNodes(text)
		if len(nodes) != 5000 || len(diags) != 0 {
			b.Fatalf("%d nodes, diagnostics %v", len(nodes), diags)
		}
	}
}

// BenchmarkDecodeNodes5000ViaYAMLv3 is BenchmarkDecodeNodes5000 with
// yamltext's scanner turned off, the decoder before it, for a ratio in one run.
func BenchmarkDecodeNodes5000ViaYAMLv3(b *testing.B) {
	text := nodeListYAML(b, 5000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		d := newDecoder(core.EditorNodes, nil)
		d.parser.YAMLv3Only = true
		nodes, diags := d.nodes(text)
		if len(nodes) != 5000 || len(diags) != 0 {
			b.Fatalf("%d nodes, diagnostics %v", len(nodes), diags)
		}
	}
}

// BenchmarkParse5000 measures, on BenchmarkDecodeNodes5000's text, what
// each YAML reader costs alone: the same tree from yamltext's scanner
// (Parser.Parse, which TestBlockYAMLFiles holds to scanning this text) and
// from goyaml.v3, which decodes outside the scanner's subset still build, and
// sigs.k8s.io/yaml's reading of the whole document into JSON values, which a
// decoder that took each value from it would pay on top (issue 12).
func BenchmarkParse5000(b *testing.B) {
	text := nodeListYAML(b, 5000)
	b.Run("scanBlockYAML-tree", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			var parser yamltext.Parser
			if docs, errs := parser.Parse(yamltext.Part{Text: text, FirstLine: 1}); len(docs) != 1 || len(errs) != 0 {
				b.Fatalf("%d documents, errors %v", len(docs), errs)
			}
		}
	})
	b.Run("goyaml.v3-tree", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			var root yaml3.Node
			if err := yaml3.NewDecoder(strings.NewReader(text)).Decode(&root); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sigs.k8s.io-yaml-document", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			var v any
			if err := yaml.Unmarshal([]byte(text), &v, useNumber); err != nil {
				b.Fatal(err)
			}
		}
	})
}
