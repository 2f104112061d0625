package bench

import (
	"math"
	"slices"
	"time"
)

// Summary is what a series of timings is reported as.
type Summary struct {
	Runs             int
	Median, P95      time.Duration
	Fastest, Slowest time.Duration
}

// Summarize sorts a copy of the timings. The 95th percentile is the
// nearest-rank one: with 10 runs the slowest, with 20 the 19th.
func Summarize(timings []time.Duration) Summary {
	if len(timings) == 0 {
		return Summary{}
	}
	sorted := slices.Clone(timings)
	slices.Sort(sorted)
	n := len(sorted)
	median := sorted[n/2]
	if n%2 == 0 {
		median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	rank := int(math.Ceil(0.95*float64(n))) - 1
	return Summary{Runs: n, Median: median, P95: sorted[rank], Fastest: sorted[0], Slowest: sorted[n-1]}
}
