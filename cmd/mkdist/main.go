// Command mkdist assembles web/dist, the folder `make dist` ships: the static
// page, the release WASM under a content-hashed name, wasm_exec.js from the Go
// toolchain that built the WASM, a build.json manifest naming the WASM, and a
// brotli and a gzip copy of every text asset and of the WASM.
//
// The WASM can be cached forever: index.html, which is revalidated, names
// it, and so does build.json for tools. The gallery
// reads examples.json: every scenario of package examples, in gallery order,
// each with the engine's answers to the calls that show it first;
// the workshop reads exercises.json: every exercise of package exercises, in
// order. Their texts in the page's other languages are apart, in
// i18n/examples-<lang>.json and i18n/exercises-<lang>.json, beside the
// page's catalogs: a page fetches its language's only.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/examples/exercises"
)

func main() {
	var layout Layout
	flag.StringVar(&layout.Static, "static", "web/static", "folder of the static page, copied as it is")
	flag.StringVar(&layout.WASM, "wasm", "", "the release WASM built from ./wasm")
	flag.StringVar(&layout.WASMExec, "wasm-exec", "", "wasm_exec.js of the Go toolchain that built the WASM")
	flag.StringVar(&layout.Out, "out", "web/dist", "folder to write; its files are replaced")
	flag.StringVar(&layout.EngineCatalogs, "engine-catalogs", "engine/message/catalog", "folder of the engine's message catalogs, written as i18n/engine-<lang>.json")
	flag.Parse()
	if layout.WASM == "" || layout.WASMExec == "" {
		fmt.Fprintln(os.Stderr, "mkdist: -wasm and -wasm-exec are required")
		flag.Usage()
		os.Exit(2)
	}
	if err := run(layout); err != nil {
		fmt.Fprintln(os.Stderr, "mkdist:", err)
		os.Exit(1)
	}
}

func run(layout Layout) error {
	scenarios, err := examples.All()
	if err != nil {
		return fmt.Errorf("examples: %w", err)
	}
	gallery, err := galleryJSON(scenarios)
	if err != nil {
		return fmt.Errorf("examples: %w", err)
	}
	all, err := exercises.All()
	if err != nil {
		return fmt.Errorf("exercises: %w", err)
	}
	workshop, err := json.Marshal(all)
	if err != nil {
		return fmt.Errorf("exercises: %w", err)
	}
	if layout.Generated, err = translationFiles(scenarios, all); err != nil {
		return err
	}
	layout.Generated["examples.json"] = gallery
	layout.Generated["exercises.json"] = workshop
	manifest, err := layout.Build()
	if err != nil {
		return err
	}
	fmt.Printf("mkdist: %s with %s, %d examples and %d exercises\n", layout.Out, manifest.WASM, len(scenarios), len(all))
	return nil
}
