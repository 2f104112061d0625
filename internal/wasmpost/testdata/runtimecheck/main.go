// Command runtimecheck exercises what the runtime reads from its symbol
// table once mkdist has dropped the traceback tables and the libraries'
// function names: stack growth through deep frames holding pointers, garbage
// collection, a recovered panic, runtime.Caller and the names
// runtime.FuncForPC gives its own, a library's and the runtime's functions. TestDropTracebackTablesRuns runs it in Node before and after.
package main

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
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
	fmt.Println("library function", runtime.FuncForPC(reflect.ValueOf(strings.ToUpper).Pointer()).Name())
	fmt.Println("runtime function", runtime.FuncForPC(reflect.ValueOf(runtime.GC).Pointer()).Name())
	defer func() { fmt.Println("recovered", recover()) }()
	var m map[string]int
	m["x"] = 1
}
