package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// TestLazyEmbedPage checks which page each address gets: the embed of a
// gallery example gets LazyEmbedPage, in embed mode's policy; every other
// address, an embed of no example or an example outside embed mode
// included, gets index.html.
func TestLazyEmbedPage(t *testing.T) {
	files := site()
	files[LazyEmbedPage] = &fstest.MapFile{Data: []byte("lazy embed")}
	h, err := NewHandler(files)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
	}{
		{name: "the embed of an example", path: "/?embed&example=docs-three-taints", want: "lazy embed"},
		{name: "the embed of an example in a view and a language", path: "/?embed&view=edit&lang=ja&example=cordoned-node", want: "lazy embed"},
		{name: "the page by its file name", path: "/index.html?example=docs-three-taints&embed", want: "lazy embed"},
		{name: "an embed naming no example", path: "/?embed", want: "<!doctype html><title>page</title>"},
		{name: "an embed naming an empty example", path: "/?embed&example=", want: "<!doctype html><title>page</title>"},
		{name: "an example link outside embed mode", path: "/?example=docs-three-taints", want: "<!doctype html><title>page</title>"},
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
		})
	}
}
