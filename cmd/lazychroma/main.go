// Command lazychroma writes the module file with which make builds the
// release WASM: go.mod with chroma replaced by a copy whose init does not
// link regexp2's compiler (see internal/lazychroma for why and how).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/taint-playground/taint-playground/internal/lazychroma"
)

func main() {
	out := flag.String("out", "bin/lazychroma", "directory for go.mod, go.sum and the chroma copy")
	pkg := flag.String("pkg", "./wasm", "the package the module file builds, whose chroma imports are copied")
	flag.Parse()
	modfile, err := lazychroma.Prepare(".", *out, *pkg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(modfile)
}
