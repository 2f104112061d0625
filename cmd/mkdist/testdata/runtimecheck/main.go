// Command runtimecheck exercises what the runtime reads from its symbol
// table once mkdist has dropped the traceback tables: stack growth through deep
// frames holding pointers, garbage collection, a recovered panic and
// runtime.Caller. TestDropTracebackTablesRuns runs it in Node before and after.
package main

import (
	"fmt"
	"runtime"
)

// depth recurses n frames deep, each keeping a pointer live across the
// call, so the stack is copied and its pointers adjusted several times.
func depth(n int) int {
	v := n
	p := &v
	if n == 0 {
		return 0
	}
	r := depth(n - 1)
	runtime.KeepAlive(p)
	return r + *p%7
}

func main() {
	var kept []*[64]byte
	for i := range 20000 {
		b := new([64]byte)
		b[0] = byte(i)
		kept = append(kept, b)
	}
	runtime.GC()
	sum := 0
	for _, b := range kept {
		sum += int(b[0])
	}
	fmt.Println("depth", depth(5000), "heap", sum)
	pc, file, line, _ := runtime.Caller(0)
	fmt.Println("function", runtime.FuncForPC(pc).Name())
	fmt.Println("line known", file != "?" && line > 0)
	defer func() { fmt.Println("recovered", recover()) }()
	var m map[string]int
	m["x"] = 1
}
