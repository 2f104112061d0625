package web

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"regexp"
	"strings"
)

// hashLength is how many hex digits of the content's SHA-256 a hashed name carries.
const hashLength = 12

var hashedName = regexp.MustCompile(`\.[0-9a-f]{12}\.[A-Za-z0-9]+$`)

// HashedName inserts a digest of content before the extension of name
// ("taint-playground.wasm" → "taint-playground.3f2a9c1be0d4.wasm"), so that
// the name changes whenever the content does and the file can be cached forever.
func HashedName(name string, content []byte) string {
	sum := sha256.Sum256(content)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:])[:hashLength] + ext
}

// IsHashedName reports whether name has the form HashedName gives.
func IsHashedName(name string) bool {
	return hashedName.MatchString(name)
}
