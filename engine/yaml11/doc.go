// Package yaml11 reads a YAML scalar as kubectl sends it to the API server,
// without linking the code kubectl does it with: sigs.k8s.io/yaml reads YAML
// with go.yaml.in/yaml/v2, whose resolve applies YAML 1.1 (yes and off are
// booleans, 017 is octal, 1_000 a thousand, 2025-03-14 a timestamp kept as
// text), turns map keys that are not strings into their text, and writes
// JSON, which the API server reads with numbers as written (json.Number).
//
// The package reproduces those steps for one scalar of a goyaml.v3 tree
// (ScalarOf): Scalar.Value gives the value JSON receives (nil, bool,
// json.Number or string) and Scalar.Key the string a map key becomes, or the
// error kubectl would stop at. It keeps goyaml.v2 and sigs.k8s.io/yaml out
// of the WASM: 47 KB of its brotli once engine/yamltext needs them no more
// either. TestAgreesWithSigs and FuzzAgreesWithSigs hold it to
// sigs.k8s.io/yaml.Unmarshal, its original.
//
// It imports no engine package.
package yaml11
