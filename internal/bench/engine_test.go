package bench

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseComparisons(t *testing.T) {
	output := `goos: linux
goarch: amd64
pkg: github.com/taint-playground/taint-playground/engine
cpu: AMD EPYC
BenchmarkMatch/1x1/engine-2         	98765432	        12.50 ns/op	       0 B/op	       0 allocs/op
BenchmarkMatch/1x1/upstream-2       	45678901	        25.00 ns/op	       0 B/op	       0 allocs/op
BenchmarkMatch/500x50/engine-2      	    1000	   1000000 ns/op
BenchmarkMatch/500x50/upstream-2    	     500	   3000000 ns/op
BenchmarkEvaluate/5000x100/engine   	      10	 50000000 ns/op
BenchmarkDecodeNodes5000-2          	      10	 90000000 ns/op
PASS
ok  	github.com/taint-playground/taint-playground/engine	12.3s
`
	want := []Comparison{
		{Benchmark: "Match", Size: "1x1", Engine: 12, Upstream: 25},
		{Benchmark: "Match", Size: "500x50", Engine: time.Millisecond, Upstream: 3 * time.Millisecond},
	}
	got := ParseComparisons(output)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseComparisons (-want +got):\n%s", diff)
	}
	if s := got[1].Speedup(); s != 3 {
		t.Errorf("Speedup = %v; want 3", s)
	}
}

func TestParseThroughput(t *testing.T) {
	output := `BenchmarkDecodeNodes5000-2   	       3	 108000000 ns/op	  52.75 MB/s	181565368 B/op	 2888714 allocs/op
BenchmarkOther-2   	       3	 10 ns/op	  1.00 MB/s
`
	if got, ok := ParseThroughput(output, "DecodeNodes5000"); !ok || got != 52.75 {
		t.Errorf("ParseThroughput = %v, %v; want 52.75, true", got, ok)
	}
	if _, ok := ParseThroughput(output, "Missing"); ok {
		t.Error("ParseThroughput found a benchmark that is not in the output")
	}
}
