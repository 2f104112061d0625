package bench

import (
	"sort"
	"strings"
)

// PackageSize is the code one Go package puts in the WASM: the bodies of its
// functions, raw and compressed alone with brotli -q 11, which says roughly
// what removing the package would save.
type PackageSize struct {
	Package string
	Raw     int
	Brotli  int
}

// PackageSizes sums the release WASM's function bodies by package (see
// WASMFunctions), largest first. Data (strings, tables) is not attributed to
// packages.
func PackageSizes(moduleRoot string) ([]PackageSize, error) {
	bodies, err := WASMFunctions(moduleRoot)
	if err != nil {
		return nil, err
	}
	code := map[string][]byte{}
	for name, body := range bodies {
		pkg := packageOf(name)
		code[pkg] = append(code[pkg], body...)
	}
	sizes := make([]PackageSize, 0, len(code))
	for pkg, body := range code {
		c := compressed(pkg, body)
		sizes = append(sizes, PackageSize{Package: pkg, Raw: c.Raw, Brotli: c.Brotli})
	}
	sort.Slice(sizes, func(a, b int) bool { return sizes[a].Brotli > sizes[b].Brotli })
	return sizes, nil
}

// packageOf is the package of a function as the WASM's name section spells
// it, with "/" and "-" as "_": "go.yaml.in_yaml_v3.peek_token" is in
// go.yaml.in_yaml_v3, "runtime.__mheap_.alloc" in runtime. A module path's
// domain has dots of its own, so the package ends at the first dot after it.
func packageOf(symbol string) string {
	start := 0
	for _, domain := range moduleDomains {
		if strings.HasPrefix(symbol, domain+"_") {
			start = len(domain)
			break
		}
	}
	if dot := strings.Index(symbol[start:], "."); dot >= 0 {
		return symbol[:start+dot]
	}
	return symbol
}

// moduleDomains are the hosts of the modules the WASM links.
var moduleDomains = []string{"github.com", "go.yaml.in", "golang.org", "sigs.k8s.io", "k8s.io", "gopkg.in"}
