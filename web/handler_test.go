package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// site is a small built site: an index, a hashed WASM with both variants, a
// script with only gzip, and a folder with its own index.
func site() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                            {Data: []byte("<!doctype html><title>page</title>")},
		"main.js":                               {Data: []byte("console.log('main')")},
		"main.js.gz":                            {Data: []byte("gzip(main.js)")},
		"taint-playground.0123456789ab.wasm":    {Data: []byte("\x00asm wasm")},
		"taint-playground.0123456789ab.wasm.br": {Data: []byte("br(wasm)")},
		"taint-playground.0123456789ab.wasm.gz": {Data: []byte("gzip(wasm)")},
		"examples/index.html":                   {Data: []byte("examples")},
		".gitkeep":                              {},
	}
}

// response is what a test compares: status, the headers this package sets, and the body.
type response struct {
	Status          int
	ContentType     string
	ContentEncoding string
	Vary            string
	CacheControl    string
	CSP             string
	NoSniff         string
	Body            string
}

func TestHandler(t *testing.T) {
	tests := []struct {
		name           string
		method         string
		path           string
		acceptEncoding string
		want           response
	}{
		{
			name: "the root serves index.html, revalidated every time",
			path: "/", acceptEncoding: "gzip, br",
			want: response{Status: 200, ContentType: "text/html; charset=utf-8", CacheControl: "no-cache",
				Body: "<!doctype html><title>page</title>"},
		},
		{
			name: "a query string does not change the file (embed mode), only who may frame it",
			path: "/?embed",
			want: response{Status: 200, ContentType: "text/html; charset=utf-8", CacheControl: "no-cache",
				CSP: EmbedContentSecurityPolicy, Body: "<!doctype html><title>page</title>"},
		},
		{
			name: "the hashed wasm is application/wasm, immutable, and brotli when accepted",
			path: "/taint-playground.0123456789ab.wasm", acceptEncoding: "gzip, deflate, br, zstd",
			want: response{Status: 200, ContentType: "application/wasm", ContentEncoding: "br", Vary: "Accept-Encoding",
				CacheControl: "public, max-age=31536000, immutable", Body: "br(wasm)"},
		},
		{
			name: "gzip when brotli is refused with q=0",
			path: "/taint-playground.0123456789ab.wasm", acceptEncoding: "br;q=0, gzip;q=0.5",
			want: response{Status: 200, ContentType: "application/wasm", ContentEncoding: "gzip", Vary: "Accept-Encoding",
				CacheControl: "public, max-age=31536000, immutable", Body: "gzip(wasm)"},
		},
		{
			name: "the wildcard accepts every coding not listed",
			path: "/taint-playground.0123456789ab.wasm", acceptEncoding: "gzip;q=0, *",
			want: response{Status: 200, ContentType: "application/wasm", ContentEncoding: "br", Vary: "Accept-Encoding",
				CacheControl: "public, max-age=31536000, immutable", Body: "br(wasm)"},
		},
		{
			name: "identity without Accept-Encoding, still varying on it",
			path: "/taint-playground.0123456789ab.wasm",
			want: response{Status: 200, ContentType: "application/wasm", Vary: "Accept-Encoding",
				CacheControl: "public, max-age=31536000, immutable", Body: "\x00asm wasm"},
		},
		{
			name: "a file with only a gzip variant is not sent as brotli",
			path: "/main.js", acceptEncoding: "br",
			want: response{Status: 200, ContentType: "text/javascript; charset=utf-8", Vary: "Accept-Encoding",
				CacheControl: "no-cache", Body: "console.log('main')"},
		},
		{
			name: "a variant is not served by its own name",
			path: "/main.js.gz",
			want: response{Status: 404, ContentType: "text/plain; charset=utf-8", Body: "404 page not found\n"},
		},
		{
			name: "a folder serves its index.html",
			path: "/examples/",
			want: response{Status: 200, ContentType: "text/html; charset=utf-8", CacheControl: "no-cache", Body: "examples"},
		},
		{
			name: "dot-dot cannot climb above the site",
			path: "/examples/../../index.html",
			want: response{Status: 200, ContentType: "text/html; charset=utf-8", CacheControl: "no-cache",
				Body: "<!doctype html><title>page</title>"},
		},
		{
			name: "a missing file is 404 with the same security headers",
			path: "/nope.js",
			want: response{Status: 404, ContentType: "text/plain; charset=utf-8", Body: "404 page not found\n"},
		},
		{
			name: "the .gitkeep that keeps web/dist in git is not part of the site",
			path: "/.gitkeep",
			want: response{Status: 404, ContentType: "text/plain; charset=utf-8", Body: "404 page not found\n"},
		},
		{
			name:   "POST is not allowed",
			method: http.MethodPost, path: "/",
			want: response{Status: 405, ContentType: "text/plain; charset=utf-8", Body: "method not allowed\n"},
		},
		{
			name:   "HEAD has the headers and no body",
			method: http.MethodHead, path: "/taint-playground.0123456789ab.wasm", acceptEncoding: "br",
			want: response{Status: 200, ContentType: "application/wasm", ContentEncoding: "br", Vary: "Accept-Encoding",
				CacheControl: "public, max-age=31536000, immutable"},
		},
	}
	h, err := NewHandler(site())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			method := tc.method
			if method == "" {
				method = http.MethodGet
			}
			req := httptest.NewRequest(method, tc.path, nil)
			if tc.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tc.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			got := response{
				Status:          rec.Code,
				ContentType:     rec.Header().Get("Content-Type"),
				ContentEncoding: rec.Header().Get("Content-Encoding"),
				Vary:            rec.Header().Get("Vary"),
				CacheControl:    rec.Header().Get("Cache-Control"),
				CSP:             rec.Header().Get("Content-Security-Policy"),
				NoSniff:         rec.Header().Get("X-Content-Type-Options"),
				Body:            rec.Body.String(),
			}
			want := tc.want
			if want.CSP == "" {
				want.CSP = ContentSecurityPolicy
			}
			want.NoSniff = "nosniff"
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s %s (-want +got):\n%s", method, tc.path, diff)
			}
		})
	}
}

// TestFrameAncestors checks who may frame each response: any site the
// embed (the page with the embed query parameter, as js/embed/embed.js reads it),
// only the playground's own pages everything else, the full page first.
func TestFrameAncestors(t *testing.T) {
	tests := []struct {
		name, path string
		want       string
	}{
		{name: "the full page is framed by its own pages only", path: "/", want: "frame-ancestors 'self'"},
		{name: "the full page named by its file", path: "/index.html", want: "frame-ancestors 'self'"},
		{name: "an example link is the full page", path: "/?example=docs-three-taints", want: "frame-ancestors 'self'"},
		{name: "an exercise link is the full page", path: "/?exercise=gpu-job", want: "frame-ancestors 'self'"},
		{name: "the presenter view is the full page", path: "/?present", want: "frame-ancestors 'self'"},
		{name: "a view without embed is the full page", path: "/?view=edit", want: "frame-ancestors 'self'"},
		{name: "a parameter that only starts with embed is not embed", path: "/?embedded", want: "frame-ancestors 'self'"},
		{name: "embed as another parameter's value is not embed", path: "/?x=embed", want: "frame-ancestors 'self'"},
		{name: "the embed may be framed by any site", path: "/?embed", want: "frame-ancestors *"},
		{name: "the embed of an example in the edit view", path: "/?embed&example=docs-three-taints&view=edit", want: "frame-ancestors *"},
		{name: "embed after the other parameters", path: "/?example=docs-three-taints&embed", want: "frame-ancestors *"},
		{name: "embed with a value", path: "/?embed=1", want: "frame-ancestors *"},
		{name: "embed written with a percent escape, as URLSearchParams reads it", path: "/?%65mbed", want: "frame-ancestors *"},
		{name: "the page by its file name in embed mode", path: "/index.html?embed", want: "frame-ancestors *"},
		{name: "a script asked for with embed is not the embed", path: "/main.js?embed", want: "frame-ancestors 'self'"},
		{name: "another folder's index is not the embed", path: "/examples/?embed", want: "frame-ancestors 'self'"},
		{name: "a missing file asked for with embed", path: "/nope?embed", want: "frame-ancestors 'self'"},
	}
	h, err := NewHandler(site())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
			csp := rec.Header().Get("Content-Security-Policy")
			var got []string
			for _, directive := range strings.Split(csp, ";") {
				if directive = strings.TrimSpace(directive); strings.HasPrefix(directive, "frame-ancestors") {
					got = append(got, directive)
				}
			}
			if diff := cmp.Diff([]string{tc.want}, got); diff != "" {
				t.Errorf("GET %s: frame-ancestors (-want +got):\n%s\nin %q", tc.path, diff, csp)
			}
			if rest := strings.TrimSuffix(csp, tc.want); rest != policyBase {
				t.Errorf("GET %s: the policy besides frame-ancestors is %q; want %q", tc.path, rest, policyBase)
			}
		})
	}
}

// TestHandlerRevalidation checks that a browser holding the current ETag gets
// 304, and that each representation has its own ETag.
func TestHandlerRevalidation(t *testing.T) {
	h, err := NewHandler(site())
	if err != nil {
		t.Fatal(err)
	}
	get := func(acceptEncoding, ifNoneMatch string) *http.Response {
		req := httptest.NewRequest(http.MethodGet, "/main.js", nil)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		req.Header.Set("If-None-Match", ifNoneMatch)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	plain := get("", "")
	gzipped := get("gzip", "")
	if plain.Header.Get("ETag") == "" || plain.Header.Get("ETag") == gzipped.Header.Get("ETag") {
		t.Fatalf("ETags: identity %q, gzip %q; want two different non-empty tags",
			plain.Header.Get("ETag"), gzipped.Header.Get("ETag"))
	}
	again := get("gzip", gzipped.Header.Get("ETag"))
	body, _ := io.ReadAll(again.Body)
	if again.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("revalidating with the current ETag: status %d, %d body bytes; want 304 and none",
			again.StatusCode, len(body))
	}
}

func TestNewHandlerWithoutIndex(t *testing.T) {
	_, err := NewHandler(fstest.MapFS{".gitkeep": {}})
	if err == nil || !strings.Contains(err.Error(), "make build") {
		t.Errorf("NewHandler(site without index.html) error = %v; want one that says to run make build", err)
	}
}
