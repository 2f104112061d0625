package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/web"
)

// TestWriteLazyEmbedPage checks that the lazy embed page is index.html with
// the WASM's preload link turned into the meta element that names it, and
// that a page without exactly one such link is refused.
func TestWriteLazyEmbedPage(t *testing.T) {
	const head = `<!doctype html><meta charset="utf-8">`
	const rest = `<script src="js/boot.js"></script><link rel="preload" href="examples.json" as="fetch" crossorigin><p>taint</p>`
	tests := []struct {
		name, page, want, err string
	}{
		{
			name: "the preload link becomes a meta element",
			page: head + `<link rel="preload" href="taint-playground.0123456789ab.wasm" as="fetch" type="application/wasm" crossorigin>` + rest,
			want: head + `<meta name="` + web.LazyWASMMeta + `" content="taint-playground.0123456789ab.wasm">` + rest,
		},
		{name: "a page that preloads no WASM", page: head + rest, err: "0 preload links of a WASM"},
		{
			name: "a page that preloads two",
			page: head + `<link rel="preload" href="a.wasm" as="fetch"><link rel="preload" href="b.wasm" as="fetch">` + rest,
			err:  "2 preload links of a WASM",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{pageName: tc.page})
			err := writeLazyEmbedPage(dir)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got error %v; want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, web.LazyEmbedPage))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", web.LazyEmbedPage, diff)
			}
			if index, _ := os.ReadFile(filepath.Join(dir, pageName)); string(index) != tc.page {
				t.Errorf("index.html changed:\n%s", index)
			}
		})
	}
}
