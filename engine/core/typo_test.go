package core

import (
	"math/rand/v2"
	"testing"
)

// TestEditDistanceAtMost compares the banded computation with the full
// Levenshtein table on random short strings over a small alphabet.
func TestEditDistanceAtMost(t *testing.T) {
	levenshtein := func(a, b string) int {
		row := make([]int, len(b)+1)
		for j := range row {
			row[j] = j
		}
		for i := 1; i <= len(a); i++ {
			diag := row[0]
			row[0] = i
			for j := 1; j <= len(b); j++ {
				cost := 1
				if a[i-1] == b[j-1] {
					cost = 0
				}
				diag, row[j] = row[j], min(row[j]+1, row[j-1]+1, diag+cost)
			}
		}
		return row[len(b)]
	}
	rng := rand.New(rand.NewPCG(5, 6))
	word := func() string {
		b := make([]byte, rng.IntN(8))
		for i := range b {
			b[i] = "abc"[rng.IntN(3)]
		}
		return string(b)
	}
	for range 20000 {
		a, b, limit := word(), word(), rng.IntN(4)
		if got, want := editDistanceAtMost(a, b, limit), levenshtein(a, b) <= limit; got != want {
			t.Fatalf("editDistanceAtMost(%q, %q, %d) = %v, want %v", a, b, limit, got, want)
		}
	}
}
