package yamlfmt

import (
	"math"
	"testing"
	"time"
)

func TestEqualValues(t *testing.T) {
	moment := time.Date(2001, 12, 14, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		a, b any
		want bool
	}{
		{"equal nested documents", []any{map[string]any{"a": []any{1, "x", nil, true}}}, []any{map[string]any{"a": []any{1, "x", nil, true}}}, true},
		{"a value differs deep inside", []any{map[string]any{"a": []any{1}}}, []any{map[string]any{"a": []any{2}}}, false},
		{"a key is missing", map[string]any{"a": nil}, map[string]any{"b": nil}, false},
		{"a mapping has a key more", map[any]any{1: "x"}, map[any]any{1: "x", 2: "y"}, false},
		{"non-string keys", map[any]any{1: "x"}, map[any]any{1: "x"}, true},
		{"an int is not a float", 1, 1.0, false},
		{"the string 1 is not the number", "1", 1, false},
		{"NaN is NaN", math.NaN(), math.NaN(), true},
		{"the same time", moment, moment.Add(0), true},
		{"another time", moment, moment.Add(time.Second), false},
		{"a sequence is not a mapping", []any{}, map[string]any{}, false},
		{"null is not the empty string", nil, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := equalValues(tc.a, tc.b); got != tc.want {
				t.Errorf("equalValues(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}
