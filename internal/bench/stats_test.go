package bench

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestSummarize(t *testing.T) {
	ms := func(values ...int) []time.Duration {
		out := make([]time.Duration, len(values))
		for i, v := range values {
			out[i] = time.Duration(v) * time.Millisecond
		}
		return out
	}
	tests := []struct {
		name    string
		timings []time.Duration
		want    Summary
	}{
		{name: "nothing", want: Summary{}},
		{name: "one run", timings: ms(7), want: Summary{Runs: 1, Median: 7 * time.Millisecond, P95: 7 * time.Millisecond,
			Fastest: 7 * time.Millisecond, Slowest: 7 * time.Millisecond}},
		{name: "an even count averages the middle two; p95 of 10 is the 10th",
			timings: ms(10, 1, 9, 2, 8, 3, 7, 4, 6, 5),
			want: Summary{Runs: 10, Median: 5500 * time.Microsecond, P95: 10 * time.Millisecond,
				Fastest: time.Millisecond, Slowest: 10 * time.Millisecond}},
		{name: "p95 of 20 is the 19th",
			timings: ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
			want: Summary{Runs: 20, Median: 10500 * time.Microsecond, P95: 19 * time.Millisecond,
				Fastest: time.Millisecond, Slowest: 20 * time.Millisecond}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Summarize(tc.timings)); diff != "" {
				t.Errorf("Summarize (-want +got):\n%s", diff)
			}
		})
	}
}
