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

// TestHoldBackLater checks that each marked region of the page becomes a
// template holding the same markup, that the rest is kept as it is, and
// that marks which do not pair up are refused.
func TestHoldBackLater(t *testing.T) {
	tests := []struct {
		name, page, want, err string
	}{
		{
			name: "two regions become templates",
			page: `<p>verdicts</p>` + laterStart + `<header>h</header>` + laterEnd + `<main>` + laterStart + `<section>editors</section>` + laterEnd + `</main>`,
			want: `<p>verdicts</p>` + laterTemplate + `<header>h</header></template><main>` + laterTemplate + `<section>editors</section></template></main>`,
		},
		{name: "a page without marks", page: `<p>verdicts</p>`, want: `<p>verdicts</p>`},
		{name: "an end before its start", page: laterEnd + `<p>x</p>` + laterStart, err: "do not pair up"},
		{name: "a start never ended", page: laterStart + `<p>x</p>`, err: "do not pair up"},
		{name: "a start inside a region", page: laterStart + laterStart + `<p>x</p>` + laterEnd + laterEnd, err: "do not pair up"},
		{name: "an end with no start", page: `<p>x</p>` + laterEnd, err: "without"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := holdBackLater(tc.page)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %q, error %v; want an error saying %q", got, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
