package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// TestLazyEmbedPage checks which page each address gets: the embed of a
// gallery example gets LazyEmbedPage; every other address, an embed of no
// example or an example outside embed mode included, gets index.html. Every
// page asked for in embed mode, LazyEmbedPage by its name too, gets embed
// mode's policy.
func TestLazyEmbedPage(t *testing.T) {
	files := site()
	files[LazyEmbedPage] = &fstest.MapFile{Data: []byte("lazy embed")}
	h, err := NewHandler(files)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
		full             bool // the full page, which only the playground's own pages may frame
	}{
		{name: "the lazy page by its name, as a static host links it", path: "/embed.html?embed&example=docs-three-taints", want: "lazy embed"},
		{name: "the embed of an example", path: "/?embed&example=docs-three-taints", want: "lazy embed"},
		{name: "the embed of an example in a view and a language", path: "/?embed&view=edit&lang=ja&example=cordoned-node", want: "lazy embed"},
		{name: "the page by its file name", path: "/index.html?example=docs-three-taints&embed", want: "lazy embed"},
		{name: "an embed naming no example", path: "/?embed", want: "<!doctype html><title>page</title>"},
		{name: "an embed naming an empty example", path: "/?embed&example=", want: "<!doctype html><title>page</title>"},
		{name: "an example link outside embed mode", path: "/?example=docs-three-taints", want: "<!doctype html><title>page</title>", full: true},
		{name: "another folder's index", path: "/examples/?embed&example=docs-three-taints", want: "examples"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
			body, _ := io.ReadAll(rec.Body)
			if string(body) != tc.want {
				t.Errorf("GET %s: %q; want %q", tc.path, body, tc.want)
			}
			policy := EmbedContentSecurityPolicy
			if tc.full || tc.want == "examples" {
				policy = ContentSecurityPolicy
			}
			if csp := rec.Header().Get("Content-Security-Policy"); csp != policy {
				t.Errorf("GET %s: Content-Security-Policy %q; want %q", tc.path, csp, policy)
			}
		})
	}
}
