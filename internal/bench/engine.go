package bench

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"time"
)

// EnginePackages are the engine's packages, whose benchmarks give for each
// size a sub-benchmark "engine" and one "upstream" that runs k8s.io/api and
// component-helpers on the same generated input.
const EnginePackages = "github.com/taint-playground/taint-playground/engine/..."

// Comparison is one engine benchmark beside upstream's on the same input.
type Comparison struct {
	Benchmark string // Match, Filter, Eviction, Evaluate
	Size      string // nodes x pods, such as 500x50
	// Engine and Upstream are the time per operation.
	Engine, Upstream time.Duration
}

// Speedup is how many times faster the engine is than upstream (below 1: slower).
func (c Comparison) Speedup() float64 {
	return float64(c.Upstream) / float64(c.Engine)
}

// RunEngineBenchmarks runs the engine's benchmarks matching pattern natively
// and returns go test's output.
func RunEngineBenchmarks(pattern, benchtime string) (string, error) {
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", pattern, "-benchtime", benchtime, EnginePackages)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("go test -bench %s: %w\n%s", pattern, err, out.String())
	}
	return out.String(), nil
}

var benchLine = regexp.MustCompile(`(?m)^Benchmark(\w+)/([^/\s]+)/(engine|upstream)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op`)

// ParseComparisons pairs the engine and upstream lines of go test -bench
// output, in the order the engine side appears; a side without its pair is left out.
func ParseComparisons(output string) []Comparison {
	var order []string
	found := map[string]*Comparison{}
	for _, m := range benchLine.FindAllStringSubmatch(output, -1) {
		key := m[1] + "/" + m[2]
		c, ok := found[key]
		if !ok {
			c = &Comparison{Benchmark: m[1], Size: m[2]}
			found[key] = c
			order = append(order, key)
		}
		ns, err := strconv.ParseFloat(m[4], 64)
		if err != nil {
			continue
		}
		if m[3] == "engine" {
			c.Engine = time.Duration(ns)
		} else {
			c.Upstream = time.Duration(ns)
		}
	}
	var pairs []Comparison
	for _, key := range order {
		if c := found[key]; c.Engine > 0 && c.Upstream > 0 {
			pairs = append(pairs, *c)
		}
	}
	return pairs
}

var throughputLine = regexp.MustCompile(`(?m)^Benchmark(\w+)(?:-\d+)?\s+\d+\s+[\d.]+ ns/op\s+([\d.]+) MB/s`)

// ParseThroughput returns the MB/s that go test -bench printed for the
// benchmark Benchmark<name> (one that calls b.SetBytes), and whether it did.
func ParseThroughput(output, name string) (float64, bool) {
	for _, m := range throughputLine.FindAllStringSubmatch(output, -1) {
		if m[1] == name {
			v, err := strconv.ParseFloat(m[2], 64)
			return v, err == nil
		}
	}
	return 0, false
}
