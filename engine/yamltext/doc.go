// Package yamltext reads YAML text into goyaml.v3 trees, with the line and
// column of every node at the editor's lines, as the Kubernetes tools read
// it: goyaml.v3 (sigs.k8s.io/yaml/goyaml.v3) for the trees, and
// sigs.k8s.io/yaml (goyaml.v2, which kubectl converts YAML with) for the
// lines of its syntax errors and for how a mapping's fields are looked up
// (the last of duplicate keys wins, merge keys expanded).
//
// Parser.Parse is the one way in. It reads the block YAML that `kubectl get
// -o yaml` prints with a scanner of its own, several times faster than
// goyaml.v3 and held to goyaml.v3's tree by FuzzScannerAgreesWithYAMLv3 and
// TestBlockYAMLEdges, and falls back to goyaml.v3 for anything else. Split
// cuts a text into its documents first, TokenBound bounds a text's nodes
// before any is parsed, and MappingField and MappingPairs read a mapping of
// the tree. Nothing here knows Kubernetes objects: engine/manifest decodes
// the trees.
//
// It imports no engine package.
package yamltext
