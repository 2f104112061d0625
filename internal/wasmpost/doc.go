// Package wasmpost shrinks the release WASM after Go's linker (Shrink), for
// mkdist to serve: it drops the runtime's traceback tables
// (tracebacktables.go), shortens the function names
// (functionnames.go) and merges the data segments (datasegments.go), so that
// the module initialises the same memory, less those tables, in far fewer
// bytes of brotli. It also holds what that takes and internal/bench shares:
// a reader of the WebAssembly binary format (Reader) and the finder of the
// runtime's tables in the memory the data section initialises
// (FindSymbolTable: runtime/symtab.go, cmd/link/internal/ld/pcln.go; make
// bench reports the data by kind).
package wasmpost
