package yamlfmt

import (
	"math"
	"time"
)

// equalValues says whether two values decoded by yaml.v3 into any are the
// same: what reflect.DeepEqual would say, but for the few types yaml.v3
// gives, so that the WASM does without reflect's deep comparison (issue 12).
// A NaN equals a NaN here, as the text says the same thing twice.
func equalValues(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !equalValues(v, w) {
				return false
			}
		}
		return true
	case map[any]any:
		b, ok := b.(map[any]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !equalValues(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equalValues(a[i], b[i]) {
				return false
			}
		}
		return true
	case float64:
		b, ok := b.(float64)
		return ok && (a == b || math.IsNaN(a) && math.IsNaN(b))
	case time.Time:
		b, ok := b.(time.Time)
		return ok && a.Equal(b) && a.Location().String() == b.Location().String()
	default: // nil, bool, string, int, int64, uint64: comparable
		return a == b
	}
}
