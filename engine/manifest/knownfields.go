package manifest

import (
	"strconv"
	"strings"
	"sync"

	"github.com/taint-playground/taint-playground/engine/core"
)

// listKind is the kind every *List wrapper is checked as (core/v1 List):
// apiVersion, kind, metadata (ListMeta) and items.
const listKind = "List"

// knownType is one struct type of the API: its fields by JSON name.
type knownType map[string]knownField

// knownField is what a field holds: a struct (of type typ), a map with
// free keys (of leaves, or of structs of type typ), or a leaf (a string,
// number, boolean, Quantity, Time, IntOrString, RawExtension...) whose
// content strict decoding does not look into. Lists are looked through:
// a field of []Toleration is a Toleration field whose value is a list.
type knownField struct {
	typ      int // the struct type, or -1
	freeKeys bool
}

// knownFields parses knownFieldLines, generated from k8s.io/api by
// TestKnownFieldsAreCurrent: one line per struct type, its fields
// separated by spaces, each the JSON name followed by ":N" for a struct on
// line N, "{}" for a map of leaves or "{}:N" for a map of structs on line
// N, and by nothing for a leaf.
var knownFields = sync.OnceValue(func() []knownType {
	lines := strings.Split(strings.TrimSuffix(knownFieldLines, "\n"), "\n")
	types := make([]knownType, len(lines))
	for i, line := range lines {
		fields := strings.Fields(line)
		t := make(knownType, len(fields))
		for _, f := range fields {
			name, ref, hasRef := strings.Cut(f, ":")
			field := knownField{typ: -1}
			if hasRef {
				field.typ, _ = strconv.Atoi(ref)
			}
			name, field.freeKeys = strings.CutSuffix(name, "{}")
			t[name] = field
		}
		types[i] = t
	}
	return types
})

// knownTypeOf returns the type strict decoding checks an object of this
// kind against, or false for a kind it has no table for.
func knownTypeOf(kind string) (knownType, bool) {
	if strings.HasSuffix(kind, "List") {
		kind = listKind
	}
	i, ok := knownFieldRootLines[kind]
	if !ok {
		return nil, false
	}
	return knownFields()[i], true
}

// closestField is the field of t that name is plausibly a misspelling of
// (see IsTypo), preferring a case-only difference; "" when there is none.
func (t knownType) closestField(name string) string {
	best := ""
	for known := range t {
		switch {
		case strings.EqualFold(known, name):
			return known
		case core.IsTypo(name, known) && (best == "" || known < best):
			best = known
		}
	}
	return best
}
