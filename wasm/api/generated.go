package api

import (
	"runtime"
	"sort"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/examples/generated"
)

// GeneratedSummary describes the generated cluster the session now holds,
// since its nodes and pods are too many to show in the editors.
type GeneratedSummary struct {
	Nodes    int         `json:"nodes"`
	Pods     int         `json:"pods"`
	Running  int         `json:"running"`
	Pending  int         `json:"pending"`
	Cordoned int         `json:"cordoned"`
	Pools    []PoolCount `json:"pools"`
	// Milliseconds is how long the engine took to build it, in the worker.
	Milliseconds float64 `json:"milliseconds"`
	// HeapInuse and Sys are the Go runtime's bytes in heap spans in use and
	// obtained from the WASM's linear memory (runtime.MemStats), after a GC.
	HeapInuse uint64 `json:"heapInuse"`
	Sys       uint64 `json:"sys"`
}

// PoolCount is how many nodes a pool has.
type PoolCount struct {
	Pool  string `json:"pool"`
	Nodes int    `json:"nodes"`
}

// loadGenerated takes {nodes, podsPerNode, seed}, builds generated.Cluster
// in Go (150,000 pods as YAML text would be far over the editors' limit) and
// keeps it for whatIfGenerated and whatIfItems, without evaluating its
// matrix of every pod on every node, which would not fit in memory. The
// editors' workspace stays for explain, simulate and whatIf. Errors name the
// argument out of range.
func (s *Session) loadGenerated(spec *generated.Spec) (any, error) {
	if err := spec.Validate(); err != nil {
		field := "nodes"
		if spec.Nodes >= 1 && spec.Nodes <= generated.MaxNodes {
			field = "podsPerNode"
		}
		return nil, &Error{Message: "loadGenerated: " + err.Error(), Field: field}
	}
	s.generated, s.last = nil, lastRadius{} // let the GC take the previous one first
	start := time.Now()
	s.generated = generated.Cluster(*spec)
	elapsed := time.Since(start)
	return summarizeGenerated(s.generated, elapsed), nil
}

// summarizeGenerated counts the cluster's pods and pools and reads the Go
// heap after a GC, so the figure is the cluster's and not the garbage's.
func summarizeGenerated(w *engine.Workspace, elapsed time.Duration) GeneratedSummary {
	summary := GeneratedSummary{Nodes: len(w.Nodes), Pods: len(w.Pods), Pools: []PoolCount{},
		Milliseconds: float64(elapsed.Microseconds()) / 1000}
	for i := range w.Pods {
		if w.Pods[i].NodeName == "" {
			summary.Pending++
		} else {
			summary.Running++
		}
	}
	pools := map[string]int{}
	for i := range w.Nodes {
		pools[w.Nodes[i].Labels["pool"]]++
		if w.Nodes[i].Unschedulable {
			summary.Cordoned++
		}
	}
	for pool, nodes := range pools {
		summary.Pools = append(summary.Pools, PoolCount{Pool: pool, Nodes: nodes})
	}
	sort.Slice(summary.Pools, func(a, b int) bool {
		pa, pb := summary.Pools[a], summary.Pools[b]
		return pa.Nodes > pb.Nodes || pa.Nodes == pb.Nodes && pa.Pool < pb.Pool
	})
	runtime.GC()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	summary.HeapInuse, summary.Sys = mem.HeapInuse, mem.Sys
	return summary
}
