package manifest

import (
	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/yaml11"
)

// readsAsItself reports whether a scalar is a plain, untagged word that
// sigs.k8s.io/yaml reads as the string it is written as, both as a value and
// as a key, so that no reader need look it up: it starts with an ASCII
// letter and holds only letters, digits and "-._/", so it is one plain
// scalar in any context, and goyaml.v2's resolve (YAML 1.1) gives a word
// starting with a letter another type only when it is one of its boolean
// and null words (yes, No, on, OFF, null, True...: yaml11.IsReservedWord).
// Those words are left to the reader, as is anything starting with a digit,
// a sign or a dot, but a UID (isUID).
func readsAsItself(n *yaml3.Node) bool {
	s := n.Value
	if n.Style != 0 || s == "" {
		return false
	}
	if isUID(s) {
		return true
	}
	if !isASCIILetter(s[0]) || yaml11.IsReservedWord(s) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isASCIILetter(c) && (c < '0' || c > '9') && c != '-' && c != '.' && c != '_' && c != '/' {
			return false
		}
	}
	return true
}

// isUID reports whether a word is written as the API server writes a UID:
// 8-4-4-4-12 hexadecimal digits. Such a word is a string to goyaml.v2's
// resolve even when it starts with a digit: its hyphens make it no integer
// (strconv.ParseInt, with a 0b, 0o or 0x prefix too) and no float (YAML
// 1.1's float pattern), and a timestamp starts with exactly four digits and
// a hyphen, which its first eight characters never are. Every object's
// metadata.uid, and every claim's reservedFor, has one, each read once:
// handed to sigs.k8s.io/yaml, those starting with a digit cost most of
// decoding 20,000 ResourceClaims (BenchmarkDecodeDevices); the reader would
// still try each as a timestamp and three kinds of number, and cache it.
func isUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := range len(s) {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if c := s[i] | 0x20; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// literal returns a scalar that is a string whatever the reader would say,
// which is its value and its key: one that reads as itself, or an untagged
// quoted or block scalar, which YAML reads as a string whatever its text.
func (d *scalarDecoder) literal(n *yaml3.Node) (string, bool) {
	if n.Kind != yaml3.ScalarNode || !d.shortcuts {
		return "", false
	}
	if readsAsItself(n) { // the most common
		return n.Value, true
	}
	return n.Value, n.Style&quotedStyles != 0 && n.Style&yaml3.TaggedStyle == 0
}
